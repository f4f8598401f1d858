import { desc, eq, isNotNull, sql } from "drizzle-orm";
import type { DealReconciliationView } from "#core/contracts/admin-deals.ts";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import { staffContactsOf } from "../users/index.ts";
import { dealCharges, dealProviderCalls } from "./tables/provider.ts";
import { type DealReconciliation, dealReconciliations } from "./tables/reconciliations.ts";

/**
 * The held money checked against the provider (issue 35, item 4; ADR 0076): what the provider
 * holds for the platform (available + pending) should be what came in through paid charges less
 * what went out through the refunds and transfers it has made. Computed from the provider-facing
 * records (charges and calls), not from the ledger: the ledger says what was decided, these what
 * the provider was asked and answered, which is what its balance shows. A refund decided but not
 * made yet is still at the provider and still expected there.
 */

export const RECONCILE_QUEUE = "deals.reconcile";

/** What Rarita's records say the provider should hold now. */
export async function expectedHeldMinor(db: Db): Promise<number> {
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${dealCharges.amountMinor}), 0)` })
    .from(dealCharges)
    .where(isNotNull(dealCharges.paidAt));
  const [out] = await db
    .select({ total: sql<string>`coalesce(sum(${dealProviderCalls.amountMinor}), 0)` })
    .from(dealProviderCalls)
    .where(isNotNull(dealProviderCalls.doneAt));
  return Number(paid.total) - Number(out.total);
}

/**
 * One check: the provider's balance and the records' sum, stored with their difference. The
 * provider is asked first, so a payment landing meanwhile shows as a passing difference that the
 * next check clears rather than as money missing.
 */
export async function reconcile(
  db: Db,
  marketplace: MarketplacePayments,
  requestedBy: number | null,
  at: Date,
): Promise<DealReconciliation> {
  const balance = await marketplace.balance();
  const providerMinor = balance.availableMinor + balance.pendingMinor;
  const expectedMinor = await expectedHeldMinor(db);
  const [row] = await db
    .insert(dealReconciliations)
    .values({
      checkedAt: at,
      expectedMinor,
      providerMinor,
      differenceMinor: providerMinor - expectedMinor,
      requestedBy,
      provider: marketplace.provider,
    })
    .returning();
  return row;
}

/** The checks, newest first (`limit` of them). */
export async function reconciliationsOf(db: Db, limit = 60): Promise<DealReconciliationView[]> {
  const rows = await db
    .select()
    .from(dealReconciliations)
    .orderBy(desc(dealReconciliations.checkedAt), desc(dealReconciliations.id))
    .limit(limit);
  const names = await staffContactsOf(
    db,
    rows.flatMap((row) => (row.requestedBy ? [row.requestedBy] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    checkedAt: row.checkedAt.toISOString(),
    expectedMinor: row.expectedMinor,
    providerMinor: row.providerMinor,
    differenceMinor: row.differenceMinor,
    requestedBy: row.requestedBy ? (names.get(row.requestedBy)?.username ?? `#${row.requestedBy}`) : null,
  }));
}

/** The last check's difference, for the dashboard: null before the first check. */
export async function lastDifferenceMinor(db: Db, provider: string | null): Promise<number | null> {
  const [row] = await db
    .select({ differenceMinor: dealReconciliations.differenceMinor })
    .from(dealReconciliations)
    .where(provider ? eq(dealReconciliations.provider, provider) : undefined)
    .orderBy(desc(dealReconciliations.checkedAt), desc(dealReconciliations.id))
    .limit(1);
  return row?.differenceMinor ?? null;
}

/**
 * One check of the held money, stored; by staff ("Check now", audited) or the daily job (actor
 * null). Without a provider there is nothing to check against.
 */
export function createReconcileNow(deps: {
  db: Db;
  marketplace: MarketplacePayments | null;
  logger: Pick<Logger, "warn">;
  recordAudit: RecordAudit;
  now: () => Date;
}) {
  const { db, marketplace, logger, now } = deps;
  return async function reconcileNow(actor: AuditActor | null) {
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
  };
}
