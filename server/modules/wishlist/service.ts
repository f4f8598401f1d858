import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { type ProductStatus, productImages, products } from "../listings/tables/products.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import { wishlistItems, wishlists } from "./tables.ts";

/** Products a visitor may start following: those a visitor can open. */
const WATCHABLE_STATUSES: ProductStatus[] = ["active", "ended", "sold"];
/**
 * Products that stay listed once followed: also a cancelled listing, so the watcher sees what
 * happened. Drafts, unpaid, expired (never paid) and rejected listings are never shown.
 */
const LISTED_STATUSES: ProductStatus[] = ["active", "ended", "sold", "cancelled"];
/** A bound on one wishlist, so that an anonymous client cannot grow a row set without limit. */
export const MAX_WISHLIST_ITEMS = 500;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WishlistProduct = {
  id: number;
  /** The product's category followed by its ancestors, up to the root. */
  categories: number[];
  name: string;
  /** The detail page path in the requested language. */
  url: string;
  /** Minor units of CZK; null for a classified "by agreement". */
  price: number | null;
  image: string | null;
};

export type WishlistView = {
  id: number;
  site_id: number;
  user_id: number | null;
  temp_id: string;
  items: { id: number; product: WishlistProduct; note: string | null }[];
};

/** Who is calling: a signed-in user's id, or null for a guest. */
export type Caller = number | null;

export type UpdateItemInput = { productId: number; note?: string | null; remove?: boolean };
export type UpdateItemResult =
  | { status: "ok"; wishlist: WishlistView }
  | { status: "not_found" }
  | { status: "unknown_product" }
  | { status: "too_many_items" };

type WishlistRow = typeof wishlists.$inferSelect;

