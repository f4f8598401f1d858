import { asc, count, desc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { bids } from "./tables.ts";

/** One of a user's bids on the back office's user page (the listing's name comes from listings). */
export type AdminUserBid = {
  id: number;
  productId: number;
  amountMinor: number;
  maxAmountMinor: number | null;
  isAutomatic: boolean;
  createdAt: string;
};

/** A user's bids, newest first (at most `limit`), and how many in all. */
export async function bidsOfUser(
  db: Db,
  userId: number,
  limit: number,
): Promise<{ rows: AdminUserBid[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: bids.id,
        productId: bids.productId,
        amountMinor: bids.amountMinor,
        maxAmountMinor: bids.maxAmountMinor,
        isAutomatic: bids.isAutomatic,
        createdAt: bids.createdAt,
      })
      .from(bids)
      .where(eq(bids.userId, userId))
      .orderBy(desc(bids.id))
      .limit(limit),
    db.select({ total: count() }).from(bids).where(eq(bids.userId, userId)),
  ]);
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}

/** A bid as the shill-bidding signals read it (ADR 0087): who, on what, of which kind, when. */
export type BidFactRow = {
  id: number;
  productId: number;
  userId: number;
  amountMinor: number;
  kind: string;
  createdAt: Date;
};

/** The bids placed since `since`, or every bid of `productIds` (the signals' detail), oldest first. */
export function bidFacts(db: Db, of: { since: Date } | { productIds: number[] }): Promise<BidFactRow[]> {
  const where = "since" in of ? gte(bids.createdAt, of.since) : inArray(bids.productId, of.productIds);
  const { id, productId, userId, amountMinor, kind, createdAt } = bids;
  return db
    .select({ id, productId, userId, amountMinor, kind, createdAt })
    .from(bids)
    .where(where)
    .orderBy(asc(bids.id));
}
