import type { PaymentRequestStatus } from "../lifecycles/payment-request.ts";

/**
 * A payment request as the conversation shows it (issue 35, item 1): the seller's agreed price
 * and delivery, what the buyer would pay (their buyer-protection discount counted), where it
 * stands and what the viewer may do.
 */
export type PaymentRequestView = {
  id: number;
  /** `open` past its expiry shows as `expired` (the row is marked when next touched). */
  status: PaymentRequestStatus;
  role: "seller" | "buyer";
  priceMinor: number;
  /** A carrier's key or `pickup`. */
  carrier: string;
  deliveryMinor: number;
  pickupTown: string | null;
  /** Null while deals through the site are off. */
  buyerFeeMinor: number | null;
  /** The buyer's group discount on the protection fee, in percent (0 without one). */
  buyerDiscountPercent: number;
  totalMinor: number | null;
  expiresAt: string;
  createdAt: string;
  /** The deal it made (accepted), for its link. */
  dealId: number | null;
  /** The buyer may accept or decline it; the seller may withdraw it. */
  canAnswer: boolean;
  canWithdraw: boolean;
};

/** Why a request was not sent, answered or withdrawn: pages translate these (paymentRequests.errors.*). */
export type PaymentRequestRefusal =
  | "not_found"
  | "not_classified"
  | "not_active"
  | "blocked"
  | "deals_off"
  | "taken"
  | "expired"
  | "withdrawn"
  | "declined"
  | "accepted"
  | "rate_limited"
  | "delivery_not_offered"
  | "no_terms"
  | "key_reused"
  /** The buyer's buying is suspended (two won auctions left unpaid within 12 months). */
  | "buyer_suspended";
