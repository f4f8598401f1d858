import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type Cart, type CartLineRow, cartLines, carts } from "./tables.ts";
import type { StoredDraft } from "./types.ts";

export type { StoredDraft } from "./types.ts";

/**
 * The cart rows: whose cart a request reaches (a user's by their id, a guest's only by the token
 * of their cookie, never one of a user), and its lines.
 */

/** What identifies a cart: the signed-in user, else the guest cookie's token. */
export type CartOwner = { userId: number | null; cartToken: string | null };

const TOKEN = /^[0-9a-f]{32}$/;
export const isCartToken = (value: string | null | undefined): value is string =>
  typeof value === "string" && TOKEN.test(value);
export const newCartToken = () => randomBytes(16).toString("hex");

export async function findCart(db: Db, owner: CartOwner): Promise<Cart | null> {
  if (owner.userId !== null) {
    const [row] = await db.select().from(carts).where(eq(carts.userId, owner.userId)).limit(1);
    return row ?? null;
  }
  if (!isCartToken(owner.cartToken)) return null;
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.token, owner.cartToken), isNull(carts.userId)))
    .limit(1);
  return row ?? null;
}

/** The owner's cart, created when missing (a guest's with a fresh token); safe against a double click. */
export async function ensureCart(db: Db, owner: CartOwner): Promise<Cart> {
  const existing = await findCart(db, owner);
  if (existing) return existing;
  const values = owner.userId !== null ? { userId: owner.userId } : { token: newCartToken() };
  await db.insert(carts).values(values).onConflictDoNothing();
  const created = await findCart(
    db,
    owner.userId !== null ? owner : { userId: null, cartToken: values.token ?? null },
  );
  if (!created) throw new Error("shop: the cart could not be created");
  return created;
}

export async function linesOf(db: Db, cartId: number): Promise<CartLineRow[]> {
  return db
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
}

export async function lineOf(db: Db, cartId: number, productId: number): Promise<CartLineRow | null> {
  const [row] = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
    .limit(1);
  return row ?? null;
}

/** Puts the line in, or sets the quantity and seen price of the one there. */
export async function upsertLine(
  db: Db,
  cartId: number,
  line: { productId: number; quantity: number; seenUnitPriceMinor: number },
) {
  await db
    .insert(cartLines)
    .values({ cartId, ...line })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId],
      set: { quantity: line.quantity, seenUnitPriceMinor: line.seenUnitPriceMinor },
    });
}

export async function updateLine(
  db: Db,
  cartId: number,
  productId: number,
  set: Partial<Pick<CartLineRow, "quantity" | "seenUnitPriceMinor">>,
) {
  await db
    .update(cartLines)
    .set(set)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
}

export async function deleteLine(db: Db, cartId: number, productId: number) {
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
}

/** Marks the cart used now (the guest purge counts from its last change); sets the given columns too. */
export async function touchCart(
  db: Db,
  cartId: number,
  set: { voucherCode?: string | null; draft?: StoredDraft } = {},
) {
  await db
    .update(carts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** After the order: the cart is emptied and its answers forgotten. */
export async function clearCart(db: Db, cartId: number) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await db
    .update(carts)
    .set({ voucherCode: null, draft: null, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

export async function deleteCart(db: Db, cartId: number) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/** Guest carts untouched since `before` (the cookie lives 14 days) are deleted with their lines. */
export async function purgeGuestCarts(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return deleted.length;
}
