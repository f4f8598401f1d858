import { and, desc, eq, inArray } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import { validId } from "./input.ts";
import type { ReviewReads } from "./ports.ts";
import { ratingOf } from "./sql-fragments.ts";
import { reviews, userRatings } from "./tables.ts";

export type ReceivedReview = {
  id: number;
  stars: number;
  comment: string | null;
  reply: string | null;
  createdAt: string;
  author: { id: number; username: string } | null;
  productName: string;
};

/** Of the given products, those whose deal the user already rated. */
export async function reviewedDeals(
  executor: Db,
  userId: number,
  productIds: number[],
): Promise<Set<number>> {
  const ids = productIds.filter(validId);
  if (ids.length === 0) return new Set();
  const rows = await executor
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.authorId, userId), inArray(reviews.productId, ids)));
  return new Set(rows.map((row) => row.productId));
}

/** What a user received: the reviews and their rating. */
export function createReceived(deps: { db: Db; reads: ReviewReads }) {
  const { db, reads } = deps;
  return {
    /** Reviews the user received, newest first, with whether they replied (the reviews page). */
    async received(userId: number, locale: Locale): Promise<ReceivedReview[]> {
      const rows = await db
        .select({
          id: reviews.id,
          stars: reviews.stars,
          comment: reviews.comment,
          reply: reviews.reply,
          createdAt: reviews.createdAt,
          authorId: reviews.authorId,
          productId: reviews.productId,
        })
        .from(reviews)
        .where(eq(reviews.subjectId, userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(200);
      const [authors, products] = await Promise.all([
        reads.publicNamesOf(
          db,
          rows.map((row) => row.authorId),
        ),
        reads.productSummaries(
          db,
          rows.map((row) => row.productId),
        ),
      ]);
      const authorById = new Map(authors.map((author) => [author.id, author]));
      // Both are kept by foreign keys (a deleted account stays as a row): none is ever missing.
      return rows.flatMap((row) => {
        const author = authorById.get(row.authorId);
        const product = products.get(row.productId);
        if (!author || !product) return [];
        return {
          id: row.id,
          stars: row.stars,
          comment: row.comment,
          reply: row.reply,
          createdAt: row.createdAt.toISOString(),
          author: author.deleted ? null : { id: author.id, username: author.username },
          productName: (locale === "en" && product.nameEn) || product.nameCs,
        };
      });
    },

    /** A user's average (one decimal) and count: a lookup by key, one generic plan (ADR 0050). */
    async rating(userId: number): Promise<{ average: number | null; count: number }> {
      const [row] = await genericPlans(db)
        .select({ count: userRatings.reviewCount, sum: userRatings.starsSum })
        .from(userRatings)
        .where(eq(userRatings.userId, userId))
        .limit(1);
      return ratingOf(row);
    },

    /** Of the given products, those whose deal the user already rated. */
    reviewedDeals: (userId: number, productIds: number[]) => reviewedDeals(db, userId, productIds),
  };
}
