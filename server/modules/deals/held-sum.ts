import { isNotNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { dealCharges, dealProviderCalls } from "./tables/provider.ts";

/**
 * What Rarita's records say the provider should hold for the platform now (issue 35, item 4;
 * ADR 0076): what came in through paid charges less what went out through the refunds and
 * transfers made. Computed from the provider-facing records (charges and calls), not from the
 * ledger: the ledger says what was decided, these what the provider was asked and answered, which
 * is what its balance shows. A refund decided but not made yet is still at the provider and still
 * expected there. The daily check (server/modules/held-money) compares it with the balance.
 */
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
