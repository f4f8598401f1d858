/**
 * The live auction's data as the server sends it (server/modules/bidding builds it) and the page,
 * the API and the live stream share it. Plain JSON: instants are ISO strings, money CZK minor units.
 */

import type { ProductStatus } from "./catalog.ts";

/** A bid as anyone may see it: the bidder masked (k***l), the proxy maximum never. */
export type PublicBid = {
  id: number;
  amountMinor: number;
  /** ISO instant. */
  at: string;
  bidder: string;
  /** Placed by the system for a proxy bidder. */
  automatic: boolean;
};

/** The public state of an auction. */
export type AuctionLive = {
  productId: number;
  status: ProductStatus;
  startPriceMinor: number;
  /** The leading price; the start price until the first bid. */
  priceMinor: number;
  /** The lowest acceptable next bid; null when the bid table is missing or the auction is not live. */
  minimumNextBidMinor: number | null;
  /**
   * The minimum plus its step (the minimum once someone bids it; null with it): the ceiling the page
   * offers for "bid the minimum", by the server's step table.
   */
  minimumCeilingMinor: number | null;
  bidCount: number;
  endsAt: string | null;
  endedAt: string | null;
  hasReserve: boolean;
  reserveMet: boolean;
  /**
   * The buy-it-now price while it is offered (docs/product/auctions.md, "Buy it now"); null when
   * the auction has none or it is gone (the first bid, by the setting the reserve met, the end).
   */
  buyNowPriceMinor: number | null;
  /** The newest bid row's id (0 before the first): the live stream's event id. */
  lastBidId: number;
  /** The server's clock when this was read, so that clients correct their own. */
  serverNow: string;
};

/** Where one viewer stands in an auction (shown to them only). */
export type ViewerStanding = {
  leading: boolean;
  /** The viewer has bid on it (a non-leading bidder was outbid). */
  hasBid: boolean;
  /** The viewer's own standing maximum; null when they have not bid. */
  maxMinor: number | null;
  /** The auction was decided with the viewer as the winner. */
  won: boolean;
  /** The conversation with the seller, once won. */
  threadId: number | null;
  /** The deal through the site the win opened (pay and follow the delivery there), once it exists. */
  dealId: number | null;
};

/** One event of the live stream (`event: auction`, `id: live.lastBidId`). */
export type AuctionEvent = {
  live: AuctionLive;
  /** Bids the stream had not sent yet, oldest first. */
  bids: PublicBid[];
  /** The viewer leads (while the auction runs). */
  leading: boolean;
  /** The viewer won (once decided). */
  won: boolean;
};

export type MyBidGroup = "leading" | "outbid" | "won" | "lost";

/** An auction the user bid on, as "My bids" lists it. */
export type MyBid = {
  productId: number;
  name: string;
  url: string;
  image: string | null;
  status: ProductStatus;
  group: MyBidGroup;
  priceMinor: number;
  myMaxMinor: number;
  myBidCount: number;
  bidCount: number;
  endsAt: string | null;
  endedAt: string | null;
  /** The conversation with the seller, once won. */
  threadId: number | null;
};

/**
 * What a bid names: a fixed amount, or "the minimum" (docs/product/auctions.md, "Bidding the
 * current minimum"): the lowest acceptable amount at the moment of the decision, as long as it is
 * not above the bidder's ceiling `notAboveMinor`. Minor units.
 */
export type BidAmount =
  | { amountMinor: number; minimum?: undefined }
  | { minimum: true; notAboveMinor: number; amountMinor?: undefined };

/** Why a bid was refused (each has its translated text under `bidding.refusal`). */
export type BidRefusal =
  | "not_found"
  | "not_active"
  | "ended"
  | "own_item"
  | "email_not_confirmed"
  | "adult_not_confirmed"
  | "below_minimum"
  | "max_below_amount"
  | "max_not_raised"
  /** "Bid the minimum": the minimum at the decision is above the bidder's ceiling. */
  | "minimum_above_ceiling"
  /** Two won auctions left unpaid in 12 months: bidding waits for the operator's review (issue 35). */
  | "bidding_suspended"
  /** The bidder has not proved being 18+ (the age check, issue 36): the page leads to it. */
  | "age_unverified";

/** A lot of the monthly round while it closes, as the monthly auctions page lists it. */
export type ClosingLot = {
  productId: number;
  name: string;
  url: string;
  /** ISO instant: the lot's own end (its slot, or later after a soft close). */
  endsAt: string;
  priceMinor: number;
  bidCount: number;
};

/**
 * The monthly round while its lots close one slot after another (docs/product/auctions.md, "The
 * monthly round's close"): the lots of the current slot and the next ones.
 */
export type ClosingRound = {
  /** ISO instant: the round's close (20:00 Prague on the month's last day), when the first slot ends. */
  roundCloseAt: string;
  endingNow: ClosingLot[];
  next: ClosingLot[];
};
