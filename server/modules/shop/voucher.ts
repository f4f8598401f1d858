import { err, ok } from "#core/result.ts";
import { cartTotals } from "#core/rules/cart.ts";
import { voucherRefusalKey } from "#core/rules/vouchers.ts";
import { VoucherCodeSchema } from "#core/schemas/checkout.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import { findCart, touchCart } from "./rows.ts";
import type { Shopper, ShopResult } from "./types.ts";
import { cartState, type ShopContext } from "./view.ts";

/**
 * The voucher field of the cart (docs/product/shop.md, "Vouchers"): one voucher per cart, a new
 * code replaces the old one, the same code twice is refused ("already in the cart"). Every rule
 * is the payments module's (its usage counts); each refusal has its own message, on the `code`
 * field. The applied code is checked again whenever the cart is shown and when the order is placed.
 */
export async function applyVoucher(ctx: ShopContext, who: Shopper, input: unknown): Promise<ShopResult> {
  const parsed = VoucherCodeSchema.safeParse(input);
  if (!parsed.success) return err("invalid", issuesToFieldProblems(parsed.error.issues));
  const { row, view } = await cartState(ctx, who);
  if (!row || view.lines.length === 0) return err("empty_cart");
  const { itemsMinor, groupDiscountMinor } = cartTotals(view.lines, {
    groupDiscountPercent: who.groupDiscountPercent,
  });
  const check = await ctx.ports.voucherForCart({
    code: parsed.data.code,
    userId: who.userId,
    email: who.email ?? (view.draft.email || null),
    cartMinor: itemsMinor - groupDiscountMinor,
    codesInCart: row.voucherCode ? [row.voucherCode] : [],
    at: ctx.now(),
  });
  if (!check.ok) return err("invalid", { code: [{ key: voucherRefusalKey(check.code) }] });
  await touchCart(ctx.db, row.id, { voucherCode: check.value.code });
  return ok();
}

export async function removeVoucher(ctx: ShopContext, who: Shopper): Promise<ShopResult> {
  const row = await findCart(ctx.db, who);
  if (row?.voucherCode) await touchCart(ctx.db, row.id, { voucherCode: null });
  return ok();
}
