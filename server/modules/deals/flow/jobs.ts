import {
  applyDeadline,
  DEADLINE_QUEUE,
  DEADLINE_SWEEP_QUEUE,
  type DeadlineJob,
  overdueDeadlines,
} from "../deadlines.ts";
import { FEE_INVOICES_QUEUE, issuePendingFeeInvoices, pendingFeeInvoices } from "../fee-invoices.ts";
import { makeCall, pendingCallIds } from "../provider-calls.ts";
import { syncSellerAccount } from "../seller-accounts.ts";
import { markEventProcessed, PROVIDER_EVENT_QUEUE, unprocessedEvent } from "../webhooks.ts";
import { AUCTION_DEAL_QUEUE, type FlowContext, PROVIDER_CALLS_QUEUE } from "./context.ts";
import type { AuctionSale, makingSteps } from "./making.ts";
import type { paymentSteps } from "./payment.ts";

/**
 * The deals' queues (issue 35): the deal of a sold auction, the provider's webhooks, the calls out
 * to the provider (refunds, transfers), each deadline, and a sweep every five minutes that catches
 * what a crash or a lost job left behind. Every handler can run twice without a second effect.
 */
export async function registerDealJobs(
  ctx: FlowContext,
  making: ReturnType<typeof makingSteps>,
  payment: ReturnType<typeof paymentSteps>,
): Promise<void> {
  const { db, jobs, marketplace, notices, now } = ctx;
  const retried = { retryLimit: 20, retryBackoff: true, retryDelayMaxSeconds: 3600 };
  jobs.define(AUCTION_DEAL_QUEUE, { retryLimit: 10, retryBackoff: true });
  jobs.define(PROVIDER_EVENT_QUEUE, retried);
  jobs.define(PROVIDER_CALLS_QUEUE, { policy: "exclusive", ...retried });
  jobs.define(DEADLINE_QUEUE, { retryLimit: 10, retryBackoff: true });
  jobs.define(DEADLINE_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 0 });
  jobs.define(FEE_INVOICES_QUEUE, { policy: "exclusive", ...retried });

  jobs.work<AuctionSale & { at: string }>(AUCTION_DEAL_QUEUE, async (sale) => {
    await making.makeAuctionDeal({ ...sale, at: new Date(sale.at) });
  });
  jobs.work<{ eventRowId: number }>(PROVIDER_EVENT_QUEUE, async ({ eventRowId }) => {
    const event = await unprocessedEvent(db, eventRowId);
    if (!event || !marketplace) return;
    if (event.type.startsWith("charge.")) await payment.applyCharge(event.objectId);
    if (event.type === "account.updated" && (await syncSellerAccount(db, marketplace, event.objectId)) > 0)
      await ctx.kickCalls();
    await markEventProcessed(db, eventRowId, now());
  });
  // The sweeps below stop between two items when the process stops (signal, ADR 0150): each item is
  // its own transaction or keyed call, and what is left waits for the next sweep or start.
  jobs.work(PROVIDER_CALLS_QUEUE, async (_data, { signal }) => {
    if (!marketplace) return;
    for (const id of await pendingCallIds(db)) {
      if (signal.aborted) return;
      await makeCall(db, marketplace, id);
    }
  });
  jobs.work<DeadlineJob>(DEADLINE_QUEUE, async (job) => {
    const outcome = await applyDeadline(db, notices, job, now(), ctx.recordUnpaidWin);
    if (outcome === "cancelled" || outcome === "released") await ctx.kickCalls();
  });
  jobs.work(FEE_INVOICES_QUEUE, async () => {
    await issuePendingFeeInvoices(db, now);
  });
  jobs.work(DEADLINE_SWEEP_QUEUE, async (_data, { signal }) => {
    for (const job of await overdueDeadlines(db, now())) {
      if (signal.aborted) return;
      await applyDeadline(db, notices, job, now(), ctx.recordUnpaidWin);
    }
    if (marketplace && (await pendingCallIds(db, 1)).length > 0) await ctx.kickCalls();
    if ((await pendingFeeInvoices(db)).length > 0) await issuePendingFeeInvoices(db, now);
  });
  await jobs.schedule(DEADLINE_SWEEP_QUEUE, "*/5 * * * *");
  // A process that starts (after a crash too) makes the calls already decided at once, not at the
  // next sweep: the provider answers a repeated key with the first result.
  if (marketplace && (await pendingCallIds(db, 1)).length > 0) await ctx.kickCalls();
}
