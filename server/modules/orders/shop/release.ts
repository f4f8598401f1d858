import { and, asc, eq, isNotNull, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { OrdersContext } from "../context.ts";
import { type Order, orderItems, orders } from "../tables.ts";
import { markStockRetaken, releaseExpiredOrder } from "../transitions.ts";
import { freeVoucherUse, restoreVoucherUse } from "./vouchers.ts";

/**
 * A shop order holds its pieces from the moment it is placed (docs/decisions/0020). One paid by
 * card or transfer that is still unpaid when its reservation ends (the `shop` setting's hours) is
 * cancelled, and in the same transaction its pieces go back to stock and its voucher use is
 * freed. Cash on delivery is paid when delivered: it keeps its pieces until the operator ships or
 * cancels it.
 */

/** Orders per sweep: a sweep that finds more leaves them to the next one, minutes later. */
const SWEEP_LIMIT = 200;

/** The order's goods (its delivery and fee lines hold no stock). */
export async function goodsOf(tx: Db, orderId: number) {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "item"), isNotNull(orderItems.productId)),
    );
  return rows.map((row) => ({ productId: row.productId!, quantity: row.quantity }));
}

/** Releases the unpaid shop orders whose reservation ended before `at`; their ids. */
export async function releaseExpiredReservations(ctx: OrdersContext, at = ctx.now()): Promise<number[]> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.kind, "shop"),
        eq(orders.status, "awaiting_payment"),
        ne(orders.paymentMethod, "cod"),
        lt(orders.reservedUntil, at),
        isNull(orders.stockReleasedAt),
      ),
    )
    .orderBy(asc(orders.reservedUntil))
    .limit(SWEEP_LIMIT);
  const released: number[] = [];
  for (const { id } of due) {
    // One order per transaction: a payment that takes the order's lock first keeps it paid.
    const done = await ctx.db.transaction(async (tx) => {
      const order = await releaseExpiredOrder(tx, id, at);
      if (!order) return false;
      await ctx.listings.releaseStock(tx, await goodsOf(tx, id));
      await freeVoucherUse(tx, id);
      return true;
    });
    if (done) released.push(id);
  }
  if (released.length) ctx.logger?.info({ orders: released }, "unpaid shop orders released their stock");
  return released;
}

/**
 * A card payment succeeded for a shop order released meanwhile (the payer was charged): its pieces
 * are taken again, at any price, since the order's price is what was paid, and its voucher use
 * counts again. False when the pieces are gone: the caller refunds the payment.
 */
export async function retakeReleasedStock(
  ctx: OrdersContext,
  tx: Db,
  locked: Order,
  at: Date,
): Promise<boolean> {
  if (locked.kind !== "shop" || locked.stockReleasedAt === null) return true;
  const taken = await ctx.listings.reserveStock(tx, await goodsOf(tx, locked.id));
  if (!taken.ok) return false;
  await markStockRetaken(tx, locked.id, at);
  await restoreVoucherUse(tx, locked, at);
  return true;
}
