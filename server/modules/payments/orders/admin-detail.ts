import { asc, eq } from "drizzle-orm";
import { canTransition } from "#core/lifecycles/order.ts";
import type { AdminOrderAction } from "#core/schemas/admin-orders.ts";
import type { Db } from "#server/db/client.ts";
import { documentsOfOrder } from "../../invoicing/index.ts";
import { canMoveShopOrder, type Order, type OrderAddress, orderWithItems } from "../../orders/index.ts";
import { orderRefunds } from "../tables/refunds.ts";
import { payments } from "../tables.ts";

/**
 * An order as the back office's page shows it (docs/product/back-office.md, "Orders and money"):
 * the orders module's order and lines, with its payments, refunds and tax documents, its history
 * and the moves its state allows.
 */

/** The moves the back office offers for an order in its state. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The moves the order's state allows, as the lifecycle and the payment method say. */
function actionsOf(order: Order): AdminOrderAction[] {
  const actions: AdminOrderAction[] = [];
  if (order.status === "awaiting_payment" || order.status === "new") actions.push("paid");
  if (order.kind === "shop" && canMoveShopOrder(order, "shipped")) actions.push("shipped");
  if (order.kind === "shop" && canMoveShopOrder(order, "delivered")) actions.push("delivered");
  if (canTransition(order.status, "cancelled")) actions.push("cancel");
  if (canTransition(order.status, "refunded")) actions.push("refund");
  return actions;
}

function orderFields(order: Order) {
  return {
    id: order.id,
    hash: order.hash,
    kind: order.kind,
    status: order.status,
    userId: order.userId,
    email: order.email,
    phone: order.phone,
    locale: order.locale,
    productId: order.productId,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    deliveryMinor: order.deliveryMinor,
    paymentFeeMinor: order.paymentFeeMinor,
    totalMinor: order.totalMinor,
    paymentMethod: order.paymentMethod,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    note: order.note,
    deliveryAddress: order.deliveryAddress as OrderAddress | null,
    invoiceAddress: order.invoiceAddress as OrderAddress | null,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    reservedUntil: iso(order.reservedUntil),
  };
}

/** One order with everything the operator needs to act on it; null when there is none. */
export async function adminOrderDetail(db: Db, id: number) {
  const found = await orderWithItems(db, id);
  if (!found) return null;
  const { order, items } = found;
  const [orderPayments, documents, refunds] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id)),
    documentsOfOrder(db, id),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.id)),
  ]);
  const actions = actionsOf(order);
  // What happened when, from the order's own stamps (the audit log says who).
  const stamps: [string, Date | null][] = [
    ["created", order.createdAt],
    ["paid", order.paidAt],
    ["shipped", order.shippedAt],
    ["delivered", order.deliveredAt],
    ["cancelled", order.cancelledAt],
    ...refunds.map((refund): [string, Date | null] => ["refunded", refund.createdAt]),
  ];
  const history = stamps
    .flatMap(([event, at]) => (at ? [{ event, at: at.toISOString() }] : []))
    .sort((a, b) => a.at.localeCompare(b.at));
  return {
    order: orderFields(order),
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      description: item.description,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      productId: item.productId,
    })),
    payments: orderPayments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      provider: payment.provider,
      status: payment.status,
      amountMinor: payment.amountMinor,
      paidAt: iso(payment.paidAt),
    })),
    documents,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      method: refund.method,
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
    })),
    history,
    actions,
  };
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof adminOrderDetail>>>;
