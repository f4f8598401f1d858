import { and, eq, sql } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { PHONE_PREFIXES, type PhonePrefix } from "#core/formats/phone.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, ok, type Result } from "#core/result.ts";
import { passwordErrors } from "#core/rules/passwords.ts";
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

/** The registration's password rules, as message keys for the checkout to translate (ADR 0068). */
export function checkoutPasswordProblems(input: {
  email: string;
  password: string;
  passwordConfirmation: string;
}): FieldProblems {
  return passwordErrors(input, [input.email, input.email.split("@")[0] ?? ""]);
}

const EMAIL_TAKEN: FieldProblems = { email: [{ key: "registration.errors.emailTaken" }] };

/** A taken e-mail or phone, each on its field. */
export async function checkoutAccountClashes(
  db: Db,
  input: { email: string; phone: string },
): Promise<FieldProblems> {
  const errors: FieldProblems = {};
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  if (byEmail) errors.email = EMAIL_TAKEN.email;
  const { prefix, number } = splitPhone(input.phone);
  const [byPhone] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, number), eq(users.phonePrefix, prefix)))
    .limit(1);
  if (byPhone) errors.phone = [{ key: "registration.errors.phoneTaken" }];
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
 * unique index comes back as its field problem and the transaction goes on): ok with the new
 * user's id, or `taken` with the e-mail's or the phone's problem.
 */
export async function openCheckoutAccount(
  tx: Db,
  input: CheckoutAccountInput,
): Promise<Result<number, "taken", FieldProblems>> {
  const clashes = await checkoutAccountClashes(tx, input);
  if (Object.keys(clashes).length > 0) return err("taken", clashes);
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
    return ok(userId);
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "23505") throw error;
    return err("taken", EMAIL_TAKEN);
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
