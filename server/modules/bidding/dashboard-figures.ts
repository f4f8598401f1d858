import { and, count, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { dayBucketSql, fillDays, withinBounds } from "#server/lib/day-buckets.ts";
import { bids } from "./tables.ts";

/**
 * The bidding module's figure for the back office's dashboard (docs/product/back-office.md,
 * "Dashboard"): bids per day, by `created_at` (index bids_created_at_idx). A leader's raised
 * maximum is no bid anyone sees, so it does not count; a proxy's automatic bid does.
 */
export function biddingDashboardFigures(db: Db) {
  return {
    async bidsByDay(bounds: readonly Date[]): Promise<number[]> {
      const bucket = dayBucketSql(bids.createdAt, bounds);
      const rows = await db
        .select({ bucket, count: count() })
        .from(bids)
        .where(and(withinBounds(bids.createdAt, bounds), ne(bids.kind, "max_raise")))
        .groupBy(sql`1`);
      return fillDays(rows, bounds, 0, (row) => row.count);
    },
  };
}

export type BiddingDashboardFigures = ReturnType<typeof biddingDashboardFigures>;
