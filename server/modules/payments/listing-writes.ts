import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "../listings/tables/products.ts";

/**
 * The two places payments still touch the listings module's table, until the listings module
 * offers them as operations (server/modules/listings/transitions.ts): the lock that makes two
 * clicks on "pay the fee" one order, and the promotion a paid order buys.
 */

/** Locks the listing's row (the caller's transaction holds it until it ends). */
export async function lockListing(tx: Db, productId: number): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
}

/**
 * Moves the listing's top placement on by `days`, counted from `at` or from the end of a running
 * promotion; its new end and seller, or null when the listing is gone.
 */
export async function promoteListing(
  tx: Db,
  productId: number,
  days: number,
  at: Date,
): Promise<{ toppedUntil: Date | null; sellerId: number | null } | null> {
  const [row] = await tx
    .update(products)
    .set({
      toppedUntil: sql`greatest(coalesce(${products.toppedUntil}, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${days})`,
      updatedAt: at,
    })
    .where(eq(products.id, productId))
    .returning({ toppedUntil: products.toppedUntil, sellerId: products.sellerId });
  return row ?? null;
}
