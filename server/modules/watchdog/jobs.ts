import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { WatchdogService } from "./service.ts";

export const WATCHDOG_SWEEP_QUEUE = "watchdog.sweep";
export const WATCHDOG_DAILY_QUEUE = "watchdog.daily";

/** The sweep every minute and the digest at 8:00 Prague time (pg-boss cron, kept in the database). */
export async function registerWatchdogJobs(
  jobs: JobRunner,
  watchdogs: Pick<WatchdogService, "sweep" | "deliverPending">,
  logger?: Pick<Logger, "info" | "error">,
) {
  jobs.define(WATCHDOG_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 0, expireInSeconds: 300 });
  jobs.define(WATCHDOG_DAILY_QUEUE, { policy: "exclusive", retryLimit: 3, retryDelaySeconds: 60 });
  jobs.work(WATCHDOG_SWEEP_QUEUE, async () => {
    const told = await watchdogs.sweep();
    if (told) logger?.info({ told }, "watchdog sweep");
  });
  jobs.work(WATCHDOG_DAILY_QUEUE, async () => {
    const told = await watchdogs.deliverPending("daily");
    if (told) logger?.info({ told }, "watchdog daily digest");
  });
  await jobs.schedule(WATCHDOG_SWEEP_QUEUE, "* * * * *");
  await jobs.schedule(WATCHDOG_DAILY_QUEUE, "0 8 * * *", {}, { tz: PRAGUE_TIME_ZONE });
}
