import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AgeVerification } from "#core/contracts/age-check.ts";
import type { AgeProofMethod } from "#core/contracts/age-proof.ts";
import type { Db } from "#server/db/client.ts";
import { ageCheckAttempts, ageVerifications } from "./tables.ts";

/** "18+ verified, how, when" of an account, or null. */
export async function verificationOf(executor: Db, userId: number): Promise<AgeVerification | null> {
  const [row] = await executor
    .select({ method: ageVerifications.method, verifiedAt: ageVerifications.verifiedAt })
    .from(ageVerifications)
    .where(eq(ageVerifications.userId, userId))
    .limit(1);
  return row ? { method: row.method, verifiedAt: row.verifiedAt.toISOString() } : null;
}

/** The badges' batch read (issue 36, item 5): each verified account's method and instant. */
export async function verificationsOf(
  executor: Db,
  userIds: readonly number[],
): Promise<Map<number, { method: AgeProofMethod; at: Date }>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .select({
      userId: ageVerifications.userId,
      method: ageVerifications.method,
      at: ageVerifications.verifiedAt,
    })
    .from(ageVerifications)
    .where(inArray(ageVerifications.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, { method: row.method, at: row.at }]));
}

const unusedPass = (checkoutKey: string) =>
  and(
    eq(ageCheckAttempts.checkoutKey, checkoutKey),
    eq(ageCheckAttempts.outcome, "verified"),
    isNull(ageCheckAttempts.consumedAt),
  );

/** Whether a guest's checkout holds a passed check its order has not used. */
export async function checkoutCleared(executor: Db, checkoutKey: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: ageCheckAttempts.id })
    .from(ageCheckAttempts)
    .where(unusedPass(checkoutKey))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether an order of age-restricted goods may be placed: the account is verified, or the
 * guest's checkout holds a passed check, which this order then uses up (in its transaction).
 */
export async function clearOrder(
  tx: Db,
  who: { userId: number | null; checkoutKey: string | null },
  at: Date,
): Promise<boolean> {
  if (who.userId !== null && (await verificationOf(tx, who.userId))) return true;
  if (who.checkoutKey === null) return false;
  const [used] = await tx
    .update(ageCheckAttempts)
    .set({ consumedAt: at })
    .where(unusedPass(who.checkoutKey))
    .returning({ id: ageCheckAttempts.id });
  return used !== undefined;
}

/**
 * An account's age proof for another module's statement (ADR 0017): a scalar subquery giving
 * `{ method, at }` as JSON, or null; `userId` is the column or value holding the account's id.
 */
export function ageProofSql(userId: SQL): SQL {
  return sql`(select json_build_object('method', a.method, 'at', a.verified_at) from ${ageVerifications} a where a.user_id = ${userId})`;
}
