import type { BidAmount } from "#core/contracts/bidding.ts";
import { type AuctionOutcome, closeOutcome } from "#core/lifecycles/auction.ts";
import { type BidRange, bidStepFor, minimumNextBid } from "#core/rules/bid-step.ts";
import type { BuyNowSetting } from "#core/schemas/settings.ts";

/**
 * The auction rules of docs/product/auctions.md ("Start price and reserve", "Bid steps",
 * "Automatic (proxy) bidding", "Soft close") as pure functions, so that they can be tested at every
 * boundary and the service only has to load the state under a row lock, call `placeBid`, and store
 * what it returns.
 *
 * - Bid steps come from the `bid` setting: the first bid may equal the start price, every later
 *   one must be at least the current price plus the step of the range the price falls in.
 * - Proxy bidding: a bidder may give a maximum; the system bids for them only as much as needed to
 *   lead. The price never exceeds the second-highest maximum plus one step. Equal maxima: the
 *   earlier one leads.
 * - Reserve: once the leader's maximum reaches the reserve, the price rises to at least the
 *   reserve (as at eBay and Catawiki: the reserve is hidden, but meeting it is not).
 * - Soft close: a bid accepted with less than the soft-close window left moves the end to
 *   bid time + window.
 * - "Bid the minimum": instead of an amount a bidder may ask for the lowest acceptable amount at
 *   the decision, with a ceiling; above the ceiling it is refused (`minimum_above_ceiling`),
 *   otherwise it is a bid of that amount under every rule above.
 *
 * All amounts are integer CZK minor units.
 */

/** The standing maximum of the leading bidder. */
export type Leader = {
  userId: number;
  maxMinor: number;
  /** When this maximum was set; decides ties (earlier wins). */
  since: Date;
};

export type AuctionState = {
  startPriceMinor: number;
  reservePriceMinor: number | null;
  /** The leading price; null until the first bid. */
  currentPriceMinor: number | null;
  bidCount: number;
  leader: Leader | null;
  endsAt: Date;
};

export type { BidAmount };

export type BidRequest = BidAmount & {
  userId: number;
  /** Optional maximum for automatic bidding (at least the amount). */
  maxMinor?: number | null;
  at: Date;
};

/**
 * A row of the bid history that the outcome asks the service to store, in order:
 * - `manual`: what the bidder asked for (their amount, or all of their maximum when a standing
 *   maximum beat it);
 * - `automatic`: a bid the system placed for a proxy bidder;
 * - `max_raise`: the leader raised their maximum without changing the price (kept so that the
 *   history can be replayed; not shown as a bid).
 */
export type BidRow = {
  userId: number;
  amountMinor: number;
  maxMinor: number;
  kind: "manual" | "automatic" | "max_raise";
  at: Date;
};

export type BidRefusalReason =
  | "ended"
  | "below_minimum"
  | "max_below_amount"
  /** The leader's new maximum must be above their standing one. */
  | "max_not_raised"
  /** A "bid the minimum" request: the minimum at the decision is above the bidder's ceiling. */
  | "minimum_above_ceiling";

export type BidOutcome =
  | { accepted: false; reason: BidRefusalReason; minimumMinor: number }
  | {
      accepted: true;
      rows: BidRow[];
      state: AuctionState;
      /** The bidder who led before and no longer does (to be told they were outbid). */
      outbidUserId: number | null;
      /** True when the bid moved the end (soft close). */
      extended: boolean;
    };

export type AuctionRuleOptions = {
  bidTable: readonly BidRange[];
  /** Soft-close window in milliseconds (docs/product/auctions.md, "Soft close": 2 minutes, a setting). */
  softCloseMs: number;
  /** The `buyNow` setting, for the public state's offer (not a rule of bids: buy-now.ts). */
  buyNow?: BuyNowSetting;
};

export const DEFAULT_SOFT_CLOSE_MS = 2 * 60 * 1000;

/** The lowest acceptable next bid for a state (the start price before the first bid). */
export function minimumBidFor(state: AuctionState, bidTable: readonly BidRange[]): number {
  return minimumNextBid(
    {
      currentPriceMinor: state.currentPriceMinor ?? state.startPriceMinor,
      startPriceMinor: state.startPriceMinor,
      bidCount: state.bidCount,
    },
    bidTable,
  );
}

