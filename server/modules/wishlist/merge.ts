import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { MAX_WISHLIST_ITEMS } from "./items.ts";
import { ensureUserWishlist, isTempId, touch } from "./rows.ts";
import { wishlistItems, wishlists } from "./tables.ts";

/** Row count of a raw `execute` result on both drivers (pg returns rowCount, PGlite affectedRows or rows). */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number; rows?: unknown[] };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * After login: moves the guest wishlist's items into the user's (created when missing),
 * skipping products the user already follows, then deletes the guest wishlist. A temp id that
 * is unknown or belongs to a user's wishlist changes nothing. Returns how many items moved.
 */
export async function mergeGuestWishlist(db: Db, userId: number, tempId: string): Promise<{ moved: number }> {
  if (!isTempId(tempId)) return { moved: 0 };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [guest] = await tx
      .select()
      .from(wishlists)
      .where(and(eq(wishlists.tempId, tempId.toLowerCase()), isNull(wishlists.userId)))
      .limit(1);
    if (!guest) return { moved: 0 };
    const { row: target } = await ensureUserWishlist(tx, userId);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, target.id));
    const room = Math.max(0, MAX_WISHLIST_ITEMS - count);
    const moved = await tx.execute(sql`
      insert into ${wishlistItems} (wishlist_id, product_id, note, created_at)
      select ${target.id}, product_id, note, created_at from ${wishlistItems}
      where wishlist_id = ${guest.id}
      order by created_at, id
      limit ${room}
      on conflict (wishlist_id, product_id) do nothing
      returning id`);
    await tx.delete(wishlistItems).where(eq(wishlistItems.wishlistId, guest.id));
    await tx.delete(wishlists).where(eq(wishlists.id, guest.id));
    await touch(tx, target.id);
    return { moved: rowCount(moved) };
  });
}

/** Deletes anonymous wishlists untouched since `before` (the guest cookie lives 14 days); for a cleanup job. */
export async function purgeAnonymous(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(wishlists)
    .where(and(isNull(wishlists.userId), lt(wishlists.updatedAt, before)))
    .returning({ id: wishlists.id });
  return deleted.length;
}
