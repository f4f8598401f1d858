import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { Notifier } from "../messages/index.ts";
import { createDisputeNotices } from "./notices.ts";
import type { DisputePhotoStore } from "./photos.ts";
import { type PhotoFiles, removeExpiredPhotos } from "./retention.ts";
import {
  applyReturnDeadline,
  overdueReturns,
  RETURN_DEADLINE_QUEUE,
  RETURN_SWEEP_QUEUE,
  type ReturnJob,
} from "./returns.ts";

/** Every night: the photos of disputes past their retention are deleted (retention.ts, ADR 0082). */
export const PHOTO_RETENTION_QUEUE = "disputes.photo-retention";
/** The files of photos whose rows an account's deletion removed, once that deletion committed. */
export const PHOTO_FILES_QUEUE = "disputes.photo-files";

/**
 * The disputes' queues: the nightly retention at 04:40 Prague time (after the listings' sweep at
 * 04:10), the removal of an erased account's photo files, and a return's deadlines (returns.ts)
 * with their sweep every five minutes. All are idempotent: a second run finds no rows past their
 * period, removing a file already gone is no error, and a deadline acts only while its dispute waits.
 */
export async function registerDisputeJobs(
  jobs: JobRunner,
  deps: {
    db: Db;
    photos: DisputePhotoStore;
    notifier: Pick<Notifier, "notify">;
    /** Lets an automatic refund go out through the provider now. */
    kickCalls: () => Promise<unknown>;
    logger?: Pick<Logger, "info">;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  jobs.define(PHOTO_RETENTION_QUEUE, { policy: "exclusive", retryLimit: 3, retryBackoff: true });
  jobs.define(PHOTO_FILES_QUEUE, { retryLimit: 10, retryBackoff: true });
  jobs.define(RETURN_DEADLINE_QUEUE, { retryLimit: 10, retryBackoff: true });
  jobs.define(RETURN_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 0 });
  const notices = createDisputeNotices(deps.notifier);
  const deadline = async (job: ReturnJob) => {
    if ((await applyReturnDeadline(deps.db, notices, job, now())) === "refunded") await deps.kickCalls();
  };
  jobs.work<ReturnJob>(RETURN_DEADLINE_QUEUE, deadline);
  jobs.work(RETURN_SWEEP_QUEUE, async (_data, { signal }) => {
    // Between two returns when the process stops (ADR 0150); the next sweep does the rest.
    for (const job of await overdueReturns(deps.db, now())) {
      if (signal.aborted) return;
      await deadline(job);
    }
  });
  jobs.work(PHOTO_RETENTION_QUEUE, async () => {
    const disputes = await removeExpiredPhotos(deps.db, deps.photos, now());
    if (disputes) deps.logger?.info({ disputes }, "dispute photos past their retention deleted");
  });
  jobs.work<PhotoFiles>(PHOTO_FILES_QUEUE, async ({ dealId, fileNames }) => {
    await deps.photos.remove(dealId, fileNames);
  });
  await jobs.schedule(PHOTO_RETENTION_QUEUE, "40 4 * * *", {}, { tz: PRAGUE_TIME_ZONE });
  await jobs.schedule(RETURN_SWEEP_QUEUE, "*/5 * * * *");
}