/**
 * The minimum once a bid at `minimumMinor` has been accepted (that amount plus its step): what the
 * page offers as the ceiling of "bid the minimum", so that one bid decided before it still leaves it
 * in at the next step.
 */
export function minimumAfterBidAt(minimumMinor: number, bidTable: readonly BidRange[]): number {
  return minimumMinor + bidStepFor(minimumMinor, bidTable);
}

/** The price once the reserve is taken into account: a leader whose maximum meets it pays at least it. */
export function withReserve(priceMinor: number, leaderMaxMinor: number, reserveMinor: number | null): number {
  if (reserveMinor === null || leaderMaxMinor < reserveMinor || priceMinor >= reserveMinor) return priceMinor;
  return reserveMinor;
}

/**
 * The end after a bid at `at`: unchanged when more than the window is left (at exactly the window,
 * bid time + window is the same instant), otherwise bid time + window.
 */
export function endAfterBid(endsAt: Date, at: Date, softCloseMs: number): Date {
  const extended = at.getTime() + softCloseMs;
  return extended > endsAt.getTime() ? new Date(extended) : endsAt;
}

/** One bid request being judged: the state it meets, its own maximum and its instant. */
type BidContext = {
  state: AuctionState;
  request: BidRequest;
  options: AuctionRuleOptions;
  /** The amount bid: the request's, or the minimum at the decision for a "bid the minimum" request. */
  amountMinor: number;
  /** The request's maximum (its amount when it gave none). */
  maxMinor: number;
  at: Date;
};

function bidRow(
  ctx: BidContext,
  userId: number,
  amountMinor: number,
  max: number,
  kind: BidRow["kind"],
): BidRow {
  return { userId, amountMinor, maxMinor: max, kind, at: ctx.at };
}

/** The accepted outcome: the new price and leader, the end moved by soft close when it counts as a bid. */
function accept(
  ctx: BidContext,
  rows: BidRow[],
  priceMinor: number,
  newLeader: Leader,
  countsAsBid: boolean,
): BidOutcome {
  const { state, options, at } = ctx;
  const endsAt = countsAsBid ? endAfterBid(state.endsAt, at, options.softCloseMs) : state.endsAt;
  return {
    accepted: true,
    rows,
    state: {
      ...state,
      currentPriceMinor: priceMinor,
      bidCount: state.bidCount + rows.filter((r) => r.kind !== "max_raise").length,
      leader: newLeader,
      endsAt,
    },
    outbidUserId: state.leader && state.leader.userId !== newLeader.userId ? state.leader.userId : null,
    extended: endsAt.getTime() !== state.endsAt.getTime(),
  };
}

/** The leader raises their own maximum: the price moves only if the new maximum meets the reserve. */
function raiseMaximum(ctx: BidContext, leader: Leader): BidOutcome {
  const { state, maxMinor, at } = ctx;
  const current = state.currentPriceMinor ?? state.startPriceMinor;
  const price = withReserve(current, maxMinor, state.reservePriceMinor);
  const raised: Leader = { userId: leader.userId, maxMinor, since: at };
  const rows = [bidRow(ctx, leader.userId, current, maxMinor, "max_raise")];
  if (price !== current) rows.push(bidRow(ctx, leader.userId, price, maxMinor, "automatic"));
  return accept(ctx, rows, price, raised, price !== current);
}

