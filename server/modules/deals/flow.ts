import type { DealRole } from "#core/contracts/deals.ts";
import type { Locale } from "#core/i18n/index.ts";
import { feeDocumentOf, feeDocumentsOf, feeDocumentsOfUser } from "./fee-invoices-reads.ts";
import { buyingSteps } from "./flow/buying.ts";
import { clockSteps } from "./flow/clock.ts";
import { createFlowContext, type DealFlowDeps } from "./flow/context.ts";
import { deliverySteps } from "./flow/delivery.ts";
import { deliveryChoiceSteps } from "./flow/delivery-choice.ts";
import { registerDealJobs } from "./flow/jobs.ts";
import { makingSteps } from "./flow/making.ts";
import { operatorSteps } from "./flow/operator.ts";
import { paymentSteps } from "./flow/payment.ts";
import { payoutSteps } from "./flow/payouts.ts";
import { pickupSteps } from "./flow/pickup.ts";
import { dealPageOf, dealsOf } from "./reads.ts";
import { transitionCounts } from "./transitions.ts";

export { AUCTION_DEAL_QUEUE, type DealFlowDeps, PROVIDER_CALLS_QUEUE } from "./flow/context.ts";
export type { AuctionSale } from "./flow/making.ts";
export type { OperatorCancel, RetryOutcome } from "./flow/operator.ts";

/**
 * Deals through the site, end to end (issue 35): made when an auction closes with a winner, paid
 * through the provider's marketplace port, shipped, confirmed and released, each deadline a
 * durable job, every call out to the provider from an outbox with its idempotency key. The pages
 * and the API reach deals only through this service; it answers in codes. Its steps are grouped
 * in flow/: payment (making and paying a deal), delivery, second chance, and the jobs.
 */
export function createDealFlow(deps: DealFlowDeps) {
  const ctx = createFlowContext(deps);
  const making = makingSteps(ctx);
  const payment = paymentSteps(ctx);
  return {
    /** Deals through the site are on: the setting and a configured provider. */
    available: async () => (await ctx.setting()) !== null,
    list: (userId: number, role: DealRole, locale: Locale) => dealsOf(ctx.db, userId, role, locale),
    page: (dealId: number, userId: number, locale: Locale) => dealPageOf(ctx.db, dealId, userId, locale),
    /** The operator's fee documents of the deal the caller may see (ADR 0081); null: not theirs. */
    feeDocuments: (dealId: number, userId: number) => feeDocumentsOf(ctx.db, dealId, userId),
    feeDocument: (dealId: number, userId: number, number: string) =>
      feeDocumentOf(ctx.db, dealId, userId, number),
    /** Every fee document of the caller's side of their deals, newest first (the payments page). */
    myFeeDocuments: (userId: number) => feeDocumentsOfUser(ctx.db, userId),
    /** The `deals` setting while deals through the site are on, else null (the disputes' answer days). */
    activeSetting: ctx.setting,
    /** Lets the decided provider calls go out now (the disputes' resolutions). */
    kickCalls: ctx.kickCalls,
    /**
     * Starts a deal in the caller's transaction with its deadline and notices (flow/start.ts): the
     * payment requests' acceptance (server/modules/payment-requests).
     */
    startDeal: ctx.startDeal,
    ...making,
    ...payment,
    ...payoutSteps(ctx),
    ...deliverySteps(ctx),
    ...pickupSteps(ctx),
    ...deliveryChoiceSteps(ctx),
    ...clockSteps(ctx),
    ...buyingSteps(ctx),
    /** The operator's retry and cancel, which the back office audits (server/modules/deal-admin). */
    ...operatorSteps(ctx),
    /** How often each transition of the deal lifecycle has happened (the metrics, ADR 0093). */
    transitionCounts: () => transitionCounts(ctx.db),
    /** Registers the deals' queues and their handlers (the process's job runner runs them). */
    registerJobs: () => registerDealJobs(ctx, making, payment),
  };
}

export type DealFlow = ReturnType<typeof createDealFlow>;
