import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { ACTIVATE_QUEUE, CLOSE_QUEUE, LEADING_QUEUE, OUTBID_QUEUE, SWEEP_QUEUE } from "./queues.ts";
import type { BiddingService } from "./service.ts";

/**
 * The jobs of auctions (pg-boss, server/jobs/runner.ts):
 * - `auction.close` at an auction's end (`stately`, keyed by auction and end: one waiting and one
 *   running per end). A soft close moves the end after the job was queued, so the job re-reads the
 *   end and, when it has moved, queues itself for the new end.
 * - `auction.sweep` every minute: closes whatever is overdue (an auction whose job was lost, e.g.
 *   added before the job existed, or a server that was down at the end), gives a monthly round's
 *   lots their close slots once its assignment moment has come (close-slots.ts), activates
 *   scheduled listings and tells watchers that an auction ends within the hour.
 * - `listing.activate` at a scheduled listing's activation date.
 * - `auction.outbid`: the outbid bidder's message and mail, off the bid's own transaction path.
 * - `auction.leading`: the leader whose proxy maximum answered another bid hears they still lead.
 *
 * Jobs run at least once; every handler is idempotent because each decision is taken under the
 * product's row lock and guarded by its state (see close-auction.ts, activation.ts, notices.ts).
 */
export function registerBiddingJobs(
  jobs: JobRunner,
  bidding: BiddingService,
  logger?: Pick<Logger, "info" | "warn" | "error">,
  hooks: { afterClose?: () => void } = {},
) {
  jobs.define(CLOSE_QUEUE, { policy: "stately", retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true });
  jobs.define(ACTIVATE_QUEUE, {
    policy: "stately",
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryBackoff: true,
  });
  // The outbid bidder's bell rings when this job has run: woken by the bid's NOTIFY, not the next
  // poll (up to 2 s later), so it rings within a second on any instance (issue 38, item 4).
  jobs.define(OUTBID_QUEUE, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, notify: true });
  jobs.define(LEADING_QUEUE, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, notify: true });
  jobs.define(SWEEP_QUEUE, { policy: "exclusive", retryLimit: 0, expireInSeconds: 300 });

  jobs.work<{ productId: number }>(
    CLOSE_QUEUE,
    async ({ productId }) => {
      const result = await bidding.closeAuction(productId);
      if (result.status === "not_due") await bidding.scheduleClose(productId, result.endsAt);
      else if (result.status === "closed") {
        logger?.info({ productId, outcome: result.outcome }, "auction closed");
        hooks.afterClose?.();
      }
    },
    // Closing many auctions at one round end (monthly auctions) should not wait in one line.
    { pollingIntervalSeconds: 1, concurrency: 4 },
  );
  jobs.work<{ productId: number }>(ACTIVATE_QUEUE, async ({ productId }) => {
    await bidding.activateListing(productId);
  });
  jobs.work<{ productId: number; userId: number; bidId: number }>(OUTBID_QUEUE, async (data) => {
    await bidding.notifyOutbid(data);
  });
  jobs.work<{ productId: number; userId: number; bidId: number }>(LEADING_QUEUE, async (data) => {
    await bidding.notifyLeading(data);
  });
  jobs.work(SWEEP_QUEUE, async (_data, { signal }) => {
    // Slots first: a round's lots must not close at its 20:00 together because the slots came late.
    // A stopping process ends the sweep between two auctions (signal); the next minute's goes on.
    const slotted = await bidding.assignDueSlots();
    const closed = await bidding.closeOverdue(new Date(), signal);
    const activated = await bidding.activateDue(new Date(), signal);
    const told = await bidding.notifyEndingSoon(new Date(), signal);
    if (slotted || closed || activated || told)
      logger?.info({ slotted, closed, activated, told }, "auction sweep");
  });
}

/** The sweeper's schedule: every minute (cron), kept in the database by pg-boss. */
export async function scheduleBiddingSweep(jobs: JobRunner) {
  await jobs.schedule(SWEEP_QUEUE, "* * * * *");
}
