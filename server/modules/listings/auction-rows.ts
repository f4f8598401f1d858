import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { preparedOnce } from "#server/db/prepared-once.ts";
import { products } from "./tables/products.ts";

/**
 * The auction's state on its listing row (price, bid count, end, leader), read and written for
 * the bidding module, which decides bids and closes (server/modules/bidding). None of these
 * writes a status: the close is `closeAuction` in transitions.ts. The bidding module serialises
 * every change of an auction on the row lock `lockAuction` takes (docs/decisions/0007-bidding.md).
 */

/** The columns the auction rules read, as the bidding module stores and reads them. */
const auctionColumns = {
  id: products.id,
  format: products.format,
  status: products.status,
  sellerId: products.sellerId,
  startPriceMinor: products.startPriceMinor,
  currentPriceMinor: products.currentPriceMinor,
  reservePriceMinor: products.reservePriceMinor,
  buyNowPriceMinor: products.buyNowPriceMinor, // the seller's buy-it-now price; null: none
  bidCount: products.bidCount,
  endsAt: products.endsAt,
  endedAt: products.endedAt,
  activationAt: products.activationAt,
  auctionDuration: products.auctionDuration,
  leaderId: products.leaderId,
  leaderMaxMinor: products.leaderMaxMinor,
  leaderSince: products.leaderSince,
  lastBidId: products.lastBidId,
  winnerId: products.winnerId,
  endingNoticeAt: products.endingNoticeAt, // when the watchers were told it ends within the hour
};

export type AuctionRow = Pick<typeof products.$inferSelect, keyof typeof auctionColumns>;

/** The auction's row under its lock (`select ... for update`); null when there is no such auction. */
export async function lockAuction(tx: Db, id: number): Promise<AuctionRow | null> {
  const [row] = await tx.select(auctionColumns).from(products).where(eq(products.id, id)).for("update");
  return row?.format === "auction" ? row : null;
}

/** readAuction's statement: the live state of every auction page and stream reads it. */
const auctionRow = preparedOnce((db) =>
  db
    .select(auctionColumns)
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .limit(1)
    .prepare("auction_row"),
);

/**
 * The auction's row without a lock (previews, the live state); null when there is no such auction.
 * Prepared once per database (preparedOnce); in a transaction, once per transaction.
 */
export async function readAuction(db: Db, id: number): Promise<AuctionRow | null> {
  const [row] = await auctionRow(db).execute({ id });
  return row?.format === "auction" ? row : null;
}

/** What an accepted bid leaves on the row: the price, the count, the end (soft close), the leader. */
export type LeadingBid = {
  currentPriceMinor: number | null;
  bidCount: number;
  endsAt: Date | null;
  leaderId: number | null;
  leaderMaxMinor: number | null;
  leaderSince: Date | null;
  lastBidId: number;
  at: Date;
};

/** Stores the auction's state after a bid (the caller holds the row lock). */
export async function recordLeadingBid(tx: Db, id: number, bid: LeadingBid): Promise<void> {
  await tx
    .update(products)
    .set({
      currentPriceMinor: bid.currentPriceMinor,
      bidCount: bid.bidCount,
      // The listings' copy too (ADR 0053): this path is not the hot one.
      listedPriceMinor: bid.currentPriceMinor,
      listedBidCount: bid.bidCount,
      endsAt: bid.endsAt,
      leaderId: bid.leaderId,
      leaderMaxMinor: bid.leaderMaxMinor,
      leaderSince: bid.leaderSince,
      lastBidId: bid.lastBidId,
      updatedAt: bid.at,
    })
    .where(eq(products.id, id));
}

/** Moves a running auction's end (the operator's tools; the caller holds the row lock). */
export async function extendAuctionEnd(tx: Db, id: number, endsAt: Date, at = new Date()): Promise<void> {
  await tx.update(products).set({ endsAt, updatedAt: at }).where(eq(products.id, id));
}

/** Notes that the watchers were told the auctions end soon (once per auction). */
export async function markEndingNoticeSent(tx: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(products).set({ endingNoticeAt: at }).where(inArray(products.id, ids));
}

/** Live auctions past their end, earliest first (the sweeper closes them). */
export async function overdueAuctionIds(db: Db, now: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.format, "auction"), eq(products.status, "active"), lte(products.endsAt, now)))
    .orderBy(asc(products.endsAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Live auctions ending within `withinMs` whose watchers were not told yet. */
export async function auctionsEndingSoonIds(
  db: Db,
  now: Date,
  withinMs: number,
  limit = 500,
): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.format, "auction"),
        eq(products.status, "active"),
        isNull(products.endingNoticeAt),
        lte(products.endsAt, new Date(now.getTime() + withinMs)),
        gt(products.endsAt, now),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Scheduled listings whose activation date has come (the sweeper activates them). */
export async function dueActivationIds(db: Db, now: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, "scheduled"), lte(products.activationAt, now)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A listing's row lock, for a change elsewhere that must queue behind its changes (two clicks on "pay"). */
export async function lockListing(
  tx: Db,
  id: number,
): Promise<{ id: number; status: ProductStatus; sellerId: number | null } | null> {
  const [row] = await tx
    .select({ id: products.id, status: products.status, sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return row ?? null;
}

/**
 * A paid promotion (topování): the listing's top placement moves on by `days`, counted from `at`
 * or from the end of a running promotion. Returns the new end and the seller; null when missing.
 */
export async function promote(
  tx: Db,
  id: number,
  days: number,
  at: Date,
): Promise<{ toppedUntil: Date; sellerId: number | null } | null> {
  const [row] = await tx
    .update(products)
    .set({
      toppedUntil: sql`greatest(coalesce(${products.toppedUntil}, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${days})`,
      updatedAt: at,
    })
    .where(eq(products.id, id))
    .returning({ toppedUntil: products.toppedUntil, sellerId: products.sellerId });
  return row ? { toppedUntil: row.toppedUntil!, sellerId: row.sellerId } : null;
}

/** How many live auctions a user sells and leads (an account with any cannot be deleted). */
export async function runningAuctionsOf(
  db: Db,
  userId: number,
): Promise<{ selling: number; leading: number }> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from ${products}
        where seller_id = ${userId} and format = 'auction' and status = 'active') as selling,
      (select count(*)::int from ${products}
        where leader_id = ${userId} and format = 'auction' and status = 'active') as leading`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    selling: number;
    leading: number;
  }[];
  return { selling: Number(rows[0]?.selling ?? 0), leading: Number(rows[0]?.leading ?? 0) };
}
