import { sql } from "drizzle-orm";
import { rowsOf } from "#server/db/rows.ts";
import { DEADLINE_QUEUE } from "#server/modules/deals/deadlines.ts";
import { PROVIDER_CALLS_QUEUE } from "#server/modules/deals/flow.ts";
import { PROVIDER_EVENT_QUEUE } from "#server/modules/deals/webhooks.ts";
import type { TestApi } from "./api-harness.ts";
import type { MarketplaceDouble } from "./marketplace-double.ts";

/**
 * The deals' tests' shared moves on the honest in-memory provider (marketplace-double.ts): its
 * signed webhook delivered and processed, a deal paid by card as a buyer pays it, and the deadline
 * queue's waiting jobs read and made due (the hours pass without waiting).
 */

/** The provider tells the site about a charge or payout, as its signed webhook does; the site processes it. */
export async function providerSays(
  api: TestApi,
  provider: MarketplaceDouble,
  type: Parameters<MarketplaceDouble["webhook"]>[0],
  objectId: string,
) {
  const { body, signature } = provider.webhook(type, objectId);
  const answer = await api.call("POST", "/api/deals/webhooks/stripe", {
    rawBody: body,
    headers: { "stripe-signature": signature, "Content-Type": "application/json" },
  });
  await api.jobs.runPending(PROVIDER_EVENT_QUEUE);
  await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
  return { answer, body, signature };
}

/** The buyer opens a card charge for the deal; answers the provider's charge id (not paid yet). */
export async function openCharge(api: TestApi, dealId: number, buyerId: number): Promise<string> {
  const started = await api.services.deals.startPayment(dealId, buyerId, "card", "cs");
  if (!started.ok) throw new Error(`payment refused: ${started.code}`);
  return started.value.payUrl.split("/").pop() ?? "";
}

/** The buyer pays the deal by card: the charge opened, paid at the provider, its webhook processed. */
export async function payByCard(api: TestApi, provider: MarketplaceDouble, dealId: number, buyerId: number) {
  const chargeId = await openCharge(api, dealId, buyerId);
  provider.settle(chargeId);
  await providerSays(api, provider, "charge.paid", chargeId);
  return chargeId;
}

/** The deal's deadline jobs of `kind` still waiting: their distance in hours (reminders) and start. */
export async function deadlineJobs(api: TestApi, dealId: number, kind: string) {
  const result = await api.db.execute(
    sql`select (data->>'hours')::int as hours, start_after from pgboss.job
        where name = ${DEADLINE_QUEUE} and state = 'created'
          and data->>'kind' = ${kind} and (data->>'dealId')::int = ${dealId}`,
  );
  return rowsOf<{ hours: number | null; start_after: string }>(result).map((row) => ({
    hours: row.hours,
    at: new Date(row.start_after),
  }));
}

/** The time comes: the deal's waiting jobs of `kind` are due now, and the deadline queue runs. */
export async function deadlineJobsRun(api: TestApi, dealId: number, kind: string) {
  await api.db.execute(
    sql`update pgboss.job set start_after = now()
        where name = ${DEADLINE_QUEUE} and state = 'created'
          and data->>'kind' = ${kind} and (data->>'dealId')::int = ${dealId}`,
  );
  await api.jobs.runPending(DEADLINE_QUEUE);
}
