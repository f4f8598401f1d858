import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import { lastDifferenceMinor, reconcile, reconciliationsOf } from "./reconcile.ts";

/**
 * The daily check of the money the provider holds for the deals (issue 35, item 4; ADR 0076),
 * beside the deals rather than inside them: it owns its history (`deal_reconciliations`) and reads
 * the expected sum through the deals' index. The callers check the staff scope `deals`.
 */

export type HeldMoneyDeps = {
  db: Db;
  jobs: JobRunner;
  /** Null where no provider is configured: there is nothing to check against. */
  marketplace: MarketplacePayments | null;
  recordAudit: RecordAudit;
  logger: Pick<Logger, "info" | "warn">;
  now?: () => Date;
};

/** The daily check's queue (tests send to it as the cron does). */
export const RECONCILE_QUEUE = "deals.reconcile";

/** Once a day, at 05:30 (UTC), after the night's deadlines and payouts. */
const RECONCILE_CRON = "30 5 * * *";

export function createHeldMoneyService(deps: HeldMoneyDeps) {
  const { db, jobs, marketplace, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * One check, stored; by staff ("Check now", audited) or the daily job (actor null). A
   * difference is logged as a warning: money the operator must look at.
   */
  async function reconcileNow(actor: AuditActor | null) {
    if (!marketplace) return err("unavailable" as const);
    const row = await reconcile(db, marketplace, actor?.actorId ?? null, now());
    if (row.differenceMinor !== 0)
      logger.warn({ reconciliation: row.id, differenceMinor: row.differenceMinor }, "held money mismatch");
    if (actor)
      await deps.recordAudit(db, {
        actorId: actor.actorId,
        ip: actor.ip ?? null,
        action: "deal.reconcile",
        entity: "deal_reconciliation",
        entityId: String(row.id),
        data: { differenceMinor: row.differenceMinor },
      });
    return ok(row);
  }

  return {
    /** Whether there is a provider to check against (the dashboard shows no card without one). */
    configured: () => marketplace !== null,

    /** The checks so far (newest first) and whether there is a provider to check against. */
    async reconciliations() {
      return { configured: marketplace !== null, history: await reconciliationsOf(db) };
    },

    /** Checks now ("Check now"); audited. */
    reconcileNow,

    /** The last check's difference for the dashboard; 0 before any check or without a provider. */
    async balanceDifference() {
      if (!marketplace) return 0;
      return (await lastDifferenceMinor(db, marketplace.provider)) ?? 0;
    },

    /** The daily check's queue, its handler and its schedule. */
    async registerJobs(): Promise<void> {
      jobs.define(RECONCILE_QUEUE, { policy: "exclusive", retryLimit: 3, retryBackoff: true });
      jobs.work(RECONCILE_QUEUE, async () => {
        if (!marketplace) {
          logger.info("no payment provider is configured: the held money is not checked");
          return;
        }
        await reconcileNow(null);
      });
      await jobs.schedule(RECONCILE_QUEUE, RECONCILE_CRON);
    },
  };
}

export type HeldMoneyService = ReturnType<typeof createHeldMoneyService>;
