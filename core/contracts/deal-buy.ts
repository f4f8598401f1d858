import type { MessageKey } from "../i18n/index.ts";

/**
 * The refusals of "Koupit" (issue 35: a fixed-price classified bought through the site), as the
 * deals' buying steps answer them (server/modules/deals/flow/buying.ts), with the words and the
 * HTTP status the buy step gives them.
 */
export type BuyRefusalCode =
  | "deals_off"
  | "not_buyable"
  | "own_listing"
  | "taken"
  | "sold"
  | "delivery_not_offered"
  | "key_reused"
  /** Two won auctions left unpaid within 12 months: buying is suspended as bidding is. */
  | "buyer_suspended"
  /** Five items bought with "Koupit" and not paid yet: pay those first. */
  | "unpaid_purchases"
  /** Too many purchases in an hour. */
  | "rate_limited";

const REFUSALS: Record<BuyRefusalCode, { key: MessageKey; status: 403 | 409 | 422 | 429 | 503 }> = {
  deals_off: { key: "dealBuy.errors.dealsOff", status: 503 },
  not_buyable: { key: "dealBuy.errors.notBuyable", status: 409 },
  own_listing: { key: "dealBuy.errors.ownListing", status: 403 },
  taken: { key: "dealBuy.errors.taken", status: 409 },
  sold: { key: "dealBuy.errors.sold", status: 409 },
  delivery_not_offered: { key: "dealBuy.errors.deliveryNotOffered", status: 422 },
  key_reused: { key: "dealBuy.errors.keyReused", status: 409 },
  buyer_suspended: { key: "dealBuy.errors.buyerSuspended", status: 403 },
  unpaid_purchases: { key: "dealBuy.errors.unpaidPurchases", status: 409 },
  rate_limited: { key: "dealBuy.errors.rateLimited", status: 429 },
};

export const buyRefusalKey = (code: BuyRefusalCode): MessageKey => REFUSALS[code].key;
export const buyRefusalStatus = (code: BuyRefusalCode): number => REFUSALS[code].status;
