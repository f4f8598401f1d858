import type { DeliveryOption } from "../schemas/delivery.ts";
import { cheapestDeliveryMinor } from "./delivery.ts";
import { type Fee, withDiscount } from "./fees.ts";

/**
 * The money of a deal as pure rules (docs/product/deals.md, "Fees"; ADR 0072): the buyer-protection
 * fee the buyer pays on top of the price, the seller's commission taken from the price, the all-in
 * total the bid box shows and what the seller is paid. All amounts are integer CZK minor units.
 *
 * Rounding, one rule everywhere: a percentage of an amount is rounded to whole haléře, half up
 * (`percentOf`), as the group discount is (core/rules/fees.ts). Both fees are the operator's own
 * supplies, so the user group discount applies to each as to every fee of the price list
 * (docs/product/fees.md, "Group discounts"): the buyer's discount to the buyer-protection fee, the
 * seller's to the commission. The discount is taken from the fee after its minimum is applied, so
 * the minimum is the price list's floor and a discounted buyer may pay less than it.
 */

/** The fee part of the `deals` setting (core/schemas/settings.ts validates it). */
export type DealFees = {
  buyerProtection: { percentBp: number; fixedMinor: number; minMinor: number };
  /** Basis points of the price (100 bp = 1 %); 0 = no commission. */
  sellerCommissionBp: number;
};

/** Basis points in a whole: 10 000 bp = 100 %. */
export const BP = 10_000;

/** `bp` basis points of a non-negative amount, rounded to whole haléře, half up. */
export function percentOf(amountMinor: number, bp: number): number {
  return Math.floor((amountMinor * bp + BP / 2) / BP);
}

/**
 * The buyer-protection fee for a price: percent + fixed part, never below the minimum, then the
 * buyer's group discount.
 */
export function buyerProtectionFee(fees: DealFees, priceMinor: number, buyerDiscountPercent: number): Fee {
  const { percentBp, fixedMinor, minMinor } = fees.buyerProtection;
  const base = Math.max(minMinor, percentOf(priceMinor, percentBp) + fixedMinor);
  return withDiscount(base, buyerDiscountPercent);
}

/** The seller's commission on a price, less the seller's group discount; never above the price. */
export function sellerCommission(fees: DealFees, priceMinor: number, sellerDiscountPercent: number): Fee {
  return withDiscount(
    Math.min(priceMinor, percentOf(priceMinor, fees.sellerCommissionBp)),
    sellerDiscountPercent,
  );
}

export type DealAmounts = {
  priceMinor: number;
  /** The delivery counted: the cheapest shipping to the Czech Republic, else pickup (0). */
  deliveryMinor: number;
  buyerProtection: Fee;
  commission: Fee;
  /** What the buyer pays: price + delivery + buyer-protection fee. */
  totalMinor: number;
  /** The seller's payout for the item: price − commission. */
  payoutMinor: number;
  /** What is transferred to the seller: the payout + the delivery (the seller ships, so it is theirs). */
  transferMinor: number;
};

/**
 * The whole breakdown of a deal at a price with one delivery price: what the buyer pays and what
 * the seller is paid. The delivery goes to the seller in full (the seller ships); no fee is taken
 * from it.
 */
export function dealAmounts(
  fees: DealFees,
  priceMinor: number,
  deliveryMinor: number,
  discounts: { buyerPercent: number; sellerPercent: number },
): DealAmounts {
  const price = Math.max(0, Math.round(priceMinor));
  const delivery = Math.max(0, Math.round(deliveryMinor));
  const buyerProtection = buyerProtectionFee(fees, price, discounts.buyerPercent);
  const commission = sellerCommission(fees, price, discounts.sellerPercent);
  return {
    priceMinor: price,
    deliveryMinor: delivery,
    buyerProtection,
    commission,
    totalMinor: price + delivery + buyerProtection.amountMinor,
    payoutMinor: price - commission.amountMinor,
    transferMinor: price - commission.amountMinor + delivery,
  };
}

/**
 * The all-in total the bid box and the bid confirmation show for an amount ("celkem s doručením a
 * ochranou kupujícího"): the amount + the cheapest delivery to the Czech Republic + the
 * buyer-protection fee with the buyer's discount. Null when the listing has no delivery options.
 */
export function allInTotal(
  fees: DealFees,
  priceMinor: number,
  options: readonly DeliveryOption[],
  buyerDiscountPercent: number,
): DealAmounts | null {
  const delivery = cheapestDeliveryMinor(options);
  if (delivery === null) return null;
  return dealAmounts(fees, priceMinor, delivery, { buyerPercent: buyerDiscountPercent, sellerPercent: 0 });
}

/** Reads the fee part of the `deals` setting's value; null when missing or malformed. */
export function readDealFees(value: unknown): DealFees | null {
  const v = value as { buyerProtection?: Record<string, unknown>; sellerCommissionBp?: unknown } | null;
  const protection = v?.buyerProtection;
  const numbers = [
    protection?.percentBp,
    protection?.fixedMinor,
    protection?.minMinor,
    v?.sellerCommissionBp,
  ];
  if (!numbers.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return null;
  const [percentBp, fixedMinor, minMinor, sellerCommissionBp] = numbers as number[];
  if (percentBp > BP || sellerCommissionBp > BP) return null;
  return { buyerProtection: { percentBp, fixedMinor, minMinor }, sellerCommissionBp };
}
