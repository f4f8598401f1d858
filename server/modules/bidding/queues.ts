import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";

/** The queues of auctions (jobs.ts registers their workers). */
export const CLOSE_QUEUE = "auction.close";
export const OUTBID_QUEUE = "auction.outbid";
/** A leader whose proxy maximum answered someone else's bid hears that they still lead. */
export const LEADING_QUEUE = "auction.leading";
export const ACTIVATE_QUEUE = "listing.activate";
export const SWEEP_QUEUE = "auction.sweep";

/** The close and activation jobs, queued inside the caller's transaction when one is given. */
export function createAuctionScheduler(jobs: JobRunner) {
  return {
    /**
     * The auction's close job at its end. The key names the auction and the end: asking twice for
     * the same end queues one job, and an end moved earlier (an operator) still gets its own job,
     * where one key per auction would keep only the job for the old, later end.
     */
    async scheduleClose(productId: number, endsAt: Date, tx?: Db) {
      await jobs.send(
        CLOSE_QUEUE,
        { productId },
        { startAfter: endsAt, singletonKey: `auction-${productId}-${endsAt.getTime()}`, tx },
      );
    },

    /** The activation job of a scheduled listing at its activation date. */
    async scheduleActivation(productId: number, activationAt: Date, tx?: Db) {
      await jobs.send(
        ACTIVATE_QUEUE,
        { productId },
        { startAfter: activationAt, singletonKey: `listing-${productId}`, tx },
      );
    },
  };
}

export type AuctionScheduler = ReturnType<typeof createAuctionScheduler>;
