import type { AuctionLive, BidRefusal, PublicBid, ViewerStanding } from "#core/contracts/bidding.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import {
  type AuctionRow,
  lockAuction,
  maskUsername,
  readAuction,
  recordLeadingBid,
} from "../listings/index.ts";
import { leaderOf, liveOf, stateOf, usernamesOf } from "./auction-state.ts";
import { notifyAuctionChange } from "./events.ts";
import { LEADING_QUEUE, OUTBID_QUEUE } from "./queues.ts";
import type { RuleOptions } from "./rule-options.ts";
import { type AuctionRuleOptions, type BidRow, placeBid as placeBidRule } from "./rules.ts";
import { bids } from "./tables.ts";

/**
 * A bid, decided under the auction's row lock (the listings module's `lockAuction`): concurrent
 * bids queue on the lock and each sees the state the previous one left, so the rules can never be
 * broken by timing, on one instance or several. What the bid tells others rides on its
 * transaction: the bid rows, the NOTIFY of the live stream (delivered on commit only), the jobs
 * that tell the outbid bidder and the leader whose maximum answered.
 */

/** What the bidding service needs to know about the one who bids (the signed-in user). */
export type Bidder = { id: number; emailConfirmed: boolean; adultConfirmed: boolean };

export type BidInput = {
  productId: number;
  bidder: Bidder;
  amountMinor: number;
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
    };

type Accepted = Extract<ReturnType<typeof placeBidRule>, { accepted: true }>;
type BidCheck = Refusal | { ok: true; outcome: Accepted };
type InsertedBid = { id: number; kind: BidRow["kind"] };

/** Who may bid, whether the auction takes bids, then the rules: refused, or the outcome to store. */
async function checkBid(
  executor: Db,
  row: AuctionRow | null,
  input: { bidder: Bidder; amountMinor: number; maxMinor?: number | null; at: Date },
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
  const outcome = placeBidRule(
    stateOf(row, leader),
    { userId: bidder.id, amountMinor: input.amountMinor, maxMinor: input.maxMinor ?? null, at: input.at },
    options,
  );
  if (!outcome.accepted) return { ok: false, reason: outcome.reason, minimumMinor: outcome.minimumMinor };
  return { ok: true, outcome };
}

/** Stores the rows the rules asked for and the auction's new state; returns the row as it now is. */
async function storeBid(tx: Db, row: AuctionRow, outcome: Accepted, at: Date) {
  const inserted: InsertedBid[] = await tx
    .insert(bids)
    .values(
      outcome.rows.map((bid) => ({
        productId: row.id,
        userId: bid.userId,
        amountMinor: bid.amountMinor,
        maxAmountMinor: bid.maxMinor,
        isAutomatic: bid.kind === "automatic",
        kind: bid.kind,
        createdAt: bid.at,
      })),
    )
    .returning({ id: bids.id, kind: bids.kind });
  const lastBidId = Math.max(...inserted.map((bid) => bid.id));
  const next = outcome.state;
  const updated: AuctionRow = {
    ...row,
    currentPriceMinor: next.currentPriceMinor,
    bidCount: next.bidCount,
    endsAt: next.endsAt,
    leaderId: next.leader?.userId ?? null,
    leaderMaxMinor: next.leader?.maxMinor ?? null,
    leaderSince: next.leader?.since ?? null,
    lastBidId,
  };
  await recordLeadingBid(tx, row.id, {
    currentPriceMinor: updated.currentPriceMinor,
    bidCount: updated.bidCount,
    endsAt: updated.endsAt,
    leaderId: updated.leaderId,
    leaderMaxMinor: updated.leaderMaxMinor,
    leaderSince: updated.leaderSince,
    lastBidId,
    at,
  });
  return { inserted, lastBidId, updated };
}

/**
 * What the bid tells others, in its transaction: the live streams (when a visible row was added),
 * the outbid bidder, and the leader whose proxy maximum answered someone else's bid.
 */
