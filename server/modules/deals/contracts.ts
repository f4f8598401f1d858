import type { DealSource, DealStatus } from "#core/lifecycles/deal.ts";

/**
 * The deals module's types that cross modules (docs/architecture.md, "One definition per port
 * type"): what a caller hands in to make a deal, and the ledger's accounts and movements.
 */

/**
 * The ledger's accounts of a deal: `buyer` is the money from outside (its balance is minus what
 * the buyer paid), `held` what the provider holds for the deal, `fees` the operator's, and
 * `seller_payable`, `paid_out` and `refunded` where the held money went.
 */
export const LEDGER_ACCOUNTS = ["buyer", "held", "fees", "seller_payable", "paid_out", "refunded"] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** Each movement, with the account it takes from and the one it puts into. */
export const MOVEMENT_ACCOUNTS = {
  pay: { from: "buyer", to: "held" },
  take_fee: { from: "held", to: "fees" },
  credit_seller: { from: "held", to: "seller_payable" },
  pay_out: { from: "seller_payable", to: "paid_out" },
  refund: { from: "held", to: "refunded" },
} as const satisfies Record<string, { from: LedgerAccount; to: LedgerAccount }>;
export type LedgerMovement = keyof typeof MOVEMENT_ACCOUNTS;
export const LEDGER_MOVEMENTS = Object.keys(MOVEMENT_ACCOUNTS) as [LedgerMovement, ...LedgerMovement[]];

export type Balances = Record<LedgerAccount, number>;

/** A deal to make: who, what, the money frozen now, the chosen delivery and the payment deadline. */
export type NewDeal = {
  source: DealSource;
  productId: number;
  buyerId: number;
  sellerId: number;
  priceMinor: number;
  deliveryMinor: number;
  buyerFeeMinor: number;
  sellerCommissionMinor: number;
  /** The carrier's key, or null with a pickup town. */
  carrier: string | null;
  pickupTown: string | null;
  payBy: Date;
  /** The request that makes it: a repeat with the same key answers the same deal. */
  requestKey: string;
};

/** A deal as its callers see it. */
export type DealView = {
  id: number;
  source: DealSource;
  productId: number;
  buyerId: number;
  sellerId: number;
  status: DealStatus;
  priceMinor: number;
  deliveryMinor: number;
  buyerFeeMinor: number;
  sellerCommissionMinor: number;
  totalMinor: number;
  carrier: string | null;
  pickupTown: string | null;
  trackingNumber: string | null;
  payBy: Date;
  shipBy: Date | null;
  releaseAt: Date | null;
};
