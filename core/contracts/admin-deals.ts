import type { DealSource, DealStatus } from "../lifecycles/deal.ts";

/**
 * The deals as the back office sees them (issue 35, item 9; ADR 0076): the list with the overdue
 * ones first, one deal with its money and its calls to the provider, the payouts and refunds, and
 * the daily check of the held money. Dates travel as ISO strings (the pages and the API alike).
 */

/** Deal statuses an operator may cancel from: before the goods left (the lifecycle's `cancel`). */
export const OPERATOR_CANCELLABLE: readonly DealStatus[] = ["awaiting_payment", "paid", "ready_for_pickup"];

export const ADMIN_DEAL_SORTS = ["createdAt", "totalMinor"] as const;

export type DealParty = { id: number; username: string; email: string; deleted: boolean };

export type AdminDealRow = {
  id: number;
  status: DealStatus;
  /** Awaiting payment past its pay-by date, or paid and not shipped past its ship-by date. */
  overdue: boolean;
  /** The deadline the deal waits for now (pay by, ship by, release), if any. */
  dueAt: string | null;
  productId: number;
  productName: string;
  buyer: DealParty | null;
  seller: DealParty | null;
  totalMinor: number;
  createdAt: string;
};

export const PROVIDER_CALL_STATES = ["refused", "pending", "done"] as const;
export type ProviderCallState = (typeof PROVIDER_CALL_STATES)[number];

/** A refund or a transfer through the provider: pending, refused (the provider's code) or done. */
export type AdminProviderCall = {
  id: number;
  dealId: number;
  kind: "refund" | "transfer";
  amountMinor: number;
  state: ProviderCallState;
  lastError: string | null;
  attempts: number;
  providerObjectId: string | null;
  createdAt: string;
  doneAt: string | null;
};

export type AdminDeal = {
  deal: {
    id: number;
    source: DealSource;
    status: DealStatus;
    overdue: boolean;
    productId: number;
    productName: string;
    priceMinor: number;
    deliveryMinor: number;
    buyerFeeMinor: number;
    sellerCommissionMinor: number;
    totalMinor: number;
    carrier: string | null;
    pickupTown: string | null;
    trackingNumber: string | null;
    payBy: string;
    shipBy: string | null;
    releaseAt: string | null;
    createdAt: string;
    paidAt: string | null;
    shippedAt: string | null;
    deliveredAt: string | null;
    closedAt: string | null;
  };
  buyer: DealParty | null;
  seller: (DealParty & { payoutsEnabled: boolean | null }) | null;
  /** The ledger's balance of each account of the deal (minor units), in the order money flows. */
  balances: { account: string; amountMinor: number }[];
  postings: { id: number; movement: string; amountMinor: number; createdAt: string }[];
  charges: {
    id: number;
    method: string;
    amountMinor: number;
    chargeId: string | null;
    paymentId: string | null;
    paidAt: string | null;
    endedAt: string | null;
    createdAt: string;
  }[];
  calls: AdminProviderCall[];
  history: {
    id: number;
    transition: string;
    fromStatus: DealStatus | null;
    toStatus: DealStatus;
    actor: string | null;
    reason: string | null;
    createdAt: string;
  }[];
  /** The provider's webhooks about the deal's charges. */
  events: { id: number; type: string; objectId: string; createdAt: string; processedAt: string | null }[];
  canCancel: boolean;
};

/** One check of the held money: the provider's balance against what the records say. */
export type DealReconciliationView = {
  id: number;
  checkedAt: string;
  expectedMinor: number;
  providerMinor: number;
  differenceMinor: number;
  /** null: the daily job. */
  requestedBy: string | null;
};
