import { sql } from "drizzle-orm";
import type { AuctionLive, BidRefusal, PublicBid, ViewerStanding } from "#core/contracts/bidding.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { type AuctionRow, maskUsername, readAuction } from "../listings/index.ts";
import { leaderOf, liveOf, stateOf, usernamesOf } from "./auction-state.ts";
import { createListedCopies } from "./listed-copy.ts";
import { LEADING_QUEUE, OUTBID_QUEUE } from "./queues.ts";
import type { RuleOptions } from "./rule-options.ts";
import {
  type AuctionRuleOptions,
  type BidAmount,
  type BidRow,
  minimumBidFor,
  placeBid as placeBidRule,
} from "./rules.ts";

/**
 * A bid, decided in the database in one statement (bid_decision(), migration 0027; ADR
 * "bid decision in the database"): it locks the auction's row, applies the rules, stores the bid's
 * rows and the auction's new state and queues the live stream's NOTIFY, so the lock is held for
 * the function and its commit, never across a round trip, nor through the WAL's flush (0036). Concurrent bids queue on the lock and
 * each sees the state the previous one left, on one instance or several. rules.ts stays the
 * reference (the preview below uses it; bid-decision.test.ts checks that both decide alike).
 * After the commit: the jobs that tell the outbid bidder and the leader whose maximum answered,
 * and the bidders' names for the answer.
 */

/** What the bidding service needs to know about the one who bids (the signed-in user). */
export type Bidder = {
  id: number;
  emailConfirmed: boolean;
  adultConfirmed: boolean;
  /**
   * Their username when the caller has it (the session's user): the answer then reads no names for
   * the bidder's own rows, one statement less for most accepted bids.
   */
  username?: string;
};

/** A bid of an amount, or "the minimum" up to a ceiling (rules.ts, BidAmount). */
export type PlaceBidInput = BidAmount & {
  productId: number;
  bidder: Bidder;
  maxMinor?: number | null;
  /** Tests only: the bid's instant (defaults to the moment the lock is held). */
  now?: Date;
};

type Refusal = { ok: false; reason: BidRefusal; minimumMinor?: number };

export type PlaceBidResult =
  | Refusal
  | {
      ok: true;
      live: AuctionLive;
      /** The rows the bid added to the public history (oldest first). */
      bids: PublicBid[];
      viewer: ViewerStanding;
      /** True when the bid moved the end (soft close). */
      extended: boolean;
      /**
       * True when the bid's auction event (AUCTION_EVENTS_CHANNEL) was committed with it, as
       * bid_decision() does for every bid that added a row to the public history (not for a raise
       * of one's own maximum alone): every instance's page cache has heard of it (ADR 0056).
       */
      notified: boolean;
    };

type Accepted = Extract<ReturnType<typeof placeBidRule>, { accepted: true }>;
/** The rules' outcome, with the amount bid (for "the minimum", the minimum it became). */
type BidCheck = Refusal | { ok: true; outcome: Accepted; amountMinor: number };

/** Who may bid, whether the auction takes bids, then the rules: refused, or the outcome to store. */
async function checkBid(
  executor: Db,
  row: AuctionRow | null,
  input: BidAmount & { bidder: Bidder; maxMinor?: number | null; at: Date },
  options: AuctionRuleOptions | null,
): Promise<BidCheck> {
  const { bidder } = input;
  if (!row) return { ok: false, reason: "not_found" };
  if (row.sellerId === bidder.id) return { ok: false, reason: "own_item" };
  if (!bidder.emailConfirmed) return { ok: false, reason: "email_not_confirmed" };
  if (!bidder.adultConfirmed) return { ok: false, reason: "adult_not_confirmed" };
  if (["draft", "awaiting_payment", "scheduled"].includes(row.status))
    return { ok: false, reason: "not_active" };
  if (row.status !== "active" || !options) return { ok: false, reason: "ended" };
  const leader = await leaderOf(executor, row);
  const amount: BidAmount = input.minimum
    ? { minimum: true, notAboveMinor: input.notAboveMinor }
    : { amountMinor: input.amountMinor };
  const state = stateOf(row, leader);
  const outcome = placeBidRule(
    state,
    { userId: bidder.id, ...amount, maxMinor: input.maxMinor ?? null, at: input.at },
    options,
  );
  if (!outcome.accepted) return { ok: false, reason: outcome.reason, minimumMinor: outcome.minimumMinor };
  return { ok: true, outcome, amountMinor: input.amountMinor ?? minimumBidFor(state, options.bidTable) };
}

