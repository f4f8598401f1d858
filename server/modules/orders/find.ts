import { and, count, desc, eq, inArray } from "drizzle-orm";
import { MAX_INT4 } from "#core/validation/limits.ts";
import type { Db } from "#server/db/client.ts";
import { type Order, orders } from "./tables.ts";

/** The order behind id + hash; null for anything else (a malformed id or hash included). */
export async function findOrder(db: Db, id: number, hash: string): Promise<Order | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_INT4 || !/^[0-9a-f]{16,64}$/.test(hash)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.hash, hash)));
  return order ?? null;
}

/** The account an order belongs to; null for a guest's order, an anonymised one or no order. */
export async function ownerOf(db: Db, orderId: number): Promise<number | null> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return order?.userId ?? null;
}

/** The user's orders, newest first: shop orders, fees and promotions. */
export function ordersOfUser(db: Db, userId: number, limit: number): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Which of `ids` are orders, in one read (a bank statement's symbols mostly name none). */
export async function existingOrderIds(tx: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The listing's unpaid fee order of this amount, the newest. */
export async function openFeeOrder(tx: Db, productId: number, amountMinor: number): Promise<Order | null> {
  const [open] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.productId, productId),
        eq(orders.kind, "listing_fee"),
        eq(orders.status, "awaiting_payment"),
        eq(orders.totalMinor, amountMinor),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return open ?? null;
}

/** The user's orders on the back office's user page, newest first (at most `limit`), and how many there are. */
export async function ordersOfUserForBackOffice(db: Db, userId: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
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
  ]);
  return { rows, total };
}

/** The ids of the user's orders, as a subquery the payments module's statement composes. */
export const orderIdsOfUser = (db: Db, userId: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
