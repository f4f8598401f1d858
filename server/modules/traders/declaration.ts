import type { AresSubject } from "#core/contracts/ares.ts";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { AresCheck, SellerDeclarationView } from "#core/contracts/traders.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { SellerDeclarationFormSchema, traderDataOf } from "#core/schemas/traders.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { TradersContext } from "./context.ts";
import { viewOf } from "./rows.ts";
import type { SellerDeclarationRow } from "./tables.ts";
import {
  createDeclaration,
  type DeclarationValues,
  lockDeclaration,
  updateDeclaration,
} from "./transitions.ts";

/** Too many ARES lookups by this seller in the window (the form says to wait). */
export type LookupsLimited = Err<"limited">;

/** What ARES said of an IČO, as the form's outcome: the subject, or why it is not one to trade under. */
export type AresOutcome =
  | { check: "verified"; subject: AresSubject }
  | { check: Exclude<AresCheck, "verified">; subject: AresSubject | null };

/** One lookup, rate-limited per seller; a ceased subject is no verification. */
export async function checkIco(
  ctx: TradersContext,
  userId: number,
  ico: string,
): Promise<Ok<AresOutcome> | LookupsLimited> {
  if (!(await ctx.lookups.attempt(String(userId)))) return err("limited");
  const found = await ctx.ares.lookup(ico);
  if (!found.ok) return ok({ check: found.code, subject: null });
  if (found.value.ceasedOn) return ok({ check: "ceased", subject: found.value });
  return ok({ check: "verified", subject: found.value });
}

/** "Načíst z ARES": the subject's name and address for the form, or why not (nothing is stored). */
export async function aresPrefill(
  ctx: TradersContext,
  userId: number,
  raw: unknown,
): Promise<Ok<AresOutcome> | Err<"invalid", FieldProblems> | LookupsLimited> {
  const parsed = SellerDeclarationFormSchema.safeParse({ ...(raw as object), intent: "ares" });
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  return checkIco(ctx, userId, parsed.data.ico);
}

const NO_TRADER = {
  name: null,
  street: null,
  city: null,
  zip: null,
  phone: null,
  email: null,
  registerName: null,
  registerNumber: null,
  ico: null,
  paymentAccount: null,
  selfCertifiedAt: null,
  aresCheck: null,
  aresCheckedAt: null,
  aresVerifiedAt: null,
  aresName: null,
  aresAddress: null,
} satisfies Omit<DeclarationValues, "kind" | "accountEndedAt">;

/** The row's new values, or the first declaration; the status is the lifecycle's (transitions.ts). */
async function write(
  tx: Db,
  userId: number,
  values: DeclarationValues,
  at: Date,
): Promise<SellerDeclarationRow> {
  const current = await lockDeclaration(tx, userId);
  if (!current) return createDeclaration(tx, userId, values, at);
  return updateDeclaration(tx, userId, values, at);
}

/** The ARES columns of a check: what ARES has under the IČO, and when it verified it. */
export function aresColumns(outcome: AresOutcome, at: Date, previous: SellerDeclarationRow | null) {
  const subject = outcome.subject;
  return {
    aresCheck: outcome.check,
    aresCheckedAt: at,
    aresVerifiedAt: outcome.check === "verified" ? at : null,
    // ARES unavailable: what it said before of the same IČO is kept for staff to compare.
    aresName: subject?.name ?? (outcome.check === "unavailable" ? (previous?.aresName ?? null) : null),
    aresAddress:
      subject?.address.text ?? (outcome.check === "unavailable" ? (previous?.aresAddress ?? null) : null),
  };
}

export type DeclareResult =
  | Ok<{ view: SellerDeclarationView; aresCheck: AresCheck | null }>
  | Err<"invalid", FieldProblems>
  | LookupsLimited;

/**
 * Saves the seller's declaration. A private person: the kind, and any trader data dropped. A
 * trader: the checked data, then ARES asked about the IČO; the data are stored whatever ARES says
 * (nothing typed is lost), but only a verified, not ceased IČO lets the trader publish (rows.ts,
 * `gateOf`). A suspended seller may correct the data; the suspension stays until staff lift it.
 */
export async function declare(ctx: TradersContext, userId: number, raw: unknown): Promise<DeclareResult> {
  const parsed = SellerDeclarationFormSchema.safeParse(raw);
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  const form = parsed.data;
  const at = ctx.now();
  if (form.intent === "ares") return err("invalid", { intent: [{ key: "validation.oneOf" }] });
  if (form.intent === "private") {
    const row = await ctx.db.transaction((tx) =>
      write(tx, userId, { kind: "private", ...NO_TRADER, accountEndedAt: null }, at),
    );
    return ok({ view: viewOf(row), aresCheck: null });
  }
  const checked = await checkIco(ctx, userId, form.ico);
  if (!checked.ok) return checked;
  const row = await ctx.db.transaction(async (tx) => {
    const previous = await lockDeclaration(tx, userId);
    const data = traderDataOf(form);
    return write(
      tx,
      userId,
      {
        kind: "trader",
        ...data,
        // The self-certification keeps its first time while the trader keeps it ticked.
        selfCertifiedAt:
          previous?.kind === "trader" && previous.selfCertifiedAt ? previous.selfCertifiedAt : at,
        ...aresColumns(checked.value, at, previous?.ico === data.ico ? previous : null),
        accountEndedAt: null,
      },
      at,
    );
  });
  return ok({ view: viewOf(row), aresCheck: checked.value.check });
}
