import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import type { Notifier } from "../messages/index.ts";
import { cancelDealByOperator, retryDealCalls } from "./admin-actions.ts";
import { type ProviderCallFilters, providerCallsPage, refusedCallCount } from "./admin-calls.ts";
import {
  type AdminDealFilters,
  type AdminDealSort,
  adminDealOf,
  adminDealsPage,
  overdueDealCount,
} from "./admin-reads.ts";
import { PROVIDER_CALLS_QUEUE } from "./flow.ts";
import { createDealNotices } from "./notices.ts";

/**
 * The deals' back office (issue 35, items 4 and 9; ADR 0076): the operator's reads and moves,
 * beside the deals' flow (flow.ts) and sharing its tables (the held money's daily check is
 * server/modules/held-money's). The callers check the staff scope `deals`; this service answers
 * in codes.
 */

export type DealsAdminDeps = {
  db: Db;
  jobs: JobRunner;
  /** Null where no provider is configured: nothing to retry. */
  marketplace: MarketplacePayments | null;
  notifier: Pick<Notifier, "notify">;
  recordAudit: RecordAudit;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
};

export function createDealsAdmin(deps: DealsAdminDeps) {
  const { db, jobs, marketplace, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const actionDeps = {
    db,
    marketplace,
    logger,
    recordAudit: deps.recordAudit,
    notices: createDealNotices(deps.notifier),
  };
  const kickCalls = () =>
    jobs
      .send(PROVIDER_CALLS_QUEUE, {}, { singletonKey: "run" })
      .catch((error) => logger.warn({ err: error }, "the provider calls' job could not be sent"));

  return {
    deals: (query: TableQuery<AdminDealSort>, filters: AdminDealFilters, locale: Locale) =>
      adminDealsPage(db, query, filters, locale, now()),
    deal: (dealId: number, locale: Locale) => adminDealOf(db, dealId, locale, now()),
    providerCalls: (query: Pick<TableQuery, "page" | "size">, filters: ProviderCallFilters) =>
      providerCallsPage(db, query, filters),

    /** The deal's calls not made yet, made now; audited. */
    retryCalls: (dealId: number, actor: AuditActor) => retryDealCalls(actionDeps, dealId, actor),

    /** Cancels a deal before the goods left, with a reason; refunds what is held; audited. */
    async cancel(dealId: number, input: { reason: string }, actor: AuditActor) {
      const result = await cancelDealByOperator(actionDeps, dealId, input, actor, now());
      if (result.ok) await kickCalls();
      return result;
    },

    /** The dashboard's deal queues (scope `deals`). */
    dashboard: {
      overdueDeals: () => overdueDealCount(db, now()),
      refusedCalls: () => refusedCallCount(db),
    },
  };
}

export type DealsAdmin = ReturnType<typeof createDealsAdmin>;
