import { desc, inArray } from "drizzle-orm";
import type { OrderKind } from "#core/contracts/payments.ts";
import type { OrderStatus } from "#core/lifecycles/order.ts";
import type { Db } from "#server/db/client.ts";
import { orderIdsOfUser, ordersOfUserForBackOffice } from "../orders/index.ts";
import { payments } from "./tables.ts";

/** One of a user's orders (a fee, a promotion, a shop order) on the back office's user page. */
export type AdminUserOrder = {
  id: number;
  kind: OrderKind;
  status: OrderStatus;
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
  const [{ rows: orderRows, total }, paymentRows] = await Promise.all([
    ordersOfUserForBackOffice(db, userId, limit),
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
      .where(inArray(payments.orderId, orderIdsOfUser(db, userId)))
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
