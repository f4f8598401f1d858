import { CREATED, defineLifecycle, IllegalTransitionError } from "./define.ts";

/**
 * The payment lifecycle (docs/product/lifecycles.md, "Payments") as an explicit table. A payment
 * is one attempt to pay an order: a bank transfer the operator saw arrive, or a card payment at
 * a gateway.
 *
 *   bank transfer:  (new) -> paid
 *   card:           (new) -> created -> pending -> paid | failed
 *                                    \-> refunded (paid at the gateway for an order already paid)
 *
 * Every status change of a payment is one of the named transitions below, checked in the payments
 * module's payment-transitions.ts. Only open payments (`created`, `pending`) move; the rest are final. A
 * card payment's new state is always the gateway's word, read back from the gateway; a gateway's
 * own "refunded" for an open payment is not a move of ours and is ignored. `cancelled` has no way
 * in yet (no code cancels an open payment).
 */
export const PAYMENT_STATUSES = ["created", "pending", "paid", "failed", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentLifecycle = defineLifecycle({
  name: "payment",
  statuses: PAYMENT_STATUSES,
  transitions: {
    open_card: {
      from: CREATED,
      to: ["created"],
      by: "payer",
      guard: "a card payment's start inserts it under the order's lock: one open card payment per order",
    },
    record_transfer: {
      from: CREATED,
      to: ["paid"],
      by: "operator, accountant",
      guard:
        "a bank transfer that arrived: the operator's marking or a bank statement's line inserts it paid",
    },
    open_at_gateway: {
      from: ["created"],
      to: ["pending"],
      by: "card gateway",
      guard: "the gateway opened it and gave the redirect",
    },
    settle: {
      from: ["created", "pending"],
      to: ["paid", "failed"],
      by: "card gateway",
      guard: "the gateway's state, read back from it after a notification, the payer's return or a new start",
    },
    refund_duplicate: {
      from: ["created", "pending"],
      to: ["refunded"],
      by: "system",
      guard:
        "the gateway reports it paid but its order was already paid: refunded (refund_reason duplicate); refunded_at once the gateway took the refund",
    },
  },
});

/** The ordinary moves from each status (derived from the named transitions). */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> =
  paymentLifecycle.moves;

/** A card payment is created open; a bank transfer is recorded once it has arrived. */
export const INITIAL_STATUSES: readonly PaymentStatus[] = paymentLifecycle.initial;

/** Payments whose state may still change: the gateway has not decided them. */
export const OPEN_STATUSES = ["created", "pending"] as const satisfies readonly PaymentStatus[];

export { IllegalTransitionError };

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentLifecycle.canTransition(from, to);
}

export function assertTransition(from: PaymentStatus, to: PaymentStatus): void {
  paymentLifecycle.assertTransition(from, to);
}

/** Creating one in `status`: only the initial statuses. */
export function assertInitial(status: PaymentStatus): void {
  if (!INITIAL_STATUSES.includes(status)) throw new IllegalTransitionError("payment", null, null, status);
}

export function isFinal(status: PaymentStatus): boolean {
  return paymentLifecycle.isFinal(status);
}

/** The statuses from which a payment may move to `to` (a guarded update's WHERE). */
export function statusesBefore(to: PaymentStatus): PaymentStatus[] {
  return paymentLifecycle.statusesBefore(to);
}
