import type { SaleResultKind } from "#core/contracts/sale-results.ts";
import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { Sale } from "./contracts.ts";

/** A sold auction's result, sent from the close's transaction. */
export const RECORD_QUEUE = "sale-results.record";
/** Every 5 minutes: sold auctions and completed deals after the cursors (the safety net and the backfill). */
export const SWEEP_QUEUE = "sale-results.sweep";
/** Every night: the price index freezes the closed months not frozen yet. */
export const INDEX_QUEUE = "sale-results.price-index";

type Recorder = {
  record: (sales: Sale[]) => Promise<number>;
  sweep: (signal?: AbortSignal) => Promise<number>;
  freezeIndex: (now?: Date) => Promise<number>;
};

/** The results' queues; each job is idempotent (a result per listing and kind, a frozen month once). */
export async function registerSaleResultsJobs(
  jobs: JobRunner,
  results: Recorder,
  logger?: Pick<Logger, "info">,
) {
  jobs.define(RECORD_QUEUE, { retryLimit: 10, retryBackoff: true });
  jobs.define(SWEEP_QUEUE, { policy: "exclusive", retryLimit: 3, retryBackoff: true });
  jobs.define(INDEX_QUEUE, { policy: "exclusive", retryLimit: 5, retryBackoff: true });
  jobs.work<{ productId: number; kind: SaleResultKind; priceMinor: number; at: string }>(
    RECORD_QUEUE,
    async (data) => {
      await results.record([{ ...data, at: new Date(data.at) }]);
    },
  );
  jobs.work(SWEEP_QUEUE, async (_data, { signal }) => {
    const recorded = await results.sweep(signal);
    if (recorded) logger?.info({ recorded }, "results recorded by the sweep");
  });
  jobs.work(INDEX_QUEUE, async () => {
    const frozen = await results.freezeIndex();
    if (frozen) logger?.info({ frozen }, "price index months frozen");
  });
  await jobs.schedule(SWEEP_QUEUE, "*/5 * * * *");
  await jobs.schedule(INDEX_QUEUE, "30 2 * * *", {}, { tz: PRAGUE_TIME_ZONE });
}