/** Someone other than the leader bids (at least the minimum): the proxies answer as far as needed. */
function challenge(ctx: BidContext): BidOutcome {
  const { state, request, options, amountMinor, maxMinor, at } = ctx;
  const { leader } = state;
  const challenger: Leader = { userId: request.userId, maxMinor, since: at };
  // The request itself is always stored as it was made (a "bid the minimum" request as the amount it
  // became), so the history can be replayed.
  const rows: BidRow[] = [bidRow(ctx, request.userId, amountMinor, maxMinor, "manual")];
  const proxy = (userId: number, amountMinor: number, max: number) => {
    if (amountMinor > rows[rows.length - 1].amountMinor)
      rows.push(bidRow(ctx, userId, amountMinor, max, "automatic"));
  };

  if (!leader) {
    const price = withReserve(amountMinor, maxMinor, state.reservePriceMinor);
    proxy(request.userId, price, maxMinor);
    return accept(ctx, rows, price, challenger, true);
  }

  if (maxMinor > leader.maxMinor) {
    // The challenger's maximum beats the standing one: they lead at one step above it, but never
    // less than they bid, nor more than their maximum. The history shows the old leader's proxy
    // going up to its maximum first.
    const beat = Math.min(maxMinor, leader.maxMinor + bidStepFor(leader.maxMinor, options.bidTable));
    const price = withReserve(Math.max(amountMinor, beat), maxMinor, state.reservePriceMinor);
    proxy(leader.userId, leader.maxMinor, leader.maxMinor);
    proxy(request.userId, price, maxMinor);
    return accept(ctx, rows, price, challenger, true);
  }

  // The standing maximum holds (ties go to the earlier one, which is the leader): the challenger's
  // proxy spends their whole maximum and the leader's answers one step above it.
  const answer =
    maxMinor === leader.maxMinor
      ? leader.maxMinor
      : Math.min(leader.maxMinor, maxMinor + bidStepFor(maxMinor, options.bidTable));
  const price = withReserve(answer, leader.maxMinor, state.reservePriceMinor);
  proxy(request.userId, maxMinor, maxMinor);
  if (price > maxMinor || rows[rows.length - 1].userId !== leader.userId) {
    rows.push(bidRow(ctx, leader.userId, price, leader.maxMinor, "automatic"));
  }
  return accept(ctx, rows, price, leader, true);
}

/**
 * Judges one bid request against the state: refused with the reason and the minimum, or the rows
 * and the new state. A "bid the minimum" request is judged as a bid of the minimum of this state.
 */
export function placeBid(state: AuctionState, request: BidRequest, options: AuctionRuleOptions): BidOutcome {
  const minimumMinor = minimumBidFor(state, options.bidTable);
  const refuse = (reason: BidRefusalReason): BidOutcome => ({ accepted: false, reason, minimumMinor });

  if (request.at.getTime() >= state.endsAt.getTime()) return refuse("ended");
  // "Bid the minimum" takes the minimum of this moment (after any bid decided before it), never
  // more than the bidder agreed to; from here on it is an ordinary bid of that amount.
  const amountMinor = request.minimum ? minimumMinor : request.amountMinor;
  if (request.minimum && amountMinor > request.notAboveMinor) return refuse("minimum_above_ceiling");
  const maxMinor = request.maxMinor ?? amountMinor;
  if (maxMinor < amountMinor) return refuse("max_below_amount");
  const ctx: BidContext = { state, request, options, amountMinor, maxMinor, at: request.at };

  const { leader } = state;
  if (leader && leader.userId === request.userId) {
    if (maxMinor <= leader.maxMinor) return refuse("max_not_raised");
    return raiseMaximum(ctx, leader);
  }
  if (amountMinor < minimumMinor) return refuse("below_minimum");
  return challenge(ctx);
}

export type AuctionResult = AuctionOutcome;

/**
 * The one outcome of an ended auction: the leader wins at the current price, if the reserve is
 * met. The rule is core's (core/lifecycles/auction.ts), which the listings module's close applies
 * to the stored row; this is its view over the rules' state, for the tests that replay bids.
 */
export function decideAuction(state: AuctionState): AuctionResult {
  return closeOutcome(state);
}

/**
 * Replays the bidders' own requests (the `manual` and `max_raise` rows, in order) from the
 * initial state and returns the resulting state: what the stored history must add up to.
 */
export function replayBids(
  initial: AuctionState,
  requests: readonly BidRequest[],
  options: AuctionRuleOptions,
): AuctionState {
  let state = initial;
  for (const request of requests) {
    const outcome = placeBid(state, request, options);
    if (outcome.accepted) state = outcome.state;
  }
  return state;
}
