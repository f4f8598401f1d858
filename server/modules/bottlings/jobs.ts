import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { BottlingsService } from "./service.ts";

export const BOTTLING_ANNOUNCE_QUEUE = "bottlings.announce";
export const BOTTLING_DIGEST_QUEUE = "bottlings.weekly-digest";

/**
 * The minute's sweep (watchers told of a linked listing that went live later) and the weekly
 * digest of new results, Monday 8:00 Prague time (pg-boss cron, kept in the database). Both are
 * idempotent: a link is announced once, a digest sent once per user and week.
 */
export async function registerBottlingJobs(
  jobs: JobRunner,
  bottlings: Pick<BottlingsService, "announcePending" | "sendWeeklyDigests">,
  logger?: Pick<Logger, "info" | "error">,
) {
  jobs.define(BOTTLING_ANNOUNCE_QUEUE, { policy: "exclusive", retryLimit: 0, expireInSeconds: 300 });
  jobs.define(BOTTLING_DIGEST_QUEUE, { policy: "exclusive", retryLimit: 3, retryDelaySeconds: 300 });
  jobs.work(BOTTLING_ANNOUNCE_QUEUE, async () => {
    const told = await bottlings.announcePending();
    if (told) logger?.info({ told }, "bottlings: listings announced");
  });
  jobs.work(BOTTLING_DIGEST_QUEUE, async () => {
    const sent = await bottlings.sendWeeklyDigests();
    if (sent) logger?.info({ sent }, "bottlings: weekly digests");
  });
  await jobs.schedule(BOTTLING_ANNOUNCE_QUEUE, "* * * * *");
  await jobs.schedule(BOTTLING_DIGEST_QUEUE, "0 8 * * 1", {}, { tz: PRAGUE_TIME_ZONE });
}
