import type {
  CartLineView,
  CartView,
  CartVoucher,
  CheckoutDraft,
  CheckoutOptions,
  CheckoutStep,
} from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import { cartTotals, FREE_DELIVERY_FROM_MINOR, lineProblem } from "#core/rules/cart.ts";
import type { VoucherRefusal } from "#core/rules/vouchers.ts";
import type { Db } from "#server/db/client.ts";
import {
  checkoutOptions,
  deliveryCosts,
  paymentProblem,
  type ResolvedDelivery,
  resolveDelivery,
} from "./options.ts";
import type { ShopPorts, VoucherTermsForCart } from "./ports.ts";
import { type CartOwner, findCart, linesOf, type StoredDraft } from "./rows.ts";
import type { Cart } from "./tables.ts";
import { STANDARD_VAT_RATE, vatBreakdown } from "./vat.ts";

/**
 * The cart as it is now (docs/product/shop.md, "The cart"): its lines with today's prices and
 * stock, what changed since the customer saw them, the group discount, the voucher checked again,
 * the chosen delivery and payment, VAT per rate, and the next checkout step.
 */

export type ShopContext = { db: Db; ports: ShopPorts; now: () => Date };

/** Who shops (the service's Shopper). */
export type ShopperLike = CartOwner & { email: string | null; groupDiscountPercent: number; locale: Locale };

/** The cart with what placing the order needs beside the view. */
export type CartState = {
  row: Cart | null;
  /** The voucher's refusal as its code (the edges say it: `sayCart`). */
  view: CartView<VoucherRefusal>;
  options: CheckoutOptions;
  delivery: ResolvedDelivery;
  /** The voucher when it applies now. */
  voucher: VoucherTermsForCart | null;
  draft: StoredDraft;
};

export function fullDraft(stored: StoredDraft | null | undefined, email: string | null): CheckoutDraft {
  return {
    delivery: stored?.delivery ?? null,
    payment: stored?.payment ?? null,
    email: stored?.email || email || "",
    phone: stored?.phone ?? "",
    deliveryAddress: stored?.deliveryAddress ?? null,
    invoiceAddress: stored?.invoiceAddress ?? null,
    sameAddress: stored?.sameAddress ?? true,
    note: stored?.note ?? "",
  };
}

async function lineViews(ctx: ShopContext, row: Cart | null, locale: Locale): Promise<CartLineView[]> {
  if (!row) return [];
  const lines = await linesOf(ctx.db, row.id);
  const products = new Map(
    (
      await ctx.ports.products(
        ctx.db,
        lines.map((l) => l.productId),
        locale,
      )
    ).map((p) => [p.productId, p]),
  );
  return lines.map((line) => {
    const product = products.get(line.productId);
    const stock = product?.buyable ? product.stock : 0;
    const unitPriceMinor = product?.unitPriceMinor ?? line.seenUnitPriceMinor;
    return {
      productId: line.productId,
      name: product?.name ?? "",
      url: product?.url ?? "",
      image: product?.image ?? null,
      quantity: line.quantity,
      stock,
      unitPriceMinor,
      originalPriceMinor: product?.originalPriceMinor ?? null,
      seenUnitPriceMinor: line.seenUnitPriceMinor,
      taxRate: product?.taxRate ?? STANDARD_VAT_RATE,
      lineTotalMinor: line.quantity * unitPriceMinor,
      problem: lineProblem({ ...line, unitPriceMinor, stock }),
    };
  });
}

/** The applied code checked again against the cart as it is: applied, or shown with its refusal. */
async function recheckVoucher(
  ctx: ShopContext,
  who: ShopperLike,
  code: string | null,
  context: { cartMinor: number; email: string | null },
): Promise<{ view: CartVoucher<VoucherRefusal> | null; terms: VoucherTermsForCart | null }> {
  if (!code) return { view: null, terms: null };
  const check = await ctx.ports.voucherForCart({
    code,
    userId: who.userId,
    email: context.email,
    cartMinor: context.cartMinor,
    codesInCart: [],
    at: ctx.now(),
  });
  if (check.ok) {
    const { code: canonical, kind, value } = check.value;
    return { view: { code: canonical, kind, value, refusal: null }, terms: check.value };
  }
  return { view: { code, kind: "fixed", value: 0, refusal: check.code }, terms: null };
}

/** Whether every answer of a step is there and still fits the options and the cart. */
export function nextStep(
  view: Pick<CartView<unknown>, "lines" | "blocked" | "draft">,
  options: CheckoutOptions,
  delivery: ResolvedDelivery,
): CheckoutStep {
  const { draft } = view;
  if (view.lines.length === 0 || view.blocked) return "cart";
  if (!draft.payment || paymentProblem(options, delivery, draft.payment)) return "delivery";
  if (!draft.email || !draft.phone || !draft.invoiceAddress) return "details";
  if (delivery.kind === "carrier") {
    const address = draft.sameAddress ? draft.invoiceAddress : draft.deliveryAddress;
    if (!address) return "details";
    if (!(delivery.carrier.countries as string[]).includes(address.countryCode)) return "details";
  }
  return "review";
}

/** The whole cart of the shopper, computed from today's data. */
export async function cartState(ctx: ShopContext, who: ShopperLike): Promise<CartState> {
  const row = await findCart(ctx.db, who);
  const lines = await lineViews(ctx, row, who.locale);
  const options = await checkoutOptions(ctx.ports, who.locale);
  const stored: StoredDraft = row?.draft ?? {};
  const draft = fullDraft(stored, who.email);
  const delivery = resolveDelivery(options, draft.delivery);
  const base = cartTotals(lines, { groupDiscountPercent: who.groupDiscountPercent });
  const voucher = await recheckVoucher(ctx, who, row?.voucherCode ?? null, {
    cartMinor: base.itemsMinor - base.groupDiscountMinor,
    email: who.email ?? (draft.email || null),
  });
  const costs = deliveryCosts(delivery, draft.payment);
  const totals = cartTotals(lines, {
    groupDiscountPercent: who.groupDiscountPercent,
    voucher: voucher.terms,
    ...(lines.length > 0 ? costs : {}),
  });
  const blocked = lines.some((line) => line.problem !== null);
  const vat = vatBreakdown(
    lines.map((l) => ({ taxRate: l.taxRate, totalMinor: l.lineTotalMinor })),
    {
      discountMinor: totals.groupDiscountMinor + totals.voucherDiscountMinor,
      extrasMinor: totals.deliveryMinor + totals.paymentFeeMinor,
    },
  );
  const partial = { lines, blocked, draft };
  const view: CartView<VoucherRefusal> = {
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    groupDiscountPercent: who.groupDiscountPercent,
    voucher: voucher.view,
    totals,
    freeDeliveryFromMinor: FREE_DELIVERY_FROM_MINOR,
    vat,
    draft,
    nextStep: nextStep(partial, options, delivery),
    blocked,
  };
  return { row, view, options, delivery, voucher: voucher.terms, draft: stored };
}
