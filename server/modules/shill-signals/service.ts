import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import { decide, type SignalDecision, type SignalFilter, signalDetail, signalList } from "./admin.ts";
import { runDetection } from "./detect.ts";
import { createFingerprintRecorder, eraseOldFingerprints } from "./fingerprints.ts";

/**
 * The shill-bidding signals (docs/product/trust.md; ADR 0087): the fingerprints of signed-in
 * accounts, the daily check (and the moderators' "check now"), the old fingerprints' erasure, and
 * the moderators' list, detail and decisions.
 */

export type ShillSignalsDeps = {
  db: Db;
  jobs: Pick<JobRunner, "define" | "work" | "schedule">;
  logger: Logger;
  recordAudit: RecordAudit;
  /** FINGERPRINT_HMAC_KEY, or the data directory's drawn key (fingerprints.ts). */
  fingerprintKey: string;
  now?: () => Date;
};

export const DETECT_QUEUE = "shill-signals.detect";
/** Every night after the auctions of the evening have closed. */
const DETECT_CRON = "40 3 * * *";

export function createShillSignalsService(deps: ShillSignalsDeps) {
  const { db, jobs, logger, now = () => new Date() } = deps;
  const detectNow = async () => {
    const erased = await eraseOldFingerprints(db, now());
    const run = await runDetection(db, now());
    logger.info({ ...run, erasedFingerprints: erased }, "shill-bidding signals checked");
    return run;
  };
  return {
    fingerprints: createFingerprintRecorder(db, deps.fingerprintKey, now),
    /** Erases the fingerprints past their retention, then checks the bids; answers what it found. */
    detectNow,
    list: (filter: SignalFilter) => signalList(db, filter),
    detail: (id: number, locale: Locale) => signalDetail(db, id, locale),
    decide: (id: number, decision: SignalDecision, actor: AuditActor) =>
      decide(db, deps.recordAudit, id, decision, actor, now()),
    async registerJobs(): Promise<void> {
      jobs.define(DETECT_QUEUE, { policy: "exclusive", retryLimit: 2, retryBackoff: true });
      jobs.work(DETECT_QUEUE, async () => {
        await detectNow();
      });
      await jobs.schedule(DETECT_QUEUE, DETECT_CRON);
    },
  };
}

export type ShillSignalsService = ReturnType<typeof createShillSignalsService>;
