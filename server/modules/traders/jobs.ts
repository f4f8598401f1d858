import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { eraseEndedDeclarations } from "./retention.ts";

/** Every night: trader data of accounts ended more than 6 months ago are deleted (retention.ts). */
export const TRADER_RETENTION_QUEUE = "traders.retention";

/** The traders' queue: the nightly retention at 04:50 Prague time; idempotent. */
export async function registerTraderJobs(
  jobs: JobRunner,
  deps: { db: Db; logger?: Pick<Logger, "info">; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  jobs.define(TRADER_RETENTION_QUEUE, { policy: "exclusive", retryLimit: 3, retryBackoff: true });
  jobs.work(TRADER_RETENTION_QUEUE, async () => {
    const erased = await eraseEndedDeclarations(deps.db, now());
    if (erased) deps.logger?.info({ erased }, "trader data past their retention deleted");
  });
  await jobs.schedule(TRADER_RETENTION_QUEUE, "50 4 * * *", {}, { tz: PRAGUE_TIME_ZONE });
}
