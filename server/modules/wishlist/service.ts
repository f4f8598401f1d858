import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { type UpdateItemInput, updateItem } from "./items.ts";
import { mergeGuestWishlist, purgeAnonymous } from "./merge.ts";
import type { WishlistReads } from "./ports.ts";
import { type Caller, ensureUserWishlist, findAccessible, findByUser } from "./rows.ts";
import { wishlistItems, wishlists } from "./tables.ts";
import { type WishlistView, wishlistView } from "./view.ts";

/**
 * Followed products (the wishlist): a signed-in user's one wishlist, or a guest's by its temp id
 * (rows.ts), shown with its listed products (view.ts); following and notes (items.ts); the guest's
 * wishlist merged into the user's on login, and the old guests' ones purged (merge.ts).
 */
export function createWishlistService(deps: { db: Db; reads: WishlistReads }) {
  const { db, reads } = deps;
  const view = (row: Parameters<typeof wishlistView>[2], locale: Locale) =>
    wishlistView(db, reads, row, locale);
  return {
    /** The signed-in user's wishlist, or null when they have none yet. */
    async getForUser(userId: number, locale: Locale): Promise<WishlistView | null> {
      const row = await findByUser(db, userId);
      return row ? view(row, locale) : null;
    },

    /** A guest's wishlist by temp id; null for an unknown id or one that belongs to a user. */
    async getAnonymous(tempId: string, locale: Locale): Promise<WishlistView | null> {
      const row = await findAccessible(db, tempId, null);
      return row && row.userId === null ? view(row, locale) : null;
    },

    /** The user's own wishlist; `created` is false when it already existed. */
    async createForUser(
      userId: number,
      locale: Locale,
    ): Promise<{ wishlist: WishlistView; created: boolean }> {
      const { row, created } = await ensureUserWishlist(db, userId);
      return { wishlist: await view(row, locale), created };
    },

    /** A new anonymous wishlist with a fresh random temp id. */
    async createAnonymous(locale: Locale): Promise<WishlistView> {
      const [row] = await db.insert(wishlists).values({ tempId: randomUUID() }).returning();
      return view(row, locale);
    },

    /** Deletes the wishlist and its items; false when the caller may not see it. */
    async remove(tempId: string, caller: Caller): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await findAccessible(tx as unknown as Db, tempId, caller);
        if (!row) return false;
        await tx.delete(wishlistItems).where(eq(wishlistItems.wishlistId, row.id));
        await tx.delete(wishlists).where(eq(wishlists.id, row.id));
        return true;
      });
    },

    /** Adds a product (or sets the note of one already followed), or removes it with `remove`. */
    updateItem: (tempId: string, caller: Caller, input: UpdateItemInput, locale: Locale) =>
      updateItem(db, reads, tempId, caller, input, locale),

    /** After login: moves the guest wishlist's items into the user's (merge.ts). */
    mergeGuestWishlist: (userId: number, tempId: string) => mergeGuestWishlist(db, userId, tempId),

    /** Deletes anonymous wishlists untouched since `before`; for a cleanup job. */
    purgeAnonymous: (before: Date) => purgeAnonymous(db, before),
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
