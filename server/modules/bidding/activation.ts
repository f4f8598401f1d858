import type { Db } from "#server/db/client.ts";
import { activate, dueActivationIds } from "../listings/index.ts";
import type { Notifier } from "../messages/index.ts";
import { notifyAuctionChange } from "./events.ts";
import type { AuctionScheduler } from "./queues.ts";

/**
 * Scheduled listings going live at their activation date (its job, and the sweeper for the ones
 * whose job was lost): the listings module's `activate` moves the status under the row lock; an
 * auction then gets its close job, the open pages hear of it and the seller gets a notice.
 */
export function createListingActivation(deps: {
  db: Db;
  scheduler: AuctionScheduler;
  notifier: Pick<Notifier, "notify">;
}) {
  const { db, scheduler, notifier } = deps;

  /** Activates a listing whose date has come, once; returns whether it was activated now. */
  async function activateListing(productId: number, now = new Date()): Promise<boolean> {
    return db.transaction(async (tx) => {
      const activation = await activate(tx, productId, now);
      if (activation.status === "skipped") return false;
      if (activation.status === "not_due") {
        await scheduler.scheduleActivation(productId, activation.activationAt, tx);
        return false;
      }
      if (activation.format === "auction" && activation.endsAt)
        await scheduler.scheduleClose(productId, activation.endsAt, tx);
      await notifyAuctionChange(tx, { productId, event: "activated" });
      if (activation.sellerId !== null)
        await notifier.notify(tx, activation.sellerId, "listing_activated", { productId });
      return true;
    });
  }

  return {
    activateListing,

    /** Every scheduled listing whose activation date has come (the sweeper; `signal` as closeOverdue's). */
    async activateDue(now = new Date(), signal?: AbortSignal): Promise<number> {
      let activated = 0;
      for (const id of await dueActivationIds(db, now)) {
        if (signal?.aborted) break;
        if (await activateListing(id, now)) activated += 1;
      }
      return activated;
    },
  };
}
