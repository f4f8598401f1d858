import { CREATED, defineLifecycle, IllegalTransitionError } from "./define.ts";

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
 * Every status change of an order is one of the named transitions below, checked in the orders
 * module's transitions.ts. Who may make a legal move is the caller's rule: the operator marks a
 * transfer of an unpaid order only (a cancelled order's transfer goes back by hand), while the
 * card gateway's word pays any unpaid order, a cancelled one too, since its payer was charged.
 * Only a shop order is shipped and delivered; fees and promotions end paid. The move
 * awaiting_payment -> shipped is legal here for every order, but the payments module allows it
 * only for a shop order paid in cash on delivery (`canMoveShopOrder` in server/modules/orders/transitions.ts): the
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

export const orderLifecycle = defineLifecycle({
  name: "order",
  statuses: ORDER_STATUSES,
  transitions: {
    open_cart: {
      from: CREATED,
      to: ["new"],
      by: "nobody yet",
      guard: "the column's default, meant for shop carts; no code creates it",
    },
    place: {
      from: CREATED,
      to: ["awaiting_payment"],
      by: "seller, customer",
      guard:
        "a fee or promotion order is created with its amounts frozen; a shop order is placed (cash on delivery too), its pieces taken from stock in the same transaction",
    },
    submit_cart: {
      from: ["new"],
      to: ["awaiting_payment"],
      by: "nobody yet",
      guard: "legal, unused: shop orders are created awaiting payment",
    },
    mark_paid: {
      from: ["new", "awaiting_payment"],
      to: ["paid"],
      by: "operator, accountant",
      guard:
        "the operator marks the bank transfer paid, or a bank statement's credit with the order's variable symbol and exact amount (or a line the accountant assigns) pays it; audited. A cancelled order's transfer is refused and returned by hand",
    },
    pay_by_card: {
      from: ["new", "awaiting_payment", "cancelled"],
      to: ["paid"],
      by: "card gateway",
      guard:
        "the gateway's word, read back from it, that a payment of the order is paid; a cancelled order too (its payer was charged), a shop order only if its pieces can be taken again, else the payment is refunded",
    },
    ship: {
      from: ["paid", "awaiting_payment"],
      to: ["shipped"],
      by: "operator",
      guard:
        "a shop order handed to the carrier with its tracking number; unpaid (awaiting_payment) only when paid in cash on delivery",
    },
    deliver: {
      from: ["paid", "shipped"],
      to: ["delivered"],
      by: "operator",
      guard:
        "a shop order delivered by the carrier, or handed over at a branch (personal pickup, paid first); cash on delivery is paid by it (paid_at, tax document)",
    },
    cancel: {
      from: ["new", "awaiting_payment"],
      to: ["cancelled"],
      by: "operator",
      guard: "an unpaid order; a shop order's pieces and voucher use go back",
    },
    replace: {
      from: ["awaiting_payment"],
      to: ["cancelled"],
      by: "seller",
      guard:
        "a newer promotion order of the same listing, or a new fee order whose amount matches the fee, replaces it",
    },
    drop_unwanted: {
      from: ["awaiting_payment"],
      to: ["cancelled"],
      by: "system, on the next read",
      guard: "its listing no longer wants it (fee: not awaiting payment; promotion: not live)",
    },
    release_reservation: {
      from: ["awaiting_payment"],
      to: ["cancelled"],
      by: "system (the reservation sweep, every 5 minutes)",
      guard:
        "a shop order by card or transfer unpaid when its reservation ended: its pieces go back, its voucher use is freed",
    },
    refund: {
      from: ["paid", "shipped", "delivered"],
      to: ["refunded"],
      by: "operator",
      guard:
        "a card payment back through the gateway, a transfer by hand; a credit note and a mail to the customer",
    },
  },
});

/** The ordinary moves from each status (derived from the named transitions). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = orderLifecycle.moves;

/** The statuses an order may be created in: fees and promotions await payment at once. */
export const INITIAL_STATUSES: readonly OrderStatus[] = orderLifecycle.initial;

export { IllegalTransitionError };

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderLifecycle.canTransition(from, to);
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  orderLifecycle.assertTransition(from, to);
}

/** Creating one in `status`: only the initial statuses. */
export function assertInitial(status: OrderStatus): void {
  if (!INITIAL_STATUSES.includes(status)) throw new IllegalTransitionError("order", null, null, status);
}

export function isFinal(status: OrderStatus): boolean {
  return orderLifecycle.isFinal(status);
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
  return orderLifecycle.statusesBefore(to);
}
