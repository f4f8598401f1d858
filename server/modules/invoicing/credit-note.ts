import { and, eq } from "drizzle-orm";
import type { InvoicePayload } from "#core/contracts/payments.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { nextNumber } from "./issue.ts";
import { type Invoice, invoices } from "./tables.ts";

/**
 * A credit note (opravný daňový doklad, VAT Act §45) for a refunded order: the order's tax document
 * with every amount negated, numbered in the same yearly series, naming the document it corrects.
 * An order without a tax document (never paid by a document) gets none: null.
 */
export async function issueCreditNote(
  tx: Db,
  order: { id: number },
  at: Date,
): Promise<{ id: number; number: string } | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  if (!invoice) return null;
  return creditNoteOf(tx, invoice, at);
}

/** Issues the credit note of a whole tax document, for the same order or deal fee as it. */
export async function creditNoteOf(
  tx: Db,
  invoice: Invoice,
  at: Date,
): Promise<{ id: number; number: string }> {
  const original = invoice.payload as InvoicePayload;
  const number = await nextNumber(tx, toPragueWallClock(at).year);
  const payload: InvoicePayload = {
    ...original,
    number,
    issuedAt: at.toISOString(),
    suppliedAt: at.toISOString(),
    corrects: original.number,
    lines: original.lines.map((line) => ({
      ...line,
      unitPriceMinor: -line.unitPriceMinor,
      totalMinor: -line.totalMinor,
    })),
    baseMinor: -original.baseMinor,
    vatMinor: -original.vatMinor,
    totalMinor: -original.totalMinor,
  };
  const [note] = await tx
    .insert(invoices)
    .values({
      number,
      kind: "credit_note",
      orderId: invoice.orderId,
      dealId: invoice.dealId,
      fee: invoice.fee,
      issuedAt: at,
      payload,
    })
    .returning({ id: invoices.id });
  return { id: note.id, number };
}
