import type { Locale } from "#core/i18n/index.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import { type ActionDeps, cancelDealByOperator, retryDealCalls } from "./actions.ts";
import { type ProviderCallFilters, providerCallsPage, refusedCallCount } from "./calls.ts";
import {
  type AdminDealFilters,
  type AdminDealSort,
  adminDealOf,
  adminDealsPage,
  overdueDealCount,
} from "./reads.ts";

/**
 * The deals' back office (issue 35, items 4 and 9; ADR 0076, ADR 0089): the operator's reads,
 * which read the deals' tables as a declared read side, and moves, which the deals' flow makes
 * (the held money's daily check is server/modules/held-money's). The callers check the staff
 * scope `deals`; this service answers in codes.
 */

export type DealsAdminDeps = {
  db: Db;
  /** The deals' flow: the operator's retry and cancel (server/modules/deals, flow/operator.ts). */
  flow: ActionDeps["flow"];
  recordAudit: RecordAudit;
  now?: () => Date;
};

export function createDealsAdmin(deps: DealsAdminDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const actionDeps = { db, flow: deps.flow, recordAudit: deps.recordAudit };

  return {
    deals: (query: TableQuery<AdminDealSort>, filters: AdminDealFilters, locale: Locale) =>
      adminDealsPage(db, query, filters, locale, now()),
    deal: (dealId: number, locale: Locale) => adminDealOf(db, dealId, locale, now()),
    providerCalls: (query: Pick<TableQuery, "page" | "size">, filters: ProviderCallFilters) =>
      providerCallsPage(db, query, filters),

    /** The deal's calls not made yet, made now; audited. */
    retryCalls: (dealId: number, actor: AuditActor) => retryDealCalls(actionDeps, dealId, actor),

    /** Cancels a deal before the goods left, with a reason; refunds what is held; audited. */
    cancel: (dealId: number, input: { reason: string }, actor: AuditActor) =>
      cancelDealByOperator(actionDeps, dealId, input, actor, now()),

    /** The dashboard's deal queues (scope `deals`). */
    dashboard: {
      overdueDeals: () => overdueDealCount(db, now()),
      refusedCalls: () => refusedCallCount(db),
    },
  };
}

export type DealsAdmin = ReturnType<typeof createDealsAdmin>;
