import { desc, eq } from "drizzle-orm";
import type { DealReconciliationView } from "#core/contracts/admin-deals.ts";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { Db } from "#server/db/client.ts";
import { expectedHeldMinor } from "../deals/index.ts";
import { staffContactsOf } from "../users/index.ts";
import { type DealReconciliation, dealReconciliations } from "./tables.ts";

/**
 * The held money checked against the provider (issue 35, item 4; ADR 0076): what the provider
 * holds for the platform (available + pending) should be what the deals' records say it should
 * (`expectedHeldMinor`: paid charges less the refunds and transfers made).
 */

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
