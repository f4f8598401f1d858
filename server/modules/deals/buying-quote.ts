import { and, count, eq, notInArray } from "drizzle-orm";
import type { BuyRefusalCode } from "#core/contracts/deal-buy.ts";
import type { AllInBreakdown } from "#core/contracts/deal-offer.ts";
import type { DealStatus } from "#core/lifecycles/deal.ts";
import { type DealFees, dealAmounts } from "#core/rules/deal-fees.ts";
import { cheapestDeliveryOption } from "#core/rules/delivery.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { Db } from "#server/db/client.ts";
import type { ProductSummary } from "../listing-reads/index.ts";
import type { ListingDealTerms } from "./making.ts";
import { deals } from "./tables.ts";

/**
 * "Koupit" (issue 35, item 1): what makes a listing buyable through the site, and the breakdown of
 * each delivery the buyer may choose (price, the delivery, buyer protection with the buyer's group
 * discount, total), computed as the deal will be (`dealAmounts`, the same rule as makeDeal).
 */

/**
 * Why a listing cannot be bought now (core/contracts/deal-buy.ts): `not_buyable`, not a live
 * fixed-price supply classified taking payment through the site; `taken`, another live deal holds it.
 */
export type BuyRefusal = "not_found" | BuyRefusalCode;

/** The statuses of a deal that no longer holds its listing (deals_one_live_per_product). */
export const ENDED_UNSOLD: readonly DealStatus[] = ["cancelled", "cancelled_unpaid", "refunded"];

/**
 * How many items one buyer may hold bought with "Koupit" and not paid yet: each keeps a listing
 * from every other buyer for the days to pay, so a buyer cannot reserve a seller's whole stock.
 */
export const MAX_UNPAID_PURCHASES = 5;

/** The buyer's "Koupit" deals still awaiting payment. */
export async function unpaidPurchasesOf(executor: Db, buyerId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(deals)
    .where(
      and(eq(deals.buyerId, buyerId), eq(deals.source, "buy_now"), eq(deals.status, "awaiting_payment")),
    );
  return row.n;
}

/** The live deal holding a listing (awaiting payment, or paid and on its way), if any. */
export async function liveDealOf(executor: Db, productId: number) {
  const [row] = await executor
    .select({ id: deals.id, buyerId: deals.buyerId, status: deals.status })
    .from(deals)
    .where(and(eq(deals.productId, productId), notInArray(deals.status, [...ENDED_UNSOLD])))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the product can be bought through the site by `buyerId` (null: a visitor, who is asked
 * to log in), without the live deal check.
 */
export function buyableRefusal(
  product: ProductSummary | undefined,
  terms: ListingDealTerms | null,
  buyerId: number | null,
): BuyRefusal | null {
  if (!product || product.sellerId === null) return "not_found";
  if (product.status === "sold") return "sold";
  const fixedClassified =
    product.format === "classified" && product.type === "supply" && product.priceMinor !== null;
  if (!fixedClassified || product.status !== "active") return "not_buyable";
  if (!terms?.paysThroughSite || terms.deliveryOptions.length === 0) return "not_buyable";
  if (buyerId !== null && product.sellerId === buyerId) return "own_listing";
  return null;
}

/** The breakdown of the price with one delivery option, the buyer's discount applied. */
export function breakdownWith(
  fees: DealFees,
  priceMinor: number,
  option: DeliveryOption,
  buyerDiscountPercent: number,
): AllInBreakdown {
  const amounts = dealAmounts(fees, priceMinor, "priceMinor" in option ? option.priceMinor : 0, {
    buyerPercent: buyerDiscountPercent,
    sellerPercent: 0,
  });
  return {
    priceMinor: amounts.priceMinor,
    delivery: option,
    deliveryMinor: amounts.deliveryMinor,
    protectionMinor: amounts.buyerProtection.amountMinor,
    discountPercent: amounts.buyerProtection.discountPercent,
    totalMinor: amounts.totalMinor,
  };
}

/** Each option with its breakdown, cheapest shipping first chosen (the one the all-in total counted). */
export function quoteOptions(
  fees: DealFees,
  priceMinor: number,
  options: readonly DeliveryOption[],
  buyerDiscountPercent: number,
) {
  const cheapest = cheapestDeliveryOption(options);
  return {
    options: options.map((option) => ({
      carrier: option.carrier,
      breakdown: breakdownWith(fees, priceMinor, option, buyerDiscountPercent),
    })),
    preselected: cheapest?.carrier ?? options[0]?.carrier ?? null,
  };
}
