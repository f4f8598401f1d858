import type { PaymentRequestView } from "../contracts/payment-requests.ts";
import type { PaymentRequestStatus } from "../lifecycles/payment-request.ts";
import { type DealFees, dealAmounts } from "./deal-fees.ts";

/** A stored payment request, as much of it as its card shows. */
export type PaymentRequestFacts = {
  id: number;
  status: PaymentRequestStatus;
  sellerId: number;
  priceMinor: number;
  carrier: string;
  deliveryMinor: number;
  pickupTown: string | null;
  expiresAt: Date;
  createdAt: Date;
  dealId: number | null;
};

/**
 * A payment request's card for one of its two sides (issue 35, item 1): what the buyer would pay
 * now (the fees of the `deals` setting, null while deals are off, and the buyer's group discount
 * on the protection fee), an open request past its expiry shown expired, and what the viewer may do.
 */
export function paymentRequestView(
  row: PaymentRequestFacts,
  userId: number,
  fees: DealFees | null,
  buyerPercent: number,
  now: Date,
): PaymentRequestView {
  const status = row.status === "open" && row.expiresAt <= now ? "expired" : row.status;
  const amounts = fees
    ? dealAmounts(fees, row.priceMinor, row.deliveryMinor, { buyerPercent, sellerPercent: 0 })
    : null;
  const role = row.sellerId === userId ? "seller" : "buyer";
  return {
    id: row.id,
    status,
    role,
    priceMinor: row.priceMinor,
    carrier: row.carrier,
    deliveryMinor: row.deliveryMinor,
    pickupTown: row.pickupTown,
    buyerFeeMinor: amounts?.buyerProtection.amountMinor ?? null,
    buyerDiscountPercent: buyerPercent,
    totalMinor: amounts?.totalMinor ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    dealId: row.dealId,
    canAnswer: role === "buyer" && status === "open" && amounts !== null,
    canWithdraw: role === "seller" && status === "open",
  };
}
