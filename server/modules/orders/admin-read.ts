import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { OrderKind } from "#core/contracts/payments.ts";
import type { ShopPaymentMethod } from "#core/contracts/shop.ts";
import type { OrderStatus } from "#core/lifecycles/order.ts";
import { canTransition } from "#core/lifecycles/order.ts";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { documentsOfOrder } from "../../invoicing/index.ts";
import { canMoveShopOrder } from "../order-transitions.ts";
import { orderRefunds } from "../tables/refunds.ts";
import { type Order, type OrderAddress, orderItems, orders, payments } from "../tables.ts";

/** The back office's orders (docs/product/back-office.md, "Orders and money"): every kind, paged on the server. */
export const ORDER_SORTS = ["createdAt", "totalMinor", "id"] as const;

export type AdminOrderFilter = {
  kind?: OrderKind;
  status?: OrderStatus;
  method?: ShopPaymentMethod;
  /** YYYY-MM-DD, inclusive (created on or after / before the end of). */
  from?: string;
  to?: string;
};

export type AdminOrderRow = {
  id: number;
  kind: OrderKind;
  status: OrderStatus;
  email: string;
  paymentMethod: ShopPaymentMethod | null;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

function conditions(query: TableQuery, filter: AdminOrderFilter): SQL | undefined {
  const q = query.q?.trim();
  const search = q
    ? /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647
      ? or(eq(orders.id, Number(q)), ilike(orders.email, `%${q}%`))
      : ilike(orders.email, `%${q}%`)
    : undefined;
  const day = (date: string, plus = 0) => new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000);
  return and(
    search,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.method ? eq(orders.paymentMethod, filter.method) : undefined,
    filter.from ? gte(orders.createdAt, day(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, day(filter.to, 1)) : undefined,
  );
}

export async function adminOrdersPage(
  db: Db,
  query: TableQuery<(typeof ORDER_SORTS)[number]>,
  filter: AdminOrderFilter,
): Promise<TablePage<AdminOrderRow>> {
  const where = conditions(query, filter);
  const column = { createdAt: orders.createdAt, totalMinor: orders.totalMinor, id: orders.id }[
    query.sort ?? "createdAt"
  ];
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      email: row.email,
      paymentMethod: row.paymentMethod,
      totalMinor: row.totalMinor,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/** The moves the back office offers for an order in its state. */
export type AdminOrderAction = "paid" | "shipped" | "delivered" | "cancel" | "refund";

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
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const [items, orderPayments, documents, refunds] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
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
