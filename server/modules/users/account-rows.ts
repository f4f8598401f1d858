import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { RegistrationInput } from "#core/schemas/registration.ts";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/**
 * The account's row as sign-up and the credentials module (server/modules/credentials) read and
 * change it: who has an address, the new account, the address confirmed or moved, a new password,
 * the verified phone. The credentials module owns the links and codes; the row stays this one's.
 */

/** Whom a link or a notice mail goes to. */
export type AccountContact = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  locale: string;
};

const CONTACT = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstname: users.firstname,
  locale: users.locale,
};

/** Which account of an address counts: any, an active one (not deleted, not blocked), or one not confirmed yet. */
export type AccountKind = "any" | "active" | "unconfirmed";

function narrowedTo(kind: AccountKind): SQL[] {
  if (kind === "any") return [];
  const active = [isNull(users.deletedAt), isNull(users.blockedAt)];
  return kind === "active" ? active : [...active, isNull(users.emailConfirmedAt)];
}

/** The account of an address (regardless of case), if any of that kind has it. */
export async function accountByEmail(
  db: Db,
  email: string,
  kind: AccountKind = "any",
): Promise<AccountContact | null> {
  const [row] = await db
    .select(CONTACT)
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ...narrowedTo(kind)))
    .limit(1);
  return row ?? null;
}

/** The account, while its address is not confirmed yet. */
export async function unconfirmedAccount(db: Db, userId: number): Promise<AccountContact | null> {
  const [row] = await db
    .select(CONTACT)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
    .limit(1);
  return row ?? null;
}

/** The accounts that have the username (regardless of case) or the phone number. */
export async function accountsWithNameOrPhone(db: Db, username: string, phone: string | null) {
  return db
    .select({ username: users.username, phone: users.phone, prefix: users.phonePrefix })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = lower(${username})`, phone ? eq(users.phone, phone) : undefined),
    );
}

function uniqueViolation(error: unknown): string | null {
  let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  while (current && !current.code && current.cause) current = current.cause as typeof current;
  return current?.code === "23505" ? (current.constraint ?? "") : null;
}

/**
 * Inserts a registered account with its argon2id hash; `taken` names the unique index a concurrent
 * registration got to first (the address or the name, between the check and the insert).
 */
export async function insertAccount(
  db: Db,
  input: RegistrationInput,
  passwordHash: string,
  meta: { locale: Locale; at: Date },
): Promise<{ user: AccountContact } | { taken: "username" | "email" }> {
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: input.email,
        username: input.username,
        passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        phonePrefix: input.phonePrefix,
        phone: input.phone || null,
        locale: meta.locale,
        adultConfirmedAt: meta.at,
      })
      .returning(CONTACT);
    return { user };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    return { taken: constraint.includes("username") ? "username" : "email" };
  }
}

/** The address of an account that is not deleted, its row locked for the caller's transaction. */
export async function lockedAccountEmail(tx: Db, userId: number): Promise<string | null> {
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1)
    .for("update");
  return user?.email ?? null;
}

/** The account's address is confirmed (the first confirmation's instant stays). */
export async function confirmEmail(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

/** Moves the account to a confirmed new address; false when another account has it. */
export async function moveEmail(tx: Db, userId: number, email: string, at: Date): Promise<boolean> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  if (taken) return false;
  await tx.update(users).set({ email, emailConfirmedAt: at }).where(eq(users.id, userId));
  return true;
}

/** Stores a new password's hash (credentials' new-password.ts ends what the old one opened). */
export async function setPasswordHash(tx: Db, userId: number, passwordHash: string, at: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

/** The account is verified (SMS code); the first verification's instant stays. */
export async function markVerified(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}
