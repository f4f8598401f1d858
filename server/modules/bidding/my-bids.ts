import { eq, sql } from "drizzle-orm";
import type { MyBid, MyBidGroup } from "#core/contracts/bidding.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { type AuctionSummary, auctionSummaries } from "../listing-reads/index.ts";
import { buyerThreadsOf } from "../messages/index.ts";
import { bids } from "./tables.ts";

/** At most this many auctions in a user's list, the latest first. */
const MY_BIDS_LIMIT = 500;

type MyBidCounts = { productId: number; myMax: number; myBids: number };

/** The user's own standing per auction: their highest request (the system's bids left out) and their bid count. */
async function myBidCounts(db: Db, userId: number): Promise<MyBidCounts[]> {
  const rows = await db
    .select({
      productId: bids.productId,
      myMax: sql<
        string | number | null
      >`max(greatest(coalesce(${bids.maxAmountMinor}, 0), ${bids.amountMinor})) filter (where ${bids.kind} <> 'automatic')`,
      myBids: sql<number>`count(*) filter (where ${bids.kind} <> 'max_raise')::int`,
    })
    .from(bids)
    .where(eq(bids.userId, userId))
    .groupBy(bids.productId);
  return rows.map((row) => ({
    productId: row.productId,
    myMax: Number(row.myMax ?? 0),
    myBids: Number(row.myBids),
  }));
}

/** The latest activity first: the end (or the close) descending, auctions without one last, then by id. */
function byLatestEnd(a: AuctionSummary, b: AuctionSummary): number {
  const endA = (a.endedAt ?? a.endsAt)?.getTime() ?? null;
  const endB = (b.endedAt ?? b.endsAt)?.getTime() ?? null;
  if (endA !== endB) {
    if (endA === null) return 1;
    if (endB === null) return -1;
    return endB - endA;
  }
  return b.id - a.id;
}

function groupOf(auction: AuctionSummary, userId: number): MyBidGroup {
  if (auction.status === "active") return auction.leaderId === userId ? "leading" : "outbid";
  return auction.winnerId === userId ? "won" : "lost";
}

/**
 * The auctions a user bid on, grouped: leading and outbid while they run, won and lost once
 * decided; each with the user's own maximum and the current price, newest activity first.
 */
export async function myBidsOf(db: Db, userId: number, locale: Locale): Promise<MyBid[]> {
  const counts = await myBidCounts(db, userId);
  const mine = new Map(counts.map((count) => [count.productId, count]));
  const found = await auctionSummaries(
    db,
    counts.map((count) => count.productId),
  );
  const auctions = [...found.values()].sort(byLatestEnd).slice(0, MY_BIDS_LIMIT);
  const wonIds = auctions
    .filter((auction) => groupOf(auction, userId) === "won")
    .map((auction) => auction.id);
  const threads = await buyerThreadsOf(db, userId, wonIds);
  const en = locale === "en";
  return auctions.map((auction) => {
    const group = groupOf(auction, userId);
    const own = mine.get(auction.id);
    return {
      productId: auction.id,
      name: en && auction.nameEn ? auction.nameEn : auction.nameCs,
      url: localePath("product", locale, {
        id: auction.id,
        category: en ? auction.categorySlugEn || auction.categorySlugCs : auction.categorySlugCs,
        product: en ? auction.slugEn || auction.slugCs : auction.slugCs,
      }),
      image: auction.image,
      status: auction.status,
      group,
      priceMinor: auction.bidCount > 0 ? (auction.currentPriceMinor ?? 0) : (auction.startPriceMinor ?? 0),
      myMaxMinor:
        group === "leading" && auction.leaderMaxMinor !== null ? auction.leaderMaxMinor : (own?.myMax ?? 0),
      myBidCount: own?.myBids ?? 0,
      bidCount: auction.bidCount,
      endsAt: auction.endsAt?.toISOString() ?? null,
      endedAt: auction.endedAt?.toISOString() ?? null,
      threadId: group === "won" ? (threads.get(auction.id) ?? null) : null,
    };
  });
}
