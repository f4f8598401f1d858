import type { DealFees } from "../rules/deal-fees.ts";
import type { DeliveryOption } from "../schemas/delivery.ts";

/**
 * What the product page knows of a listing's deal through the site (issue 35, item 2; ADR 0075):
 * the fees now, the seller's delivery options, the viewer's group discount (0 for a visitor) and
 * whether a classified takes payment through the site. Enough for the bid box to compute the
 * all-in total as the bidder types; the server computes the same for the bid confirmation.
 */
export type DealOffer = {
  fees: DealFees;
  deliveryOptions: DeliveryOption[];
  buyerDiscountPercent: number;
  paysThroughSite: boolean;
  /**
   * A fixed-price classified that opted in ("Koupit"): offered, reserved by a buyer's live deal,
   * the viewer's own listing, bought by the viewer (their deal), or not buyable now.
   */
  buy?: { state: "buyable" | "reserved" | "own" | "none" } | { state: "mine"; dealId: number };
};

/** The all-in total of a price, broken down as the confirmation and the purchase panel show it. */
export type AllInBreakdown = {
  priceMinor: number;
  /** The delivery the total counts: the cheapest shipping, else pickup. */
  delivery: DeliveryOption;
  deliveryMinor: number;
  /** The buyer-protection fee after the viewer's group discount. */
  protectionMinor: number;
  discountPercent: number;
  totalMinor: number;
};
