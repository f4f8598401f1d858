import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reviews } from "./tables.ts";

/** A review as the public profile lists it; users and listings add the author's and the deal's names. */
export type ReviewAbout = {
  id: number;
  stars: number;
  comment: string | null;
  reply: string | null;
  createdAt: Date;
  repliedAt: Date | null;
  authorId: number;
  productId: number;
};

export type Rating = {
  /** Rounded to one decimal; null without reviews. */
  average: number | null;
  count: number;
  /** How many reviews gave 5, 4, 3, 2 and 1 stars (index 0 = 5 stars). */
  distribution: [number, number, number, number, number];
};

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The reviews a user received, for their public profile (users/profile.ts). */
export function createProfileReviews(db: Db) {
  return {
    /** The user's rating from every review they received. */
    async ratingOf(subjectId: number): Promise<Rating> {
      const result = await db.execute(sql`
        select
          (select round(avg(stars)::numeric, 1) from ${reviews} where subject_id = ${subjectId}) as rating_average,
          (select count(*)::int from ${reviews} where subject_id = ${subjectId}) as rating_count,
          (select count(*)::int from ${reviews} where subject_id = ${subjectId} and stars = 5) as s5,
          (select count(*)::int from ${reviews} where subject_id = ${subjectId} and stars = 4) as s4,
          (select count(*)::int from ${reviews} where subject_id = ${subjectId} and stars = 3) as s3,
          (select count(*)::int from ${reviews} where subject_id = ${subjectId} and stars = 2) as s2,
          (select count(*)::int from ${reviews} where subject_id = ${subjectId} and stars = 1) as s1`);
      const [figures] = rowsOf<Record<string, string | number | null>>(result);
      const num = (key: string) => Number(figures?.[key] ?? 0);
      const average = figures?.rating_average;
      return {
        average: average === null || average === undefined ? null : Number(average),
        count: num("rating_count"),
        distribution: [num("s5"), num("s4"), num("s3"), num("s2"), num("s1")],
      };
    },

    /** The newest reviews the user received, at most `limit` (0 to 100). */
    async reviewsAbout(subjectId: number, limit: number): Promise<ReviewAbout[]> {
      return db
        .select({
          id: reviews.id,
          stars: reviews.stars,
          comment: reviews.comment,
          reply: reviews.reply,
          createdAt: reviews.createdAt,
          repliedAt: reviews.repliedAt,
          authorId: reviews.authorId,
          productId: reviews.productId,
        })
        .from(reviews)
        .where(eq(reviews.subjectId, subjectId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(Math.max(0, Math.min(100, limit)));
    },
  };
}
