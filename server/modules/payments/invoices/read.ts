import { and, eq } from "drizzle-orm";
import type { InvoicePayload } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { invoices, orders } from "../tables.ts";

/** A tax document of the user's, as issued; null for another user's or an unknown number. */
export async function invoiceOf(db: Db, userId: number, number: string): Promise<InvoicePayload | null> {
  if (!/^\d{10}$/.test(number)) return null;
  const [row] = await db
    .select({ payload: invoices.payload })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.number, number), eq(orders.userId, userId)));
  return (row?.payload as InvoicePayload | undefined) ?? null;
}

/** The number of an order's tax document (issued when it was paid); null when it has none. */
export async function invoiceNumberOf(db: Db, orderId: number): Promise<string | null> {
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  return invoice?.number ?? null;
}
