import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import type { Invalid, ListingUser, Refused } from "./types.ts";

export function invalid(errors: FieldErrors): Invalid {
  return { status: "invalid", errors };
}

/** Adds a message to a field's errors (once). */
export function addError(errors: FieldErrors, field: string, message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** A refusal of the listing's state (409): not editable, not relistable... */
export function conflict(locale: Locale, key: MessageKey): Refused {
  return { status: "refused", message: translate(locale, key), conflict: true };
}

/** The free quota is used up: the seller must verify the account (403 with a link to it). */
export function quotaRefusal(locale: Locale): Refused {
  return { status: "refused", message: translate(locale, "listings.errors.quota"), needsVerification: true };
}

/** A seller must be reachable at a real address (the users module's requireConfirmedEmail rule). */
export function emailRefusal(user: Pick<ListingUser, "emailConfirmed">, locale: Locale): Refused | null {
  return user.emailConfirmed
    ? null
    : { status: "refused", message: translate(locale, "security.emailNotConfirmed") };
}

/** Thrown inside a listing's transaction when the free quota ran out meanwhile (rolls it back). */
export class QuotaUsedUp extends Error {}
