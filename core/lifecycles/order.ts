/**
 * The order lifecycle (docs/product/lifecycles.md, "Orders") as an explicit table. Orders carry
 * what users pay the operator: insertion fees, promotions and shop carts.
 *
 *   (new) -> awaiting_payment -> paid -> shipped -> delivered
 *                  |   |           '-------------------^ (handed over at a branch)
 *                  |   |         paid | shipped | delivered -> refunded (by the operator)
 *                  |   '-> shipped (cash on delivery only: paid when delivered)
 *                  '-> cancelled -> paid (a card payment that was already open succeeds)
 *
 * Every status change of an order goes through `assertTransition` (in the payments module's
 * order-transitions.ts). Who may make a legal move is the caller's rule: the operator marks a
 * transfer of an unpaid order only (a cancelled order's transfer goes back by hand), while the
 * card gateway's word pays any unpaid order, a cancelled one too, since its payer was charged.
 * Only a shop order is shipped and delivered; fees and promotions end paid. The move
 * awaiting_payment -> shipped is legal here for every order, but the payments module allows it
 * only for a shop order paid in cash on delivery (`canMoveShopOrder` in order-transitions.ts): the
 * table says which moves exist, the order's payment method which of them it may make. Such an
 * order is paid when it is delivered (paid_at set, the tax document issued).
 *
 * An order is paid once: a second payment of a paid (or shipped, or delivered) order is refunded,
 * never applied. The operator may refund a paid order (paid, shipped or delivered) from the back
 * office: `refunded` is final, and a credit note corrects its tax document.
 */
export const ORDER_STATUSES = [
  "new",
  "awaiting_payment",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // The column's default, meant for shop carts (no code creates it yet).
  new: ["awaiting_payment", "paid", "cancelled"],
  // Replaced by a newer order of the listing, no longer wanted by it, or a shop order's
  // reservation ran out: cancelled. Cash on delivery ships unpaid.
  awaiting_payment: ["paid", "shipped", "cancelled"],
  // A shop order goes to the carrier, or is handed over at a branch (personal pickup).
  // The operator refunds a paid order (before or after it travelled): the customer's money goes back.
  paid: ["shipped", "delivered", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  // The card gateway reports a payment opened before the cancellation paid: the payer gets it.
  cancelled: ["paid"],
  refunded: [],
};

/** The statuses an order may be created in: fees and promotions await payment at once. */
export const INITIAL_STATUSES: readonly OrderStatus[] = ["new", "awaiting_payment"];

/** An illegal move; `from` null = creating one in a status it may not start in. */
export class IllegalTransitionError extends Error {
  readonly from: OrderStatus | null;
  readonly to: OrderStatus;
  constructor(from: OrderStatus | null, to: OrderStatus) {
    super(`Illegal order transition ${from ?? "(new)"} -> ${to}`);
    this.from = from;
    this.to = to;
  }
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/** Creating one in `status`: only the initial statuses. */
export function assertInitial(status: OrderStatus): void {
  if (!INITIAL_STATUSES.includes(status)) throw new IllegalTransitionError(null, status);
}

export function isFinal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/**
 * Paid, whether or not it has travelled since: a shop order stays paid when shipped and delivered.
 * A cash-on-delivery order on its way (shipped, `paid_at` still empty) counts as paid here too:
 * nothing else may be paid for it, the carrier collects the money on delivery.
 */
export function isPaid(status: OrderStatus): boolean {
  return status === "paid" || status === "shipped" || status === "delivered";
}

/** The statuses from which an order may move to `to` (a guarded update's WHERE). */
export function statusesBefore(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to));
}
