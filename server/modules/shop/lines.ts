import type { CartBadge } from "#core/contracts/shop.ts";
import { err, ok } from "#core/result.ts";
import { cartTotals, quantityWithinStock } from "#core/rules/cart.ts";
import { AddToCartSchema, CartQuantitySchema } from "#core/schemas/checkout.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import {
  deleteLine,
  ensureCart,
  findCart,
  isCartToken,
  lineOf,
  linesOf,
  touchCart,
  updateLine,
  upsertLine,
} from "./rows.ts";
import type { Shopper, ShopResult } from "./types.ts";
import type { ShopContext } from "./view.ts";

/**
 * Putting products in the cart and changing their quantities (docs/product/shop.md, "The cart"):
 * only a shop product on sale now, within its stock, and only at the price the customer saw.
 */

const invalid = (issues: Parameters<typeof issuesToFieldProblems>[0]) =>
  err("invalid", issuesToFieldProblems(issues));

async function productNow(ctx: ShopContext, who: Shopper, productId: number) {
  const [product] = await ctx.ports.products(ctx.db, [productId], who.locale);
  return product ?? null;
}

/**
 * Adds pieces; a guest's first line creates their cart and its token. Pieces beyond the stock are
 * not added: the line holds at most what is in stock (`limited` says so).
 */
export async function addToCart(
  ctx: ShopContext,
  who: Shopper,
  input: unknown,
): Promise<ShopResult<{ cartToken: string | null; quantity: number; limited: boolean }>> {
  const parsed = AddToCartSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { productId, quantity, seenPriceMinor } = parsed.data;
  const product = await productNow(ctx, who, productId);
  if (!product?.buyable) return err("not_for_sale");
  if (product.stock <= 0) return err("sold_out");
  if (product.unitPriceMinor !== seenPriceMinor) return err("price_changed");
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const cart = await ensureCart(tx, who);
    const existing = await lineOf(tx, cart.id, productId);
    const asked = (existing?.quantity ?? 0) + quantity;
    const kept = quantityWithinStock(asked, product.stock);
    await upsertLine(tx, cart.id, { productId, quantity: kept, seenUnitPriceMinor: product.unitPriceMinor });
    await touchCart(tx, cart.id);
    return ok({ cartToken: cart.token, quantity: kept, limited: kept < asked });
  });
}

/** Sets a line's quantity within the stock; 0 removes the line. */
export async function setQuantity(
  ctx: ShopContext,
  who: Shopper,
  input: unknown,
): Promise<ShopResult<{ quantity: number; limited: boolean }>> {
  const parsed = CartQuantitySchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { productId, quantity } = parsed.data;
  const cart = await findCart(ctx.db, who);
  const line = cart ? await lineOf(ctx.db, cart.id, productId) : null;
  if (!cart || !line) return err("not_in_cart");
  if (quantity === 0) {
    await deleteLine(ctx.db, cart.id, productId);
    await touchCart(ctx.db, cart.id);
    return ok({ quantity: 0, limited: false });
  }
  const product = await productNow(ctx, who, productId);
  const stock = product?.buyable ? product.stock : 0;
  if (stock <= 0) return err("sold_out");
  const kept = quantityWithinStock(quantity, stock);
  await updateLine(ctx.db, cart.id, productId, { quantity: kept });
  await touchCart(ctx.db, cart.id);
  return ok({ quantity: kept, limited: kept < quantity });
}

/**
 * The customer has seen what changed: each line's price becomes the one they saw now, and a line
 * with more pieces than are left keeps what is left. A sold-out line stays (and keeps the order
 * stopped) until the customer removes it.
 */
export async function confirmPrices(ctx: ShopContext, who: Shopper): Promise<ShopResult> {
  const cart = await findCart(ctx.db, who);
  if (!cart) return ok();
  const lines = await linesOf(ctx.db, cart.id);
  const products = new Map(
    (
      await ctx.ports.products(
        ctx.db,
        lines.map((l) => l.productId),
        who.locale,
      )
    ).map((p) => [p.productId, p]),
  );
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const line of lines) {
      const product = products.get(line.productId);
      if (!product?.buyable || product.stock <= 0) continue;
      await updateLine(tx, cart.id, line.productId, {
        seenUnitPriceMinor: product.unitPriceMinor,
        quantity: Math.min(line.quantity, product.stock),
      });
    }
    await touchCart(tx, cart.id);
  });
  return ok();
}

/** The header's cart: pieces, and the items' value after the group discount at today's prices. */
export async function badge(ctx: ShopContext, who: Shopper): Promise<CartBadge> {
  if (who.userId === null && !isCartToken(who.cartToken)) return { count: 0, totalMinor: 0 };
  const cart = await findCart(ctx.db, who);
  if (!cart) return { count: 0, totalMinor: 0 };
  const lines = await linesOf(ctx.db, cart.id);
  if (lines.length === 0) return { count: 0, totalMinor: 0 };
  const prices = new Map(
    (
      await ctx.ports.products(
        ctx.db,
        lines.map((l) => l.productId),
        who.locale,
      )
    ).map((p) => [p.productId, p.unitPriceMinor]),
  );
  const totals = cartTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPriceMinor: prices.get(l.productId) ?? l.seenUnitPriceMinor,
    })),
    { groupDiscountPercent: who.groupDiscountPercent },
  );
  return {
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalMinor: totals.itemsMinor - totals.groupDiscountMinor,
  };
}
