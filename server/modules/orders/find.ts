import { and, eq } from "drizzle-orm";
import { MAX_INT4 } from "#core/validation/limits.ts";
import type { Db } from "#server/db/client.ts";
import { type Order, orders } from "../tables.ts";

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
