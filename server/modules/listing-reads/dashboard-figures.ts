import { and, count, eq, ne, sql } from "drizzle-orm";
import type { DayTally } from "#core/contracts/admin-dashboard.ts";
import type { Db } from "#server/db/client.ts";
import { dayBucketSql, fillDays, withinBounds } from "#server/lib/day-buckets.ts";
import { listingCounts } from "#server/modules/listings/tables/listing-counts.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/**
 * The listings module's figures for the back office's dashboard (docs/product/back-office.md,
 * "Dashboard"): listings placed and auctions sold day by day, and the listings on sale.
 */
export function listingsDashboardFigures(db: Db) {
  return {
    /**
     * Users' listings (auctions and classifieds) placed per day, by `created_at` (index
     * products_created_at_idx); a draft the seller never sent on does not count.
     */
    async newListingsByDay(bounds: readonly Date[]): Promise<number[]> {
      const bucket = dayBucketSql(products.createdAt, bounds);
      const rows = await db
        .select({ bucket, count: count() })
        .from(products)
        .where(
          and(
            withinBounds(products.createdAt, bounds),
            ne(products.format, "shop"),
            ne(products.status, "draft"),
          ),
        )
        .groupBy(sql`1`);
      return fillDays(rows, bounds, 0, (row) => row.count);
    },

    /** Auctions sold per day, by when they closed (index products_ended_at_idx), with the final prices. */
    async auctionsSoldByDay(bounds: readonly Date[]): Promise<DayTally[]> {
      const bucket = dayBucketSql(products.endedAt, bounds);
      const rows = await db
        .select({
          bucket,
          count: count(),
          amountMinor: sql<number>`coalesce(sum(${products.currentPriceMinor}), 0)`.mapWith(Number),
        })
        .from(products)
        .where(
          and(
            withinBounds(products.endedAt, bounds),
            eq(products.format, "auction"),
            eq(products.status, "sold"),
          ),
        )
        .groupBy(sql`1`);
      return fillDays(rows, bounds, { count: 0, amountMinor: 0 }, (row) => ({
        count: row.count,
        amountMinor: row.amountMinor,
      }));
    },

    /** New listings held for a moderator (pre-moderation in their category) before they go on. */
    async listingsInReview(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(products)
        .where(eq(products.status, "in_review"));
      return row.count;
    },

    /**
     * Users' listings on sale now (live auctions and classifieds), from the maintained counts
     * (ADR 0034): a few hundred rows however large the catalogue, not every live product.
     */
    async listingsLive(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`coalesce(sum(${listingCounts.n}), 0)`.mapWith(Number) })
        .from(listingCounts)
        .where(ne(listingCounts.format, "shop"));
      return row.count;
    },
  };
}

export type ListingsDashboardFigures = ReturnType<typeof listingsDashboardFigures>;
