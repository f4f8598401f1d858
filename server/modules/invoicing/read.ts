import { and, eq } from "drizzle-orm";
import type { InvoicePayload } from "#core/contracts/payments.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
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

/**
 * The tax document of the order behind id + hash, for whoever holds both (a shop order's public
 * summary links it: a guest has no account); null for anything else.
 */
export async function invoiceOfOrder(db: Db, orderId: number, hash: string): Promise<InvoicePayload | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > MAX_INT4 || !/^[0-9a-f]{16,64}$/.test(hash))
    return null;
  const [row] = await db
    .select({ payload: invoices.payload })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.id, orderId), eq(orders.hash, hash), eq(invoices.kind, "invoice")));
  return (row?.payload as InvoicePayload | undefined) ?? null;
}
