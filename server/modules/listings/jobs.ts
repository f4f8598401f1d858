import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { ListingImageStore } from "#server/modules/listing-photos/index.ts";

export const STAGED_SWEEP_QUEUE = "listings.staged-sweep";

/**
 * Every night at 04:10 Prague time: staged photos older than a day are deleted (uploads of add
 * forms that were never saved), listings unpaid for 30 days expire, and the search's live words
 * (ADR 0147) lose those no live listing has. Call before `jobs.start()`.
 */
export async function registerListingJobs(
  jobs: JobRunner,
  images: Pick<ListingImageStore, "sweepStaged">,
  listings: { expireUnpaid(): Promise<number[]>; pruneLiveWords(): Promise<number> },
  logger?: Pick<Logger, "info">,
) {
  jobs.define(STAGED_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 1, expireInSeconds: 900 });
  jobs.work(STAGED_SWEEP_QUEUE, async () => {
    const removed = await images.sweepStaged();
    if (removed) logger?.info({ removed }, "abandoned staged photos deleted");
    const expired = await listings.expireUnpaid();
    if (expired.length) logger?.info({ expired }, "listings never paid for have expired");
    const words = await listings.pruneLiveWords();
    if (words) logger?.info({ words }, "search words no live listing has any more dropped");
  });
  await jobs.schedule(STAGED_SWEEP_QUEUE, "10 4 * * *", {}, { tz: PRAGUE_TIME_ZONE });
}
