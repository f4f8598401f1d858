import { type VoucherTerms, voucherDiscountMinor } from "./vouchers.ts";

/**
 * The cart's sums as pure rules (docs/product/payments.md, "The cart and the shop"; fees.md,
 * "Shop prices and delivery"). All amounts are CZK minor units. The checkout computes the cart
 * with these functions from the current prices and stock, and again when the order is placed: a
 * line whose price changed since the customer saw it stops the order until they have seen the new
 * one, so nothing is sold at a price the customer did not see.
 */

/** Delivery is free from this value of the items, after the group discount and the voucher. */
export const FREE_DELIVERY_FROM_MINOR = 150_000;

/** A line as the shop holds it now, with what the customer last saw of it. */
export type CartLine = {
  productId: number;
  quantity: number;
  /** The price now: the sale price while the sale is on, else the price. */
  unitPriceMinor: number;
  /** The price on the page the customer put it in the cart from (or last confirmed). */
  seenUnitPriceMinor: number;
  /** Pieces in stock now. */
  stock: number;
};

/** What changed for a line since it was put in the cart. */
export type LineProblem = "soldOut" | "notEnoughStock" | "priceChanged";

/** The line's problem, or null; a sold-out product first, then stock, then the price. */
export function lineProblem(line: CartLine): LineProblem | null {
  if (line.stock <= 0) return "soldOut";
  if (line.quantity > line.stock) return "notEnoughStock";
  if (line.unitPriceMinor !== line.seenUnitPriceMinor) return "priceChanged";
  return null;
}

/** A quantity the customer asked for, kept between 1 and the stock (0 when sold out). */
export function quantityWithinStock(asked: number, stock: number): number {
  if (stock <= 0) return 0;
  const whole = Number.isFinite(asked) ? Math.trunc(asked) : 1;
  return Math.min(Math.max(whole, 1), stock);
}

export type CartTotals = {
  /** The items at their prices. */
  itemsMinor: number;
  /** The user group's discount on the items, rounded to whole haléře, half up. */
  groupDiscountMinor: number;
  /** What the voucher takes off the items after the group discount. */
  voucherDiscountMinor: number;
  /** The carrier's price, or 0 from FREE_DELIVERY_FROM_MINOR on. */
  deliveryMinor: number;
  /** The payment method's fee (cash on delivery), if any. */
  paymentFeeMinor: number;
  totalMinor: number;
  /** How much more in items makes delivery free; 0 once it is. */
  toFreeDeliveryMinor: number;
};

/**
 * The cart's totals: items, the group discount on them, the voucher on what is left, delivery
 * (free when what is left reaches FREE_DELIVERY_FROM_MINOR) and the payment fee.
 */
export function cartTotals(
  lines: readonly Pick<CartLine, "quantity" | "unitPriceMinor">[],
  options: {
    groupDiscountPercent?: number;
    voucher?: Pick<VoucherTerms, "kind" | "value"> | null;
    carrierPriceMinor?: number;
    paymentFeeMinor?: number;
  } = {},
): CartTotals {
  const itemsMinor = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0);
  const percent = Math.min(100, Math.max(0, Math.round(options.groupDiscountPercent ?? 0)));
  const groupDiscountMinor = Math.floor((itemsMinor * percent + 50) / 100);
  const afterGroup = itemsMinor - groupDiscountMinor;
  const voucherMinor = options.voucher ? voucherDiscountMinor(options.voucher, afterGroup) : 0;
  const goodsMinor = afterGroup - voucherMinor;
  const free = goodsMinor >= FREE_DELIVERY_FROM_MINOR;
  const deliveryMinor = free ? 0 : Math.max(0, options.carrierPriceMinor ?? 0);
  const paymentFeeMinor = Math.max(0, options.paymentFeeMinor ?? 0);
  return {
    itemsMinor,
    groupDiscountMinor,
    voucherDiscountMinor: voucherMinor,
    deliveryMinor,
    paymentFeeMinor,
    totalMinor: goodsMinor + deliveryMinor + paymentFeeMinor,
    toFreeDeliveryMinor: free ? 0 : FREE_DELIVERY_FROM_MINOR - goodsMinor,
  };
}
