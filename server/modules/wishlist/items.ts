import { and, eq, sql } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { WishlistReads } from "./ports.ts";
import { type Caller, findAccessible, touch } from "./rows.ts";
import { wishlistItems } from "./tables.ts";
import { type WishlistView, wishlistView } from "./view.ts";

/** Products a visitor may start following: those a visitor can open. */
const WATCHABLE_STATUSES: ProductStatus[] = ["active", "ended", "sold"];
/** A bound on one wishlist, so that an anonymous client cannot grow a row set without limit. */
export const MAX_WISHLIST_ITEMS = 500;

export type UpdateItemInput = { productId: number; note?: string | null; remove?: boolean };
/** Ok: the wishlist as it is now. */
export type UpdateItemResult = Ok<WishlistView> | Err<"not_found" | "unknown_product" | "too_many_items">;

/** Follows a product, or sets the note of one already followed; false when the wishlist is full. */
async function follow(db: Db, wishlistId: number, productId: number, note: string | null | undefined) {
  const [existing] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, wishlistId), eq(wishlistItems.productId, productId)))
    .limit(1);
  if (existing) {
    if (note !== undefined)
      await db.update(wishlistItems).set({ note }).where(eq(wishlistItems.id, existing.id));
    return true;
  }
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, wishlistId));
  if (count >= MAX_WISHLIST_ITEMS) return false;
  const insert = db.insert(wishlistItems).values({ wishlistId, productId, note: note ?? null });
  // A concurrent add of the same product keeps one row (and the newer note, when one was given).
  if (note === undefined) await insert.onConflictDoNothing();
  else
    await insert.onConflictDoUpdate({
      target: [wishlistItems.wishlistId, wishlistItems.productId],
      set: { note },
    });
  return true;
}

/** Adds a product (or sets the note of one already followed), or removes it with `remove`. */
export async function updateItem(
  db: Db,
  reads: WishlistReads,
  tempId: string,
  caller: Caller,
  input: UpdateItemInput,
  locale: Locale,
): Promise<UpdateItemResult> {
  const row = await findAccessible(db, tempId, caller);
  if (!row) return err("not_found");

  if (input.remove) {
    // Removing what is not there is not an error: the client may hold a stale list.
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, row.id), eq(wishlistItems.productId, input.productId)));
    await touch(db, row.id);
    return ok(await wishlistView(db, reads, row, locale));
  }

  const product = (await reads.productSummaries(db, [input.productId])).get(input.productId);
  if (!product || !WATCHABLE_STATUSES.includes(product.status)) return err("unknown_product");

  const note = input.note === undefined ? undefined : input.note?.trim() || null;
  if (!(await follow(db, row.id, input.productId, note))) return err("too_many_items");
  await touch(db, row.id);
  return ok(await wishlistView(db, reads, row, locale));
}
