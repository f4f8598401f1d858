import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { orders, payments } from "./tables.ts";

/** One of a user's orders (a fee, a promotion, a shop order) on the back office's user page. */
export type AdminUserOrder = {
  id: number;
  kind: (typeof orders.$inferSelect)["kind"];
  status: (typeof orders.$inferSelect)["status"];
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

/** One payment of the user's orders. */
export type AdminUserPayment = {
  id: number;
  orderId: number;
  method: (typeof payments.$inferSelect)["method"];
  status: (typeof payments.$inferSelect)["status"];
  amountMinor: number;
  createdAt: string;
  paidAt: string | null;
};

/**
 * A user's orders and the payments of them, newest first (at most `limit` of each), with how many
 * orders there are in all: the back office's user page (docs/product/back-office.md, "Users").
 */
export async function ordersAndPaymentsOfUser(
  db: Db,
  userId: number,
  limit: number,
): Promise<{ orders: AdminUserOrder[]; ordersTotal: number; payments: AdminUserPayment[] }> {
  const [orderRows, [{ total }], paymentRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        kind: orders.kind,
        status: orders.status,
        totalMinor: orders.totalMinor,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.id))
      .limit(limit),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        method: payments.method,
        status: payments.status,
        amountMinor: payments.amountMinor,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(
        inArray(payments.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
      )
      .orderBy(desc(payments.id))
      .limit(limit),
  ]);
  const dates = <T extends { createdAt: Date; paidAt: Date | null }>(row: T) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  });
  return { orders: orderRows.map(dates), ordersTotal: total, payments: paymentRows.map(dates) };
}
