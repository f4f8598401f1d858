import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";

export const GUEST_CART_PURGE_QUEUE = "shop.guest-cart-purge";

/** A guest's cart lives as long as its cookie: 14 days from its last change. */
export const GUEST_CART_DAYS = 14;

/** Every night at 04:20 Prague time: guest carts untouched for 14 days are deleted. Call before `jobs.start()`. */
export async function registerShopJobs(
  jobs: JobRunner,
  shop: { purgeGuestCarts(before: Date): Promise<number> },
  logger?: Pick<Logger, "info">,
) {
  jobs.define(GUEST_CART_PURGE_QUEUE, { policy: "exclusive", retryLimit: 1, expireInSeconds: 900 });
  jobs.work(GUEST_CART_PURGE_QUEUE, async () => {
    const removed = await shop.purgeGuestCarts(new Date(Date.now() - GUEST_CART_DAYS * 24 * 3600_000));
    if (removed) logger?.info({ removed }, "old guest carts deleted");
  });
  await jobs.schedule(GUEST_CART_PURGE_QUEUE, "20 4 * * *", {}, { tz: PRAGUE_TIME_ZONE });
}
