import type { ProductStatus } from "../contracts/catalog.ts";

/**
 * The auction on top of the listing lifecycle (listing.ts): an auction is a listing with format
 * "auction" and has no status of its own. Its phase follows from the listing's status and its end
 * (docs/product/lifecycles.md, "Auction phases"), and its close has one rule
 * (docs/product/auctions.md, "Winner"): the leader wins at the current price if there is a bid and
 * the reserve, if any, is met (active -> sold); otherwise it ends without a winner (active -> ended).
 */

export type AuctionPhase =
  /** Not live yet: unpaid, or waiting for its activation date (bids refused `not_active`). */
  | "not_started"
  /** Live until its end (moved by soft close): bids are taken. */
  | "running"
  /** Live but past its end: no more bids, its close is due (the close job or the sweeper). */
  | "closing"
  /** Closed, with a winner (sold) or without one (ended); `ended_at` is set. */
  | "closed"
  /** Never ran, or withdrawn before any bid: cancelled, rejected, expired. */
  | "withdrawn";

export function auctionPhase(
  listing: { status: ProductStatus; endsAt: Date | null },
  now: Date,
): AuctionPhase {
  switch (listing.status) {
    case "draft":
    case "awaiting_payment":
    case "scheduled":
      return "not_started";
    case "active":
      return listing.endsAt !== null && listing.endsAt.getTime() > now.getTime() ? "running" : "closing";
    case "sold":
    case "ended":
      return "closed";
    default:
      return "withdrawn";
  }
}

/** The leading bidder at the close: their id, their hidden maximum, and since when they lead. */
export type AuctionLeader = { userId: number; maxMinor: number; since: Date };

export type AuctionOutcome =
  | { outcome: "sold"; winnerId: number; priceMinor: number }
  | { outcome: "unsold"; reason: "no_bids" | "reserve_not_met" };

/**
 * The one outcome of an ended auction. `currentPriceMinor` is the leading price, null before the
 * first bid; without a leader or a bid nobody wins, below the reserve nobody wins either.
 */
export function closeOutcome(state: {
  leader: AuctionLeader | null;
  currentPriceMinor: number | null;
  reservePriceMinor: number | null;
}): AuctionOutcome {
  const { leader } = state;
  if (!leader || state.currentPriceMinor === null) return { outcome: "unsold", reason: "no_bids" };
  if (state.reservePriceMinor !== null && state.currentPriceMinor < state.reservePriceMinor)
    return { outcome: "unsold", reason: "reserve_not_met" };
  return { outcome: "sold", winnerId: leader.userId, priceMinor: state.currentPriceMinor };
}

/** The leading price of a stored auction: null before the first bid, else the current price (or the start). */
export function leadingPrice(row: {
  bidCount: number;
  currentPriceMinor: number | null;
  startPriceMinor: number | null;
}): number | null {
  return row.bidCount > 0 ? (row.currentPriceMinor ?? row.startPriceMinor ?? 0) : null;
}

/** The listing status a close leads to: sold with a winner, ended without one. */
export function closedStatus(outcome: AuctionOutcome): Extract<ProductStatus, "sold" | "ended"> {
  return outcome.outcome === "sold" ? "sold" : "ended";
}

/** The reason recorded with the close in product_status_changes. */
export function closeReason(outcome: AuctionOutcome): string {
  return outcome.outcome === "sold" ? "auction_won" : `auction_${outcome.reason}`;
}
