import { and, asc, eq } from "drizzle-orm";
import type { InvoicePayload } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { invoices } from "./tables.ts";

/**
 * Tax documents as issued. Whose a document is follows from its order, which the orders module
 * checks (the caller's own order, or the holder of its id and hash) before it asks here.
 */

/** A tax document by its number, with the order it documents; null for an unknown number. */
export async function invoiceByNumber(
  db: Db,
  number: string,
): Promise<{ orderId: number; payload: InvoicePayload } | null> {
  if (!/^\d{10}$/.test(number)) return null;
  const [row] = await db
    .select({ orderId: invoices.orderId, payload: invoices.payload })
    .from(invoices)
    .where(eq(invoices.number, number));
  // A deal fee's document is no order's (the deals module shows it to its side).
  return row?.orderId ? { orderId: row.orderId, payload: row.payload as InvoicePayload } : null;
}

/** The number of an order's tax document (issued when it was paid); null when it has none. */
export async function invoiceNumberOf(db: Db, orderId: number): Promise<string | null> {
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  return invoice?.number ?? null;
}

/** An order's tax document as issued (not its credit notes); null when it has none. */
export async function invoiceOfOrder(db: Db, orderId: number): Promise<InvoicePayload | null> {
  const [row] = await db
    .select({ payload: invoices.payload })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  return (row?.payload as InvoicePayload | undefined) ?? null;
}

/** Every document of an order, the tax document and its credit notes, in the order they were issued. */
export async function documentsOfOrder(db: Db, orderId: number) {
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() }));
}
