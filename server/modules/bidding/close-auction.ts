import type { Db } from "#server/db/client.ts";
import {
  closeAuction as closeListingAuction,
  extendAuctionEnd,
  lockAuction,
  overdueAuctionIds,
} from "../listings/index.ts";
import { leaderOf } from "./auction-state.ts";
import { notifyAuctionChange } from "./events.ts";
import { copyListedState } from "./listed-copy.ts";
import type { AuctionNotices } from "./notices.ts";
import type { AuctionScheduler } from "./queues.ts";

/**
 * What a sold auction hands on: the deals make a deal of it (their job, after the close commits).
 * Answers whether a deal through the site follows, so the close's notices say where to pay.
 */
export type AuctionSoldHook = (
  tx: Db,
  sale: { productId: number; winnerId: number; sellerId: number; priceMinor: number; at: Date },
) => Promise<boolean>;

export type CloseResult =
  | { status: "closed"; outcome: "sold"; winnerId: number; priceMinor: number }
  | { status: "closed"; outcome: "unsold"; reason: "no_bids" | "reserve_not_met" }
  | { status: "not_due"; endsAt: Date }
  | { status: "skipped" };

/**
 * The end of auctions: the close at the end (its job, the sweeper for crash safety) and the
 * operator's move of an end. Each runs under the auction's row lock, so a close happens exactly
 * once whoever asks for it and however often.
 */
export function createAuctionClosing(deps: {
  db: Db;
  scheduleClose: AuctionScheduler["scheduleClose"];
  notices: Pick<AuctionNotices, "sendCloseNotices">;
  /** A sold auction becomes a deal through the site (issue 35): asked in the close's transaction. */
  onSold?: AuctionSoldHook;
}) {
  const { db, scheduleClose, notices } = deps;

  /**
   * Closes an auction whose end has come, exactly once: under the row lock, only an active
   * auction past its end is decided (the listings module's `closeAuction` writes the outcome); a
   * second call (another instance, a retried job, the sweeper) finds it closed and does nothing.
   * Winner, seller and the other bidders are told (message and mail), and the winner and the
   * seller get a conversation about the product.
   */
  async function closeAuction(productId: number, now = new Date()): Promise<CloseResult> {
    return db.transaction(async (tx): Promise<CloseResult> => {
      const row = await lockAuction(tx, productId);
      if (row?.status !== "active") return { status: "skipped" };
      if (row.endsAt && row.endsAt.getTime() > now.getTime())
        return { status: "not_due", endsAt: row.endsAt };
      // The leader from the bids where the row has none (bids written without it): the close
      // stores the leader it decided with.
      const leader = await leaderOf(tx, row);
      const result = await closeListingAuction(tx, row.id, { leader, at: now });
      if (!result) return { status: "skipped" };
      // The listings' copy of the final price and count (ADR 0053), if a bid's copy was still due.
      await copyListedState(tx, row.id);
      const dealFollows =
        result.outcome === "sold" && row.sellerId !== null && deps.onSold
          ? await deps.onSold(tx, {
              productId: row.id,
              winnerId: result.winnerId,
              sellerId: row.sellerId,
              priceMinor: result.priceMinor,
              at: now,
            })
          : false;
      await notices.sendCloseNotices(tx, row, result, dealFollows);
      await notifyAuctionChange(tx, { productId: row.id, event: "closed" });
      return result.outcome === "sold"
        ? { status: "closed", outcome: "sold", winnerId: result.winnerId, priceMinor: result.priceMinor }
        : { status: "closed", outcome: "unsold", reason: result.reason };
    });
  }

  return {
    closeAuction,

    /**
     * Every active auction past its end (the sweeper: crash safety); an aborted `signal` stops it
     * between two auctions (the next sweep closes the rest). Returns how many were closed.
     */
    async closeOverdue(now = new Date(), signal?: AbortSignal): Promise<number> {
      let closed = 0;
      for (const id of await overdueAuctionIds(db, now)) {
        if (signal?.aborted) break;
        const result = await closeAuction(id, now);
        if (result.status === "closed") closed += 1;
      }
      return closed;
    },

    /**
     * Moves the end of a running auction (operator tools, the browser tests): the close job follows
     * the new end and every open page hears of it. False when the auction is not running.
     */
    async moveEnd(productId: number, endsAt: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await lockAuction(tx, productId);
        if (row?.status !== "active") return false;
        await extendAuctionEnd(tx, productId, endsAt);
        await scheduleClose(productId, endsAt, tx);
        await notifyAuctionChange(tx, { productId, event: "end_moved" });
        return true;
      });
    },
  };
}
