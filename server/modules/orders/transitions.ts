import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { OrderKind } from "#core/contracts/payments.ts";
import type { ShopPaymentMethod } from "#core/contracts/shop.ts";
import { IllegalTransitionError, type OrderStatus, orderLifecycle } from "#core/lifecycles/order.ts";
import type { Db } from "#server/db/client.ts";
import { type RequestKey, requestKeyColumns } from "./request-keys.ts";
import { type Order, type OrderItemKind, type NewOrder as OrderRow, orderItems, orders } from "./tables.ts";

/**
 * The only place an order is created or its status written (docs/architecture.md, "Lifecycles"):
 * each operation applies its named transition of core/lifecycles/order.ts (`order.place`,
 * `order.pay_by_card`, `order.refund`, …). A move of one order
 * works on the row its caller read under the order's lock; a move that gives way (an unpaid order
 * replaced or no longer wanted) is a guarded update, which changes only rows still in the status
 * it leaves, so a concurrent payment is never undone.
 */

/** Locks an order for a payment's decision (the order first, then its payment: every path alike); null when missing. */
export async function lockOrder(tx: Db, orderId: number): Promise<Order | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

export type NewOrder = {
  userId: number;
  email: string;
  locale: "cs" | "en";
  kind: OrderKind;
  productId: number;
  promotionDays?: number;
  /** Frozen amounts: the price list's, the group discount, what the payer pays. */
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  /** Its one line (a fee or a promotion). */
  item: { description: string; quantity: number; unitPriceMinor: number };
  /** The request's key (ADR 0069); the caller holds it (holdRequestKey) and found no order of it. */
  requestKey?: RequestKey | null;
};

/** Creates an order awaiting payment, with its line, under an unguessable hash. */
export async function createOrder(tx: Db, values: NewOrder, at: Date): Promise<Order> {
  const status = orderLifecycle.create("place");
  const [order] = await tx
    .insert(orders)
    .values({
      hash: randomBytes(16).toString("hex"),
      userId: values.userId,
      kind: values.kind,
      status,
      productId: values.productId,
      promotionDays: values.promotionDays ?? null,
      email: values.email,
      locale: values.locale,
      subtotalMinor: values.subtotalMinor,
      discountMinor: values.discountMinor,
      totalMinor: values.totalMinor,
      ...requestKeyColumns(values.requestKey ?? null),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.insert(orderItems).values({ orderId: order.id, productId: values.productId, ...values.item });
  return order;
}

/** A shop order as placed: everything frozen at the binding click, its lines with the delivery and fee. */
export type NewShopOrder = Pick<
  OrderRow,
  | "userId"
  | "email"
  | "phone"
  | "locale"
  | "subtotalMinor"
  | "groupDiscountMinor"
  | "voucherDiscountMinor"
  | "deliveryMinor"
  | "paymentFeeMinor"
  | "totalMinor"
  | "voucherId"
  | "deliveryAddress"
  | "invoiceAddress"
  | "carrier"
  | "note"
  | "termsAcceptedAt"
  | "reservedUntil"
> & {
  paymentMethod: ShopPaymentMethod;
  items: {
    kind: OrderItemKind;
    productId: number | null;
    description: string;
    quantity: number;
    unitPriceMinor: number;
    taxRate: number;
  }[];
};

/**
 * Creates a shop order awaiting payment, with its lines. Cash on delivery awaits payment too: it
 * is paid when the carrier hands it over (markOrderDelivered). Null when a concurrent request with
 * the same key made its order first (the insert waited for it on the key's unique index).
 */
export async function createShopOrder(
  tx: Db,
  values: NewShopOrder,
  at: Date,
  key: RequestKey | null = null,
): Promise<Order | null> {
  const status = orderLifecycle.create("place");
  const { items, ...order } = values;
  const [created] = await tx
    .insert(orders)
    .values({
      ...order,
      ...requestKeyColumns(key),
      hash: randomBytes(16).toString("hex"),
      kind: "shop",
      status,
      // Old readers see every discount in one column.
      discountMinor: (order.groupDiscountMinor ?? 0) + (order.voucherDiscountMinor ?? 0),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: [orders.requestKey, orders.requestScope] })
    .returning();
  if (!created) return null;
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: created.id })));
  return created;
}

/**
 * A locked order is paid (its caller runs the payment's effect in the same transaction): by a bank
 * transfer the operator or a statement marks (`order.mark_paid`), or by the card gateway's word
 * (`order.pay_by_card`, which pays a cancelled order too: its payer was charged).
 */
export async function markOrderPaid(
  tx: Db,
  locked: Order,
  at: Date,
  method: "bank_transfer" | "card",
): Promise<Order> {
  orderLifecycle.move(method === "card" ? "pay_by_card" : "mark_paid", locked.status);
  const [paid] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: at, updatedAt: at })
    .where(eq(orders.id, locked.id))
    .returning();
  return paid;
}

/** Only the shop's orders travel; a fee or a promotion ends paid. */
function assertShopOrder(locked: Order) {
  if (locked.kind !== "shop")
    throw new Error(`Order ${locked.id} is a ${locked.kind} order: only shop orders ship`);
}

/** The named transition that moves a shop order to each status of its journey. */
const SHOP_MOVES = { shipped: "ship", delivered: "deliver" } as const;

/**
 * Whether a shop order may make the move: `order.ship` or `order.deliver` from its status, and
 * the ship's guard: an unpaid order (awaiting_payment) ships only in cash on delivery (the
 * customer pays the carrier), so a card or transfer order ships only once paid.
 */
