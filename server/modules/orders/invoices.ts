import type { InvoicePayload } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { invoiceOfOrder as documentOfOrder, invoiceByNumber } from "../invoicing/index.ts";
import { findOrder, ownerOf } from "./find.ts";

/** A tax document of the user's, as issued; null for another user's or an unknown number. */
export async function invoiceOf(db: Db, userId: number, number: string): Promise<InvoicePayload | null> {
  const invoice = await invoiceByNumber(db, number);
  if (!invoice || (await ownerOf(db, invoice.orderId)) !== userId) return null;
  return invoice.payload;
}

/**
 * The tax document of the order behind id + hash, for whoever holds both (a shop order's public
 * summary links it: a guest has no account); null for anything else.
 */
export async function invoiceOfOrder(db: Db, orderId: number, hash: string): Promise<InvoicePayload | null> {
  const order = await findOrder(db, orderId, hash);
  return order ? documentOfOrder(db, order.id) : null;
}
