/**
 * The payment lifecycle (docs/product/lifecycles.md, "Payments") as an explicit table. A payment
 * is one attempt to pay an order: a bank transfer the operator saw arrive, or a card payment at
 * a gateway.
 *
 *   bank transfer:  (new) -> paid
 *   card:           (new) -> created -> pending -> paid | failed
 *                                    \-> refunded (paid at the gateway for an order already paid)
 *
 * Every status change of a payment goes through `assertTransition` (in the payments module's
 * payment-transitions.ts). Only open payments (`created`, `pending`) move; the rest are final. A
 * card payment's new state is always the gateway's word, read back from the gateway; a gateway's
 * own "refunded" for an open payment is not a move of ours and is ignored. `cancelled` has no way
 * in yet (no code cancels an open payment).
 */
export const PAYMENT_STATUSES = ["created", "pending", "paid", "failed", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  // Opened at the gateway (`pending`), or its state read from the gateway before that was recorded.
  created: ["pending", "paid", "failed", "refunded"],
  pending: ["paid", "failed", "refunded"],
  paid: [],
  failed: [],
  cancelled: [],
  // A duplicate: decided in the transaction that saw it; `refunded_at` records the gateway's refund.
  refunded: [],
};

/** A card payment is created open; a bank transfer is recorded once it has arrived. */
export const INITIAL_STATUSES: readonly PaymentStatus[] = ["created", "paid"];

/** Payments whose state may still change: the gateway has not decided them. */
export const OPEN_STATUSES = ["created", "pending"] as const satisfies readonly PaymentStatus[];

/** An illegal move; `from` null = creating one in a status it may not start in. */
export class IllegalTransitionError extends Error {
  readonly from: PaymentStatus | null;
  readonly to: PaymentStatus;
  constructor(from: PaymentStatus | null, to: PaymentStatus) {
    super(`Illegal payment transition ${from ?? "(new)"} -> ${to}`);
    this.from = from;
    this.to = to;
  }
}

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from]?.includes(to) ?? false;
}

export function assertTransition(from: PaymentStatus, to: PaymentStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/** Creating one in `status`: only the initial statuses. */
export function assertInitial(status: PaymentStatus): void {
  if (!INITIAL_STATUSES.includes(status)) throw new IllegalTransitionError(null, status);
}

export function isFinal(status: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[status].length === 0;
}

/** The statuses from which a payment may move to `to` (a guarded update's WHERE). */
export function statusesBefore(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => canTransition(from, to));
}
