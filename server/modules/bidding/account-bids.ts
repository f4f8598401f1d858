import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { bids } from "./tables.ts";

/** The user's standing on one product they bid on. */
export type BidOnProduct = {
  productId: number;
  /** The user's highest bid on it, minor units of CZK. */
  amountMinor: number;
  /** When the user last bid on it. */
  bidAt: Date;
  /**
   * Who holds the highest bid row (the earlier on a tie): where an auction keeps no leader of its
   * own yet, that is the leader.
   */
  topBidderId: number | null;
};

/** Who holds each product's highest bid row: the highest amount, the earlier on a tie. */
async function topBidders(db: Db, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([bids.productId], { productId: bids.productId, userId: bids.userId })
    .from(bids)
    .where(inArray(bids.productId, productIds))
    .orderBy(bids.productId, desc(bids.amountMinor), asc(bids.createdAt), asc(bids.id));
  return new Map(rows.map((row) => [row.productId, row.userId]));
}

/** The bids a user's account pages show (users: the account overview). */
export function createAccountBids(db: Db) {
  return {
    /** The products the user bid on, newest bid first, at most `limit`. */
    async lastBidsOf(userId: number, limit: number): Promise<BidOnProduct[]> {
      const mine = db
        .select({
          productId: bids.productId,
          amountMinor: sql<number>`max(${bids.amountMinor})`.as("amount_minor"),
          bidAt: sql<Date>`max(${bids.createdAt})`.as("bid_at"),
        })
        .from(bids)
        .where(eq(bids.userId, userId))
        .groupBy(bids.productId)
        .as("mine");
      const rows = await db
        .select({ productId: mine.productId, amountMinor: mine.amountMinor, bidAt: mine.bidAt })
        .from(mine)
        .orderBy(desc(mine.bidAt))
        .limit(limit);
      const top = await topBidders(
        db,
        rows.map((row) => row.productId),
      );
      return rows.map((row) => ({
        productId: row.productId,
        amountMinor: Number(row.amountMinor),
        bidAt: new Date(row.bidAt),
        topBidderId: top.get(row.productId) ?? null,
      }));
    },
  };
}
