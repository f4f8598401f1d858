import { asc, eq, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { reviews } from "./tables.ts";

/**
 * Reviews the user wrote or received, in the data export, each with the user's role in it. They
 * stay when the account is deleted: a seller's rating is other people's word about a deal.
 */
export function createReviewsPersonalData(db: Db): PersonalDataSource {
  return {
    name: "reviews",
    async exportFor({ userId }) {
      const rows = await db
        .select({
          id: reviews.id,
          productId: reviews.productId,
          authorId: reviews.authorId,
          subjectId: reviews.subjectId,
          stars: reviews.stars,
          comment: reviews.comment,
          reply: reviews.reply,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(or(eq(reviews.authorId, userId), eq(reviews.subjectId, userId)))
        .orderBy(asc(reviews.id));
      return {
        reviews: rows.map((row) => ({
          ...row,
          role: row.authorId === userId ? ("author" as const) : ("subject" as const),
        })),
      };
    },
    async eraseFor() {
      return undefined;
    },
  };
}