async function announceBid(
  tx: Db,
  jobs: JobRunner,
  bid: { productId: number; bidderId: number; lastBidId: number; inserted: InsertedBid[] },
  outcome: Accepted,
) {
  const { productId, lastBidId } = bid;
  const visible = bid.inserted.filter((row) => row.kind !== "max_raise");
  if (visible.length > 0) await notifyAuctionChange(tx, { productId, bidId: lastBidId, event: "bid" });
  if (outcome.outbidUserId !== null)
    await jobs.send(OUTBID_QUEUE, { productId, userId: outcome.outbidUserId, bidId: lastBidId }, { tx });
  const defender = outcome.state.leader?.userId;
  if (
    defender !== undefined &&
    defender !== bid.bidderId &&
    outcome.rows.some((row) => row.kind === "automatic" && row.userId === defender)
  ) {
    await jobs.send(LEADING_QUEUE, { productId, userId: defender, bidId: lastBidId }, { tx });
  }
}

/**
 * The public rows this bid added, built from what was just written: only the bidders' names are
 * read (inside the transaction: on the embedded engine's single connection a read after the commit
 * would queue behind every waiting request once more).
 */
async function addedPublicBids(tx: Db, inserted: InsertedBid[], rows: BidRow[]): Promise<PublicBid[]> {
  // Identity values follow the order of the VALUES list: the n-th id is the n-th row.
  const shown = [...inserted]
    .sort((a, b) => a.id - b.id)
    .map((bid, index) => ({ id: bid.id, row: rows[index] }))
    .filter(({ row }) => row.kind !== "max_raise");
  const names =
    shown.length > 0
      ? await usernamesOf(
          tx,
          shown.map(({ row }) => row.userId),
        )
      : new Map<number, string>();
  return shown.map(({ id, row }) => ({
    id,
    amountMinor: row.amountMinor,
    at: row.at.toISOString(),
    bidder: maskUsername(names.get(row.userId) ?? "?"),
    automatic: row.kind === "automatic",
  }));
}

export function createBidPlacement(deps: { db: Db; jobs: JobRunner; ruleOptions: RuleOptions }) {
  const { db, jobs, ruleOptions } = deps;

  /** The bid's transaction: decided and, when accepted, stored and announced. */
  async function decideBid(tx: Db, input: BidInput, options: AuctionRuleOptions | null) {
    const row = await lockAuction(tx, input.productId);
    // The bid's time is taken once the lock is held: bids are then ordered in time exactly as
    // they were decided, which the tie rule (earlier maximum wins) relies on.
    const at = input.now ?? new Date();
    const decision = await checkBid(tx, row, { ...input, at }, options);
    if (!decision.ok) return decision;
    const { outcome } = decision;
    if (!row) throw new Error("unreachable: decided without a row");
    const { inserted, lastBidId, updated } = await storeBid(tx, row, outcome, at);
    await announceBid(
      tx,
      jobs,
      { productId: row.id, bidderId: input.bidder.id, lastBidId, inserted },
      outcome,
    );
    const added = await addedPublicBids(tx, inserted, outcome.rows);
    const leader = outcome.state.leader;
    const myMax = leader?.userId === input.bidder.id ? leader.maxMinor : null;
    return {
      ok: true as const,
      row: updated,
      added,
      extended: outcome.extended,
      leading: leader?.userId === input.bidder.id,
      myMax: myMax ?? Math.max(input.maxMinor ?? 0, input.amountMinor),
      at,
    };
  }

  return {
    /**
     * A bid (with an optional proxy maximum), decided under the auction's row lock. Refusals say
     * why; an accepted bid returns the new public state, the history rows it added and where the
     * bidder now stands.
     */
    async placeBid(input: BidInput): Promise<PlaceBidResult> {
      const options = await ruleOptions();
      const result = await db.transaction((tx) => decideBid(tx, input, options));
      if (!result.ok) return result;
      return {
        ok: true,
        live: liveOf(result.row, options, result.at),
        bids: result.added,
        viewer: { leading: result.leading, hasBid: true, maxMinor: result.myMax, won: false, threadId: null },
        extended: result.extended,
      };
    },

    /**
     * What placing the bid now would answer, without placing it (no lock, nothing stored): the
     * page's confirmation step asks only when the bid would be accepted at this moment.
     */
    async previewBid(input: Omit<BidInput, "now">): Promise<{ ok: true; raise: boolean } | Refusal> {
      const options = await ruleOptions();
      const row = await readAuction(db, input.productId);
      const decision = await checkBid(db, row, { ...input, at: new Date() }, options);
      if (!decision.ok) return decision;
      return { ok: true, raise: decision.outcome.rows[0]?.kind === "max_raise" };
    },
  };
}