/** What bid_decision() (migrations 0027, 0028, 0033, 0036) answers: a refusal, or the stored rows and the auction after the bid. */
type DecisionRow = {
  id: number;
  userId: number;
  amountMinor: number;
  maxMinor: number;
  kind: BidRow["kind"];
};
type DatabaseDecision =
  | { ok: false; reason: BidRefusal; minimumMinor?: number }
  | {
      ok: true;
      /** The bid's instant (epoch ms): the clock once the lock was held. */
      at: number;
      rows: DecisionRow[];
      outbidUserId: number | null;
      extended: boolean;
      auction: {
        id: number;
        status: AuctionRow["status"];
        startPriceMinor: number | null;
        currentPriceMinor: number;
        reservePriceMinor: number | null;
        bidCount: number;
        endsAt: number;
        endedAt: number | null;
        leaderId: number;
        leaderMaxMinor: number;
        leaderSince: number;
        lastBidId: number;
      };
    };

/** The one value of a one-row, one-column result, on either engine's driver. */
function singleValue(result: unknown): unknown {
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const value = rows[0]?.decision;
  return typeof value === "string" ? JSON.parse(value) : value;
}

/**
 * The whole decision in one statement, one round trip: bid_decision() locks the auction's row,
 * applies the rules (the SQL twin of rules.ts's placeBid, compared with it by
 * bid-decision.test.ts), stores the bid's rows and the auction's new state and queues the live
 * stream's NOTIFY. Run on its own it is its own transaction: the lock is held for the function and
 * the commit only, and an accepted bid's commit does not wait for the disk: call untilDurable()
 * before telling anyone of it (migration 0036).
 */
export async function decideInDatabase(
  executor: Db,
  input: BidAmount & { productId: number; bidder: Bidder; maxMinor?: number | null; now?: Date },
  options: AuctionRuleOptions | null,
): Promise<DatabaseDecision> {
  const { bidder } = input;
  // "Bid the minimum" is a null amount with its ceiling (migration 0033).
  const amount = input.minimum ? null : input.amountMinor;
  const ceiling = input.minimum ? input.notAboveMinor : null;
  const result = await executor.execute(sql`select bid_decision(
    ${input.productId}::integer, ${bidder.id}::integer,
    ${bidder.emailConfirmed}::boolean, ${bidder.adultConfirmed}::boolean,
    ${amount}::bigint, ${input.maxMinor ?? null}::bigint, ${ceiling}::bigint,
    ${options ? JSON.stringify(options.bidTable) : null}::jsonb, ${options?.softCloseMs ?? 0}::bigint,
    ${input.now?.toISOString() ?? null}::timestamptz) as decision`);
  return singleValue(result) as DatabaseDecision;
}

/**
 * Returns once everything committed before it is on disk (bid_durable(), migration 0036; ADR
 * 0048). bid_decision() commits an accepted bid without waiting for the WAL flush, so that the
 * auction's lock is not held through the disk's write; this waits for it out of the lock, where
 * the flushes of many bids overlap.
 */
export async function untilDurable(db: Db): Promise<void> {
  await db.execute(sql`select bid_durable()`);
}

type PlacementDeps = {
  db: Db;
  jobs: JobRunner;
  ruleOptions: RuleOptions;
  logger?: Pick<Logger, "error">;
  /** The deals' word on a bidder who left won auctions unpaid (issue 35); none: everyone may bid. */
  biddingSuspended?: (userId: number) => Promise<boolean>;
  /** The age check's word on the bidder (issue 36): none, everyone may bid. */
  ageVerified?: (userId: number) => Promise<boolean>;
};

/**
 * What the bid tells others, after its commit: the outbid bidder, and the leader whose proxy
 * maximum answered someone else's bid (the live streams heard the NOTIFY on the commit). A
 * failure here loses a notice, never the bid, and does not turn the accepted bid into an error.
 * True when it stored at least one job and every one it had to: their commits are synchronous and
 * come after the bid's, so the WAL is then on disk past the bid too (the bid's own commit did not
 * wait for the disk, migration 0036).
 */
async function announceBid(
  { jobs, logger }: Pick<PlacementDeps, "jobs" | "logger">,
  productId: number,
  bidderId: number,
  decision: Extract<DatabaseDecision, { ok: true }>,
): Promise<boolean> {
  const { lastBidId, leaderId } = decision.auction;
  const sends: Promise<string | null>[] = [];
  if (decision.outbidUserId !== null)
    sends.push(jobs.send(OUTBID_QUEUE, { productId, userId: decision.outbidUserId, bidId: lastBidId }));
  if (
    leaderId !== bidderId &&
    decision.rows.some((row) => row.kind === "automatic" && row.userId === leaderId)
  ) {
    sends.push(jobs.send(LEADING_QUEUE, { productId, userId: leaderId, bidId: lastBidId }));
  }
  const results = await Promise.allSettled(sends);
  for (const result of results)
    if (result.status === "rejected")
      logger?.error({ err: result.reason, productId, bidId: lastBidId }, "could not queue a bid notice");
  return results.length > 0 && results.every((result) => result.status === "fulfilled" && result.value);
}

