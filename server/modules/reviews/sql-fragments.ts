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
