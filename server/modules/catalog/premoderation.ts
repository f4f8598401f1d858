import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { categories } from "./tables.ts";

/**
 * Whether new listings of this category wait for a moderator: switched on for it or for one of its
 * ancestors (pre-moderating "Cigars" holds every cigar subcategory too). At most 5 levels.
 */
export async function isCategoryPremoderated(db: Db, categoryId: number): Promise<boolean> {
  let id: number | null = categoryId;
  for (let level = 0; id !== null && level < 5; level += 1) {
    const [row] = await db
      .select({ parentId: categories.parentId, premoderated: categories.premoderated })
      .from(categories)
      .where(eq(categories.id, id))
      .limit(1);
    if (!row) return false;
    if (row.premoderated) return true;
    id = row.parentId;
  }
  return false;
}

/**
 * Switches pre-moderation of a category on or off (the back office's category form); returns the
 * value before, for the audit, or null when there is no such category.
 */
export async function setCategoryPremoderation(
  db: Db,
  categoryId: number,
  on: boolean,
): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ premoderated: categories.premoderated })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .for("update");
    if (!row) return null;
    await tx
      .update(categories)
      .set({ premoderated: on, updatedAt: sql`now()` })
      .where(eq(categories.id, categoryId));
    return row.premoderated;
  });
}
