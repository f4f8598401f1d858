import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { bids } from "./tables.ts";

/**
 * The runner-up of a closed auction (issue 35, item 7: the second-chance offer when the winner
 * does not pay): the bidder other than the winner whose own highest bid (their placed amount or
 * their automatic-bidding maximum, whichever is higher) is the highest; the earlier one on a tie.
 * Null when nobody else bid.
 */
export async function runnerUpOf(
  executor: Db,
  productId: number,
  winnerId: number,
): Promise<{ userId: number; amountMinor: number } | null> {
  const highest = sql<string>`max(greatest(coalesce(${bids.maxAmountMinor}, 0), ${bids.amountMinor}))`;
  const [row] = await executor
    .select({ userId: bids.userId, amountMinor: highest, firstAt: sql<string>`min(${bids.createdAt})` })
    .from(bids)
    .where(and(eq(bids.productId, productId), ne(bids.userId, winnerId), ne(bids.kind, "automatic")))
    .groupBy(bids.userId)
    .orderBy(desc(highest), sql`min(${bids.createdAt})`)
    .limit(1);
  return row ? { userId: row.userId, amountMinor: Number(row.amountMinor) } : null;
}
