import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/**
 * Account restrictions decided by moderation (server/modules/moderation, DSA Art. 23): a suspension
 * until a date, or a block without end. Either stops the sign-in and every signed-in action (the
 * session's user is not loaded: sign-in.ts); a reversed decision lifts it. Each returns the account's
 * state before, for the decision's audit, or null when there is no such account.
 */

export type AccountRestriction = {
  suspendedUntil: Date | null;
  blockedAt: Date | null;
  blockedReason: string | null;
};

async function lockAccount(tx: Db, userId: number): Promise<AccountRestriction | null> {
  const [row] = await tx
    .select({
      suspendedUntil: users.suspendedUntil,
      blockedAt: users.blockedAt,
      blockedReason: users.blockedReason,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row ?? null;
}

export async function suspendAccount(
  tx: Db,
  userId: number,
  until: Date,
): Promise<AccountRestriction | null> {
  const before = await lockAccount(tx, userId);
  if (!before) return null;
  await tx.update(users).set({ suspendedUntil: until, updatedAt: sql`now()` }).where(eq(users.id, userId));
  return before;
}

export async function blockAccount(
  tx: Db,
  userId: number,
  reason: string,
): Promise<AccountRestriction | null> {
  const before = await lockAccount(tx, userId);
  if (!before) return null;
  await tx
    .update(users)
    .set({ blockedAt: before.blockedAt ?? sql`now()`, blockedReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return before;
}

/** Which restriction a lift ends: a reversed suspension its suspension only, an early lift both. */
export type RestrictionMeasure = "suspension" | "block" | "both";

/** Lifts a suspension, a block or both (a reversed decision, an early lift). */
export async function liftAccountRestriction(
  tx: Db,
  userId: number,
  measure: RestrictionMeasure = "both",
): Promise<AccountRestriction | null> {
  const before = await lockAccount(tx, userId);
  if (!before) return null;
  const suspension = measure !== "block" ? { suspendedUntil: null } : {};
  const block = measure !== "suspension" ? { blockedAt: null, blockedReason: null } : {};
  await tx
    .update(users)
    .set({ ...suspension, ...block, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return before;
}

/** What a moderator sees of an account beside a report: its age, verification and restrictions. */
export type AccountForModeration = {
  id: number;
  username: string;
  email: string;
  locale: "cs" | "en";
  createdAt: Date;
  verified: boolean;
  suspendedUntil: Date | null;
  blockedAt: Date | null;
  deleted: boolean;
};

export async function accountsForModeration(
  db: Db,
  ids: number[],
): Promise<Map<number, AccountForModeration>> {
  const found = new Map<number, AccountForModeration>();
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return found;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      locale: users.locale,
      createdAt: users.createdAt,
      verifiedAt: users.verifiedAt,
      suspendedUntil: users.suspendedUntil,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(sql`${users.id} in ${unique}`);
  for (const row of rows)
    found.set(row.id, {
      id: row.id,
      username: row.username,
      email: row.email,
      locale: row.locale,
      createdAt: row.createdAt,
      verified: row.verifiedAt !== null,
      suspendedUntil: row.suspendedUntil,
      blockedAt: row.blockedAt,
      deleted: row.deletedAt !== null,
    });
  return found;
}
