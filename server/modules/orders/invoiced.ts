import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { InvoicedOrder } from "../invoicing/index.ts";
import { type Order, orderItems } from "./tables.ts";

/** The order as its tax document tells it, its lines read in the caller's (issuing) transaction. */
export async function invoicedOrder(tx: Db, order: Order): Promise<InvoicedOrder> {
  const items = await tx
    .select({
      description: orderItems.description,
      quantity: orderItems.quantity,
      unitPriceMinor: orderItems.unitPriceMinor,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}
