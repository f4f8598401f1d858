import type { FieldProblems, Problem } from "#core/contracts/errors.ts";
import type { ListingInvalid, ListingRefusalCode } from "#core/contracts/listing-refusals.ts";
import { type Err, err } from "#core/result.ts";
import type { ListingUser } from "./types.ts";

export function invalid(problems: FieldProblems): ListingInvalid {
  return err("invalid", problems);
}

/** Adds a problem to a field's problems (once). */
export function addError(problems: FieldProblems, field: string, problem: Problem) {
  const list = problems[field] ?? [];
  const same = (known: Problem) =>
    known.key === problem.key && JSON.stringify(known.values ?? {}) === JSON.stringify(problem.values ?? {});
  if (!list.some(same)) list.push(problem);
  problems[field] = list;
}

/** A refusal of the seller or of the listing's state (core/contracts/listing-refusals.ts says it). */
export function refusal<C extends ListingRefusalCode>(code: C): Err<C> {
  return err(code);
}

/** A seller must be reachable at a real address (the users module's requireConfirmedEmail rule). */
export function emailRefusal(user: Pick<ListingUser, "emailConfirmed">): Err<"email_not_confirmed"> | null {
  return user.emailConfirmed ? null : refusal("email_not_confirmed");
}

/** Thrown inside a listing's transaction when the free quota ran out meanwhile (rolls it back). */
export class QuotaUsedUp extends Error {}