export function isTempId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export function createWishlistService(db: Db) {
  /**
   * The wishlist behind a temp id, if the caller may use it: an anonymous one by anybody who holds
   * its (unguessable) temp id, a user's only by that user. Anything else looks like a missing one.
   */
  async function findAccessible(tempId: string, caller: Caller, tx: Db = db): Promise<WishlistRow | null> {
    if (!isTempId(tempId)) return null;
    const [row] = await tx
      .select()
      .from(wishlists)
      .where(eq(wishlists.tempId, tempId.toLowerCase()))
      .limit(1);
    if (!row) return null;
    if (row.userId !== null && row.userId !== caller) return null;
    return row;
  }

  async function findByUser(userId: number, tx: Db = db): Promise<WishlistRow | null> {
    const [row] = await tx.select().from(wishlists).where(eq(wishlists.userId, userId)).limit(1);
    return row ?? null;
  }

  /** Category ids of each given category followed by its ancestors (the tree is at most 5 levels). */
  async function categoryChains(categoryIds: number[]): Promise<Map<number, number[]>> {
    const chains = new Map<number, number[]>();
    if (categoryIds.length === 0) return chains;
    const rows = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const parents = new Map(rows.map((row) => [row.id, row.parentId]));
    for (const id of new Set(categoryIds)) {
      const chain: number[] = [];
      let current: number | null | undefined = id;
      // The depth check in the table bounds the walk; the guard also stops a corrupt cycle.
      while (current !== null && current !== undefined && chain.length < 10 && !chain.includes(current)) {
        chain.push(current);
        current = parents.get(current);
      }
      chains.set(id, chain);
    }
    return chains;
  }

  async function view(row: WishlistRow, locale: Locale): Promise<WishlistView> {
    const items = await db
      .select({
        id: wishlistItems.id,
        note: wishlistItems.note,
        productId: products.id,
        format: products.format,
        categoryId: products.categoryId,
        nameCs: products.nameCs,
        nameEn: products.nameEn,
        slugCs: products.slugCs,
        slugEn: products.slugEn,
        priceMinor: products.priceMinor,
        startPriceMinor: products.startPriceMinor,
        currentPriceMinor: products.currentPriceMinor,
        categorySlugCs: categories.slugCs,
        categorySlugEn: categories.slugEn,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(wishlistItems.wishlistId, row.id), inArray(products.status, LISTED_STATUSES)))
      // Newest first: the product just followed is on top.
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));

    const productIds = items.map((item) => item.productId);
    const images = new Map<number, string>();
    if (productIds.length > 0) {
      const imageRows = await db
        .selectDistinctOn([productImages.productId], {
          productId: productImages.productId,
          path: productImages.path,
          fileName: productImages.fileName,
        })
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id));
      for (const image of imageRows) {
        images.set(image.productId, `${image.path.replace(/\/+$/, "")}/${image.fileName}`);
      }
    }
    const chains = await categoryChains(items.map((item) => item.categoryId));

    return {
      id: row.id,
      site_id: row.siteId,
      user_id: row.userId,
      temp_id: row.tempId ?? "",
      items: items.map((item) => {
        // Missing English content falls back to Czech (product.md).
        const english = locale === "en";
        const name = english ? item.nameEn || item.nameCs : item.nameCs;
        const productSlug = english ? item.slugEn || item.slugCs : item.slugCs;
        const categorySlug = english ? item.categorySlugEn || item.categorySlugCs : item.categorySlugCs;
        const price =
          item.format === "auction" ? (item.currentPriceMinor ?? item.startPriceMinor) : item.priceMinor;
        return {
          id: item.id,
          product: {
            id: item.productId,
            categories: chains.get(item.categoryId) ?? [item.categoryId],
            name,
            url: `${english ? "/en" : ""}/${item.productId}/${categorySlug}/${productSlug}`,
            price: price ?? null,
            image: images.get(item.productId) ?? null,
          },
          note: item.note,
        };
      }),
    };
  }

  /** The user's wishlist, created when missing; safe against a concurrent creation. */
  async function ensureUserWishlist(
    userId: number,
    tx: Db = db,
  ): Promise<{ row: WishlistRow; created: boolean }> {
    const existing = await findByUser(userId, tx);
    if (existing) return { row: existing, created: false };
    const [inserted] = await tx
      .insert(wishlists)
      .values({ userId, tempId: randomUUID() })
      .onConflictDoNothing({ target: wishlists.userId })
      .returning();
    if (inserted) return { row: inserted, created: true };
    const raced = await findByUser(userId, tx);
    if (!raced) throw new Error("wishlist vanished during creation");
    return { row: raced, created: false };
  }

  async function touch(wishlistId: number, tx: Db = db) {
    await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, wishlistId));
  }

  return {
    /** The signed-in user's wishlist, or null when they have none yet. */
    async getForUser(userId: number, locale: Locale): Promise<WishlistView | null> {
      const row = await findByUser(userId);
      return row ? view(row, locale) : null;
    },

    /** A guest's wishlist by temp id; null for an unknown id or one that belongs to a user. */
    async getAnonymous(tempId: string, locale: Locale): Promise<WishlistView | null> {
      const row = await findAccessible(tempId, null);
      return row && row.userId === null ? view(row, locale) : null;
    },

    /** The user's own wishlist; `created` is false when it already existed. */
    async createForUser(
      userId: number,
      locale: Locale,
    ): Promise<{ wishlist: WishlistView; created: boolean }> {
      const { row, created } = await ensureUserWishlist(userId);
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
        const row = await findAccessible(tempId, caller, tx as unknown as Db);
        if (!row) return false;
        await tx.delete(wishlistItems).where(eq(wishlistItems.wishlistId, row.id));
        await tx.delete(wishlists).where(eq(wishlists.id, row.id));
        return true;
      });
    },

    /** Adds a product (or sets the note of one already followed), or removes it with `remove`. */
    async updateItem(
      tempId: string,
      caller: Caller,
      input: UpdateItemInput,
      locale: Locale,
    ): Promise<UpdateItemResult> {
      const row = await findAccessible(tempId, caller);
      if (!row) return { status: "not_found" };

      if (input.remove) {
        // Removing what is not there is not an error: the client may hold a stale list.
        await db
          .delete(wishlistItems)
          .where(and(eq(wishlistItems.wishlistId, row.id), eq(wishlistItems.productId, input.productId)));
        await touch(row.id);
        return { status: "ok", wishlist: await view(row, locale) };
      }

      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, input.productId), inArray(products.status, WATCHABLE_STATUSES)))
        .limit(1);
      if (!product) return { status: "unknown_product" };

      const note = input.note === undefined ? undefined : input.note?.trim() || null;
      const [existing] = await db
        .select({ id: wishlistItems.id })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.wishlistId, row.id), eq(wishlistItems.productId, input.productId)))
        .limit(1);
      if (existing) {
        if (note !== undefined)
          await db.update(wishlistItems).set({ note }).where(eq(wishlistItems.id, existing.id));
      } else {
        const [{ count }] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(wishlistItems)
          .where(eq(wishlistItems.wishlistId, row.id));
        if (count >= MAX_WISHLIST_ITEMS) return { status: "too_many_items" };
        const insert = db
          .insert(wishlistItems)
          .values({ wishlistId: row.id, productId: input.productId, note: note ?? null });
        // A concurrent add of the same product keeps one row (and the newer note, when one was given).
        if (note === undefined) await insert.onConflictDoNothing();
        else
          await insert.onConflictDoUpdate({
            target: [wishlistItems.wishlistId, wishlistItems.productId],
            set: { note },
          });
      }
      await touch(row.id);
      return { status: "ok", wishlist: await view(row, locale) };
    },

    /**
     * After login: moves the guest wishlist's items into the user's (created when missing),
     * skipping products the user already follows, then deletes the guest wishlist. A temp id that
     * is unknown or belongs to a user's wishlist changes nothing. Returns how many items moved.
     */
    async mergeGuestWishlist(userId: number, tempId: string): Promise<{ moved: number }> {
      if (!isTempId(tempId)) return { moved: 0 };
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [guest] = await tx
          .select()
          .from(wishlists)
          .where(and(eq(wishlists.tempId, tempId.toLowerCase()), isNull(wishlists.userId)))
          .limit(1);
        if (!guest) return { moved: 0 };
        const { row: target } = await ensureUserWishlist(userId, tx);
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
        await touch(target.id, tx);
        return { moved: rowCount(moved) };
      });
    },

    /** Deletes anonymous wishlists untouched since `before` (the guest cookie lives 14 days); for a cleanup job. */
    async purgeAnonymous(before: Date): Promise<number> {
      const deleted = await db
        .delete(wishlists)
        .where(and(isNull(wishlists.userId), lt(wishlists.updatedAt, before)))
        .returning({ id: wishlists.id });
      return deleted.length;
    },
  };
}

/** Row count of a raw `execute` result on both drivers (pg returns rowCount, PGlite affectedRows or rows). */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number; rows?: unknown[] };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}

export type WishlistService = ReturnType<typeof createWishlistService>;
