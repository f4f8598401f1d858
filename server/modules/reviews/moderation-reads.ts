import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reviewReports, reviews } from "./tables.ts";

/** A review as a moderator reviews a report about it (server/modules/moderation): its author and text. */
export async function reviewForModeration(
  db: Db,
  id: number,
): Promise<{ id: number; authorId: number | null; text: string; createdAt: Date } | null> {
  const [row] = await db
    .select({
      id: reviews.id,
      authorId: reviews.authorId,
      comment: reviews.comment,
      stars: reviews.stars,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(eq(reviews.id, id))
    .limit(1);
  return row
    ? {
        id: row.id,
        authorId: row.authorId,
        text: `${row.stars}/5 ${row.comment ?? ""}`.trim(),
        createdAt: row.createdAt,
      }
    : null;
}

/**
 * Hands the open reports of reviews (the profile's "report" button) over to the moderation queue:
 * returns them and marks them resolved here, in the caller's transaction, so each is taken once.
 */
export async function takeOpenReviewReports(tx: Db, limit = 200) {
  const open = await tx
    .select({
      id: reviewReports.id,
      targetId: reviewReports.reviewId,
      reporterId: reviewReports.reporterId,
      reason: reviewReports.reason,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(isNull(reviewReports.resolvedAt))
    .orderBy(reviewReports.createdAt)
    .limit(limit)
    .for("update");
  if (open.length > 0)
    await tx
      .update(reviewReports)
      .set({ resolvedAt: sql`now()` })
      .where(
        inArray(
          reviewReports.id,
          open.map((row) => row.id),
        ),
      );
  return open;
}