export function canMoveShopOrder(
  order: Pick<Order, "status" | "paymentMethod">,
  to: keyof typeof SHOP_MOVES,
): boolean {
  if (!orderLifecycle.sources(SHOP_MOVES[to]).includes(order.status)) return false;
  if (order.status === "awaiting_payment" && to === "shipped") return order.paymentMethod === "cod";
  return true;
}

function applyShopMove(locked: Order, to: keyof typeof SHOP_MOVES) {
  assertShopOrder(locked);
  if (!canMoveShopOrder(locked, to))
    throw new IllegalTransitionError("order", SHOP_MOVES[to], locked.status, to);
  orderLifecycle.move(SHOP_MOVES[to], locked.status);
}

/**
 * A locked shop order goes to the carrier, with its tracking number when it has one: a paid one,
 * or an unpaid one paid in cash on delivery.
 */
export async function markOrderShipped(
  tx: Db,
  locked: Order,
  shipment: { trackingNumber: string | null; at: Date },
): Promise<Order> {
  applyShopMove(locked, "shipped");
  const [shipped] = await tx
    .update(orders)
    .set({
      status: "shipped",
      shippedAt: shipment.at,
      trackingNumber: shipment.trackingNumber,
      updatedAt: shipment.at,
    })
    .where(eq(orders.id, locked.id))
    .returning();
  return shipped;
}

/**
 * A locked shop order arrived: delivered by the carrier, or handed over at a branch once paid. A
 * cash-on-delivery order is paid by that: the carrier took the money (its caller issues the tax
 * document in the same transaction).
 */
export async function markOrderDelivered(tx: Db, locked: Order, at: Date): Promise<Order> {
  applyShopMove(locked, "delivered");
  const [delivered] = await tx
    .update(orders)
    .set({ status: "delivered", deliveredAt: at, updatedAt: at, paidAt: locked.paidAt ?? at })
    .where(eq(orders.id, locked.id))
    .returning();
  return delivered;
}

/** The status of orders that give way to another, or to their listing's change. */
const GIVING_WAY: OrderStatus = "awaiting_payment";

/**
 * Earlier unpaid orders of one kind for a listing give way to a new one (`keepId`): the seller
 * changed the days of a promotion, or an edit changed the listing's fee.
 */
export async function cancelReplacedOrders(
  tx: Db,
  replaced: { productId: number; kind: OrderKind; keepId?: number },
  at: Date,
): Promise<void> {
  orderLifecycle.move("replace", GIVING_WAY);
  await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
    .where(
      and(
        eq(orders.productId, replaced.productId),
        eq(orders.kind, replaced.kind),
        eq(orders.status, GIVING_WAY),
        replaced.keepId === undefined ? sql`true` : sql`${orders.id} <> ${replaced.keepId}`,
      ),
    );
}

/**
 * An unpaid order its listing no longer wants (cancelled, expired, ended) is cancelled, so that
 * nobody pays for nothing; null when it was no longer unpaid (paid or cancelled meanwhile).
 */
export async function cancelUnwantedOrder(db: Db, orderId: number, at: Date): Promise<Order | null> {
  orderLifecycle.move("drop_unwanted", GIVING_WAY);
  const [cancelled] = await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, GIVING_WAY)))
    .returning();
  return cancelled ?? null;
}

/**
 * An unpaid shop order whose reservation ran out is cancelled and marked as giving its stock back
 * (its caller returns the pieces in the same transaction); null when it was paid, cancelled or
 * released meanwhile, or is cash on delivery. A guarded update, so a payment that got the order's
 * lock first wins.
 */
export async function releaseExpiredOrder(tx: Db, orderId: number, at: Date): Promise<Order | null> {
  orderLifecycle.move("release_reservation", GIVING_WAY);
  const [released] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: at, stockReleasedAt: at, updatedAt: at })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.kind, "shop"),
        eq(orders.status, GIVING_WAY),
        ne(orders.paymentMethod, "cod"),
        lt(orders.reservedUntil, at),
        isNull(orders.stockReleasedAt),
      ),
    )
    .returning();
  return released ?? null;
}

/** A released order's payment took its pieces again (no status written: the payment pays it). */
export async function markStockRetaken(tx: Db, orderId: number, at: Date): Promise<void> {
  await tx.update(orders).set({ stockReleasedAt: null, updatedAt: at }).where(eq(orders.id, orderId));
}

/**
 * The operator cancels a locked unpaid order (the customer withdrew, the goods cannot be had): a
 * shop order still holding its pieces is marked as giving them back, which its caller does in the
 * same transaction, as the reservation sweep does.
 */
export async function cancelOrderByOperator(tx: Db, locked: Order, at: Date): Promise<Order> {
  orderLifecycle.move("cancel", locked.status);
  const givesStockBack = locked.kind === "shop" && locked.stockReleasedAt === null;
  const [cancelled] = await tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: at,
      updatedAt: at,
      ...(givesStockBack ? { stockReleasedAt: at } : {}),
    })
    .where(eq(orders.id, locked.id))
    .returning();
  return cancelled;
}

/** The operator refunded a locked paid order (paid, shipped or delivered); `refunded` is final. */
export async function markOrderRefunded(tx: Db, locked: Order, at: Date): Promise<Order> {
  orderLifecycle.move("refund", locked.status);
  const [refunded] = await tx
    .update(orders)
    .set({ status: "refunded", updatedAt: at })
    .where(eq(orders.id, locked.id))
    .returning();
  return refunded;
}
