import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";

/** The queue keeps the name it was scheduled under before the orders had a module of their own. */
export const RESERVATION_SWEEP_QUEUE = "payments.reservation-sweep";

/**
 * Every five minutes: unpaid shop orders whose reservation ended are cancelled and give their
 * stock back (shop/release.ts). A late sweep only keeps pieces reserved a few minutes longer.
 * Call before `jobs.start()`.
 */
export async function registerOrderJobs(
  jobs: JobRunner,
  orders: { releaseExpiredReservations(): Promise<number[]> },
  logger?: Pick<Logger, "error">,
) {
  jobs.define(RESERVATION_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 1, expireInSeconds: 240 });
  jobs.work(RESERVATION_SWEEP_QUEUE, async () => {
    try {
      await orders.releaseExpiredReservations();
    } catch (err) {
      logger?.error({ err }, "the release of unpaid shop orders failed; the next sweep retries");
      throw err;
    }
  });
  await jobs.schedule(RESERVATION_SWEEP_QUEUE, "*/5 * * * *");
}
