import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AdminProviderCall, ProviderCallState } from "#core/contracts/admin-deals.ts";
import type { TablePage, TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { type DealProviderCall, dealProviderCalls } from "../deals/tables/provider.ts";

/**
 * The refunds and transfers through the provider as the operator reads them (issue 35, item 9;
 * ADR 0076): pending, refused (the provider's last code, kept for the operator) or done. Read
 * from the deals' outbox as their read side (ADR 0089).
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function callState(call: Pick<DealProviderCall, "doneAt" | "lastError">): ProviderCallState {
  if (call.doneAt) return "done";
  return call.lastError ? "refused" : "pending";
}

export function callView(call: DealProviderCall): AdminProviderCall {
  return {
    id: call.id,
    dealId: call.dealId,
    kind: call.kind,
    amountMinor: call.amountMinor,
    state: callState(call),
    lastError: call.lastError,
    attempts: call.attempts,
    providerObjectId: call.providerObjectId,
    createdAt: call.createdAt.toISOString(),
    doneAt: iso(call.doneAt),
  };
}

export type ProviderCallFilters = { state?: ProviderCallState; kind?: "refund" | "transfer" };

const callStateSql = sql`case when ${dealProviderCalls.doneAt} is not null then 2 when ${dealProviderCalls.lastError} is not null then 0 else 1 end`;

/** Refunds and transfers: the refused first, then the pending, then the done; newest first in each. */
export async function providerCallsPage(
  db: Db,
  query: Pick<TableQuery, "page" | "size">,
  filters: ProviderCallFilters,
): Promise<TablePage<AdminProviderCall>> {
  const where = and(
    filters.kind ? eq(dealProviderCalls.kind, filters.kind) : undefined,
    filters.state === "done" ? isNotNull(dealProviderCalls.doneAt) : undefined,
    filters.state === "pending"
      ? and(isNull(dealProviderCalls.doneAt), isNull(dealProviderCalls.lastError))
      : undefined,
    filters.state === "refused"
      ? and(isNull(dealProviderCalls.doneAt), isNotNull(dealProviderCalls.lastError))
      : undefined,
  );
  const rows = await db
    .select()
    .from(dealProviderCalls)
    .where(where)
    .orderBy(asc(callStateSql), desc(dealProviderCalls.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ total }] = await db.select({ total: count() }).from(dealProviderCalls).where(where);
  return { rows: rows.map(callView), total, page: query.page, size: query.size };
}

/** The dashboard's queue of calls the provider refused (still pending). */
export async function refusedCallCount(db: Db): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(dealProviderCalls)
    .where(and(isNull(dealProviderCalls.doneAt), isNotNull(dealProviderCalls.lastError)));
  return total;
}
