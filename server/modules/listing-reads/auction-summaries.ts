import { and, eq, inArray } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { coverImage } from "#server/modules/listings/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/**
 * What a bidder's list of auctions shows of each (the bidding module's "my bids"): names and
 * slugs for the link, the cover image, the state and price, the end, and the leader and winner
 * for grouping. Read by ids, auctions only, through the caller's executor.
 */
export type AuctionSummary = {
  id: number;
  status: ProductStatus;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  categorySlugCs: string;
  categorySlugEn: string | null;
  startPriceMinor: number | null;
  currentPriceMinor: number | null;
  bidCount: number;
  endsAt: Date | null;
  endedAt: Date | null;
  leaderId: number | null;
  leaderMaxMinor: number | null;
  winnerId: number | null;
  /** The seller (the shill-bidding signals pair bidders with sellers). */
  sellerId: number | null;
  /** The main photo's path (`path/file_name`), or null without photos. */
  image: string | null;
};

/** Ids per statement: far below PostgreSQL's limit on bound parameters. */
const BATCH = 1000;

/** The auctions of `ids` that exist, by id (other formats are left out). */
export async function auctionSummaries(executor: Db, ids: number[]): Promise<Map<number, AuctionSummary>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, AuctionSummary>();
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = await executor
      .select({
        id: products.id,
        status: products.status,
        nameCs: products.nameCs,
        nameEn: products.nameEn,
        slugCs: products.slugCs,
        slugEn: products.slugEn,
        categorySlugCs: categories.slugCs,
        categorySlugEn: categories.slugEn,
        startPriceMinor: products.startPriceMinor,
        currentPriceMinor: products.currentPriceMinor,
        bidCount: products.bidCount,
        endsAt: products.endsAt,
        endedAt: products.endedAt,
        leaderId: products.leaderId,
        leaderMaxMinor: products.leaderMaxMinor,
        winnerId: products.winnerId,
        sellerId: products.sellerId,
        image: coverImage,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(inArray(products.id, unique.slice(start, start + BATCH)), eq(products.format, "auction")));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}
