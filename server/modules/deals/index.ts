/**
 * The deals module's public face (docs/architecture.md, "Modules"; issue 35, ADR 0073): its
 * service and the types it speaks in. Its tables (deals, their status history, the ledger) stay
 * inside; the steps other modules will run in their own transactions (an auction's close making
 * its deal) come with their callers.
 */

// Whether a deal still holds a listing (the payment requests refuse to ask for one then).
export { liveDealOf } from "./buying-quote.ts";
export { completedDealCountSql, completedDealCounts, completedDealsAfter } from "./completed-counts.ts";
export type {
  Balances,
  DealView,
  LedgerAccount,
  LedgerMovement,
  NewDeal,
} from "./contracts.ts";
export { LEDGER_ACCOUNTS, MOVEMENT_ACCOUNTS } from "./contracts.ts";
export type { RecordUnpaidWin } from "./deadlines.ts";
export { createDealsPersonalData, dealIdsSoldBy } from "./export.ts";
export type { BuyerSuspended } from "./flow/context.ts";
export type { StartedDeal } from "./flow/start.ts";
export {
  type AuctionSale,
  createDealFlow,
  type DealFlow,
  type DealFlowDeps,
  type OperatorCancel,
  type RetryOutcome,
} from "./flow.ts";
// The sum the provider should hold, for the held money's daily check (server/modules/held-money).
export { expectedHeldMinor } from "./held-sum.ts";
// What the disputes module runs in its own transactions (server/modules/disputes): the deal under
// its lock, its move to disputed, its resolution with the money, and its balances.
export { balancesOf } from "./ledger.ts";
export type { DealTermsSource, ListingDealTerms, MakeRefusal } from "./making.ts";
// A deal as it stands (the unpaid wins' relisting check), its two sides (the disputes' and their
// photos' checks), the deadline it waits for (the back office's list).
export { dealOf, dealSidesOf, dueOf } from "./reads.ts";
export { createDealsService, type DealsService } from "./service.ts";
export type { Resolution, StepRefusal } from "./settle.ts";
export { resolveDeal, step } from "./settle.ts";
export type { DealActor } from "./transitions.ts";
export { lockDeal, markDealDisputed } from "./transitions.ts";
