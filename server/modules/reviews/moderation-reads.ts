import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { reviews } from "./tables.ts";

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