/**
 * The public rows the bid added, oldest first: only the names of bidders other than the one who
 * bid are read (after the commit), the bidder's own coming with the request when it has it.
 */
async function addedPublicBids(
  db: Db,
  decision: Extract<DatabaseDecision, { ok: true }>,
  bidder: Bidder,
): Promise<PublicBid[]> {
  const at = new Date(decision.at).toISOString();
  const shown = decision.rows.filter((row) => row.kind !== "max_raise").sort((a, b) => a.id - b.id);
  if (shown.length === 0) return [];
  const others = shown
    .map((row) => row.userId)
    .filter((id) => id !== bidder.id || bidder.username === undefined);
  const names = others.length > 0 ? await usernamesOf(db, others) : new Map<number, string>();
  if (bidder.username !== undefined) names.set(bidder.id, bidder.username);
  return shown.map((row) => ({
    id: row.id,
    amountMinor: row.amountMinor,
    at,
    bidder: maskUsername(names.get(row.userId) ?? "?"),
    automatic: row.kind === "automatic",
  }));
}

export function createBidPlacement(deps: PlacementDeps) {
  const { db, ruleOptions } = deps;
  const listedCopies = createListedCopies(db, deps.logger);

  return {
    /**
     * A bid (with an optional proxy maximum), decided under the auction's row lock. Refusals say
     * why; an accepted bid returns the new public state, the history rows it added and where the
     * bidder now stands.
     */
    async placeBid(input: PlaceBidInput): Promise<PlaceBidResult> {
      if (await deps.biddingSuspended?.(input.bidder.id)) return { ok: false, reason: "bidding_suspended" };
      if (deps.ageVerified && !(await deps.ageVerified(input.bidder.id)))
        return { ok: false, reason: "age_unverified" };
      const options = await ruleOptions();
      const decision = await decideInDatabase(db, input, options);
      if (!decision.ok) return decision;
      // The listings' copy of the price and count follows within a second (ADR 0053).
      listedCopies.soon(input.productId);
      // The bid committed without waiting for the disk (the lock passed on at once): the bidder
      // is answered only once the WAL is on disk past it, which the notice jobs' own commits
      // ensure when there are any, else bid_durable().
      const [added] = await Promise.all([
        addedPublicBids(db, decision, input.bidder),
        announceBid(deps, input.productId, input.bidder.id, decision).then((durable) =>
          durable ? undefined : untilDurable(db),
        ),
      ]);
      const { auction } = decision;
      const at = new Date(decision.at);
      const leading = auction.leaderId === input.bidder.id;
      const row = {
        ...auction,
        endsAt: new Date(auction.endsAt),
        endedAt: auction.endedAt === null ? null : new Date(auction.endedAt),
      };
      return {
        ok: true,
        live: liveOf(row, options, at),
        bids: added,
        viewer: {
          leading,
          hasBid: true,
          // The amount bid is the request's first row (for "the minimum", what it became).
          maxMinor: leading
            ? auction.leaderMaxMinor
            : Math.max(input.maxMinor ?? 0, decision.rows[0]?.amountMinor ?? 0),
          won: false,
          threadId: null,
          dealId: null,
        },
        extended: decision.extended,
        notified: decision.rows.some((row) => row.kind !== "max_raise"),
      };
    },

    /**
     * What placing the bid now would answer, without placing it (no lock, nothing stored): the
     * page's confirmation step asks only when the bid would be accepted at this moment, and names
     * the amount ("the minimum" as it is now).
     */
    async previewBid(
      input: PlaceBidInput & { now?: never },
    ): Promise<{ ok: true; raise: boolean; amountMinor: number } | Refusal> {
      const options = await ruleOptions();
      const row = await readAuction(db, input.productId);
      const decision = await checkBid(db, row, { ...input, at: new Date() }, options);
      if (!decision.ok) return decision;
      // The age check is asked for once the bid would otherwise be taken, so nobody proves their
      // age for an auction that has ended.
      if (deps.ageVerified && !(await deps.ageVerified(input.bidder.id)))
        return { ok: false, reason: "age_unverified" };
      return {
        ok: true,
        raise: decision.outcome.rows[0]?.kind === "max_raise",
        amountMinor: decision.amountMinor,
      };
    },
  };
}
