import { and, asc, eq, or, sql } from "drizzle-orm";
import type { RequestKey } from "#core/contracts/request-keys.ts";
import type { Db } from "#server/db/client.ts";
import { type Order, orders } from "./tables.ts";

/**
 * Money-creating requests are idempotent (ADR 0069; docs/product/payments.md, "A request made
 * twice"): the request that creates an order carries a key (the checkout form's hidden key, the
 * API's `Idempotency-Key`), the order keeps it, and a repeat of the key answers that order instead
 * of making another. A key is the buyer's: the same text from another buyer is another key.
 */

export type { RequestKey };

/** What a repeat needs of the earlier order: where it is, how it is paid, what was asked. */
export type KeyedOrder = Pick<Order, "id" | "hash" | "kind" | "status" | "paymentMethod"> & {
  fingerprint: string | null;
};

/**
 * Holds the key until the transaction ends, taken before anything else in it: a concurrent request
 * with the same key waits here until the first commits or rolls back, then finds its order.
 */
export async function holdRequestKey(tx: Db, key: RequestKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${key.scope} ${key.key}`}, 69))`);
}

/**
 * The order an earlier request with this key made, or null. It is the caller's when it was made
 * in their scope, or when it is theirs: a guest who opened an account with the order (scope
 * "cart:…") repeats the request signed in.
 */
export async function orderOfRequestKey(
  db: Db,
  key: RequestKey,
  userId: number | null,
): Promise<KeyedOrder | null> {
  const theirs =
    userId === null
      ? eq(orders.requestScope, key.scope)
      : or(eq(orders.requestScope, key.scope), eq(orders.userId, userId));
  const [row] = await db
    .select({
      id: orders.id,
      hash: orders.hash,
      kind: orders.kind,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      fingerprint: orders.requestFingerprint,
    })
    .from(orders)
    .where(and(eq(orders.requestKey, key.key), theirs))
    .orderBy(asc(orders.id))
    .limit(1);
  return row ?? null;
}

/** The key's columns on the new order. */
export function requestKeyColumns(key: RequestKey | null) {
  return {
    requestKey: key?.key ?? null,
    requestScope: key?.scope ?? null,
    requestFingerprint: key?.fingerprint ?? null,
  };
}
