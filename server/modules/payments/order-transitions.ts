import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { OrderKind } from "#core/contracts/payments.ts";
import { assertInitial, assertTransition, type OrderStatus } from "#core/lifecycles/order.ts";
import type { Db } from "#server/db/client.ts";
import { type Order, orderItems, orders } from "./tables.ts";

/**
 * The only place an order is created or its status written (docs/architecture.md, "Lifecycles"):
 * each named operation checks its move against core/lifecycles/order.ts. A move of one order
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
};

/** Creates an order awaiting payment, with its line, under an unguessable hash. */
export async function createOrder(tx: Db, values: NewOrder, at: Date): Promise<Order> {
  const status: OrderStatus = "awaiting_payment";
  assertInitial(status);
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
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.insert(orderItems).values({ orderId: order.id, productId: values.productId, ...values.item });
  return order;
}

/** A locked order is paid (its caller runs the payment's effect in the same transaction). */
export async function markOrderPaid(tx: Db, locked: Order, at: Date): Promise<Order> {
  assertTransition(locked.status, "paid");
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

/** A locked, paid shop order goes to the carrier, with its tracking number when it has one. */
export async function markOrderShipped(
  tx: Db,
  locked: Order,
  shipment: { trackingNumber: string | null; at: Date },
): Promise<Order> {
  assertShopOrder(locked);
  assertTransition(locked.status, "shipped");
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

/** A locked shop order arrived: delivered by the carrier, or handed over at a branch once paid. */
export async function markOrderDelivered(tx: Db, locked: Order, at: Date): Promise<Order> {
  assertShopOrder(locked);
  assertTransition(locked.status, "delivered");
  const [delivered] = await tx
    .update(orders)
    .set({ status: "delivered", deliveredAt: at, updatedAt: at })
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
  assertTransition(GIVING_WAY, "cancelled");
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
  assertTransition(GIVING_WAY, "cancelled");
  const [cancelled] = await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, GIVING_WAY)))
    .returning();
  return cancelled ?? null;
}
