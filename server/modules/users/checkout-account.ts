import { and, eq, sql } from "drizzle-orm";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { PHONE_PREFIXES, type PhonePrefix } from "#core/formats/phone.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { passwordErrors } from "#core/rules/passwords.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/**
 * An account opened by a guest at the shop's checkout (docs/product/shop.md, "Registering on the
 * way"). Unlike the registration page, which never says whether an address is registered, the
 * checkout names a taken e-mail or phone on its field: the customer is about to order with it
 * and must log in instead. The username, which the checkout does not ask for, is made from the
 * e-mail's local part (ASCII letters, digits and dots, a number added until it is free). The
 * password's rules are the registration's; the account exists when the order does (the shop opens
 * it in the order's transaction), with the adult confirmation of the order click.
 */

/** "+420 777 123 456" -> the stored prefix and number. */
export function splitPhone(phone: string): { prefix: PhonePrefix; number: string } {
  const compact = phone.replace(/[\s-]/g, "");
  const prefix = [...PHONE_PREFIXES]
    .filter((p) => p !== "")
    .sort((a, b) => b.length - a.length)
    .find((p) => compact.startsWith(p));
  return prefix ? { prefix, number: compact.slice(prefix.length) } : { prefix: "", number: compact };
}

/**
 * The registration's password rules, translated: the shop's port still takes texts (ADR 0068, the
 * shop answers in codes when it is converted; until then this file is on the allow-list of
 * tests/architecture/services-without-texts.test.ts).
 */
export function checkoutPasswordErrors(
  input: { email: string; password: string; passwordConfirmation: string },
  locale: Locale,
): FieldErrors {
  return translateProblems(locale, passwordErrors(input, [input.email, input.email.split("@")[0] ?? ""]));
}

/** A taken e-mail or phone, each on its field. */
export async function checkoutAccountClashes(
  db: Db,
  input: { email: string; phone: string },
  locale: Locale,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  if (byEmail) errors.email = [translate(locale, "registration.errors.emailTaken")];
  const { prefix, number } = splitPhone(input.phone);
  const [byPhone] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, number), eq(users.phonePrefix, prefix)))
    .limit(1);
  if (byPhone) errors.phone = [translate(locale, "registration.errors.phoneTaken")];
  return errors;
}

/** A free username from the e-mail: `jan.novak`, else `jan.novak2`, `jan.novak3`... */
async function freeUsername(db: Db, email: string): Promise<string> {
  const local = (email.split("@")[0] ?? "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9.]/g, "")
    .replace(/^\.+|\.+$/g, "")
    .slice(0, 30);
  const base = local.length >= 3 ? local : `zakaznik${local}`;
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.toLowerCase()}%`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
}

export type CheckoutAccountInput = {
  email: string;
  phone: string;
  /** The invoice address's name: the first word is the first name, the rest the last name. */
  name: string;
  passwordHash: string;
  locale: Locale;
  at: Date;
};

/**
 * Opens the account in the caller's transaction (inside a savepoint, so a clash found by the
 * unique index comes back as its field error and the transaction goes on).
 */
export async function openCheckoutAccount(
  tx: Db,
  input: CheckoutAccountInput,
): Promise<{ ok: true; userId: number } | { ok: false; errors: FieldErrors }> {
  const clashes = await checkoutAccountClashes(tx, input, input.locale);
  if (Object.keys(clashes).length > 0) return { ok: false, errors: clashes };
  const [firstname, ...rest] = input.name.trim().split(/\s+/);
  const { prefix, number } = splitPhone(input.phone);
  try {
    const userId = await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .insert(users)
        .values({
          email: input.email,
          username: await freeUsername(savepoint as unknown as Db, input.email),
          passwordHash: input.passwordHash,
          firstname: firstname || null,
          lastname: rest.join(" ") || null,
          phonePrefix: prefix,
          phone: number || null,
          locale: input.locale,
          adultConfirmedAt: input.at,
        })
        .returning({ id: users.id });
      return row.id;
    });
    return { ok: true, userId };
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "23505") throw error;
    return { ok: false, errors: { email: [translate(input.locale, "registration.errors.emailTaken")] } };
  }
}

/** What the welcome mail needs of the new account. */
export async function checkoutAccountOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstname: users.firstname,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
