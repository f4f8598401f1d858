import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { userRatings } from "./tables.ts";

/**
 * The ratings of several accounts at once (the badges of a page's seller and bidders, issue 36):
 * the average rounded to one decimal and the count, from the running sums in user_ratings. An
 * account nobody rated is absent from the map.
 */
export async function ratingsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { average: number; count: number }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(userRatings).where(inArray(userRatings.userId, ids));
  return new Map(
    rows
      .filter((row) => row.reviewCount > 0)
      .map((row) => [
        row.userId,
        { average: Math.round((row.starsSum / row.reviewCount) * 10) / 10, count: row.reviewCount },
      ]),
  );
}
