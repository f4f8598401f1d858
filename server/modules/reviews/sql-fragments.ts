import { type SQL, sql } from "drizzle-orm";
import { userRatings } from "./tables.ts";

/**
 * A user's rating for another module's statement (ADR 0017): a left join of user_ratings, one row
 * per user, so a page of listing cards shows each seller's stars without a query per card. The
 * caller names the alias and selects `reviewCount` and `starsSum` (null while nobody rated them).
 */
export function userRatingJoinSql(
  userId: SQL,
  alias: string,
): { join: SQL; reviewCount: SQL; starsSum: SQL } {
  const as = sql.identifier(alias);
  return {
    join: sql`left join ${userRatings} ${as} on ${as}.user_id = ${userId}`,
    reviewCount: sql`${as}.review_count`,
    starsSum: sql`${as}.stars_sum`,
  };
}

/**
 * A user's rating for another module's statement, as a scalar subquery: `{ count, sum }` as JSON,
 * or null while nobody rated them (ratingOf turns it into the average).
 */
export function userRatingSql(userId: SQL): SQL {
  return sql`(select json_build_object('count', r.review_count, 'sum', r.stars_sum) from ${userRatings} r where r.user_id = ${userId})`;
}

/** The average (one decimal) and number of reviews of a rating row, or none without reviews. */
export function ratingOf(row: { count: number; sum: number } | null | undefined): {
  average: number | null;
  count: number;
} {
  if (!row || row.count === 0) return { average: null, count: 0 };
  // Tenths in integers (as SQL round(avg, 1) does): 85 stars / 20 reviews is 4.3, not 4.2 by float error.
  return { average: Math.round((row.sum * 10) / row.count) / 10, count: row.count };
}
