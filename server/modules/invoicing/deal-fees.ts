import { and, asc, eq, inArray } from "drizzle-orm";
import type { DealFee, DealFeeDocument, InvoicePayload } from "#core/contracts/payments.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { creditNoteOf } from "./credit-note.ts";
import { accountParty, type InvoiceDetailsOf, nextNumber, supplier } from "./issue.ts";
import { invoices } from "./tables.ts";
import { splitVat, VAT_RATE } from "./vat.ts";

/**
 * The operator's tax documents for a deal's fees (issue 35, ADR 0081): the buyer's protection fee
 * to the buyer, the seller's commission to the seller, each the operator's own supply (never the
 * goods, which are the seller's to document). Numbered in the one yearly series, VAT included in
 * the fee as in every price the operator charges, frozen as issued. One invoice and at most one
 * credit note per fee and deal (a unique key): asked again, they answer what was issued.
 */

/** What one fee's document says of its supply; the deals module hands it over. */
export type DealFeeSupply = {
  dealId: number;
  fee: DealFee;
  customer: { userId: number; email: string };
  /** The fee as taken, VAT included. */
  amountMinor: number;
  /** The document's line (Czech: a tax document is in Czech). */
  description: string;
  paymentMethod: InvoicePayload["paymentMethod"];
};

const ofFee = (dealId: number, fee: DealFee, kind: "invoice" | "credit_note") =>
  and(eq(invoices.dealId, dealId), eq(invoices.fee, fee), eq(invoices.kind, kind));

/** Issues the fee's tax document in the caller's transaction; null when it has one or nothing is due. */
export async function issueDealFeeInvoice(
  tx: Db,
  supply: DealFeeSupply,
  at: Date,
  invoiceDetailsOf: InvoiceDetailsOf,
): Promise<string | null> {
  if (supply.amountMinor <= 0) return null;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(ofFee(supply.dealId, supply.fee, "invoice"));
  if (existing) return null;
  const number = await nextNumber(tx, toPragueWallClock(at).year);
  const payload: InvoicePayload = {
    number,
    orderId: null,
    dealId: supply.dealId,
    issuedAt: at.toISOString(),
    suppliedAt: at.toISOString(),
    supplier: await supplier(tx),
    customer: await accountParty(tx, supply.customer.userId, supply.customer.email, invoiceDetailsOf),
    lines: [
      {
        description: supply.description,
        quantity: 1,
        unitPriceMinor: supply.amountMinor,
        totalMinor: supply.amountMinor,
      },
    ],
    vatRate: VAT_RATE,
    ...splitVat(supply.amountMinor),
    totalMinor: supply.amountMinor,
    currencyCode: "CZK",
    paymentMethod: supply.paymentMethod,
    variableSymbol: String(supply.dealId),
  };
  await tx.insert(invoices).values({
    number,
    kind: "invoice",
    dealId: supply.dealId,
    fee: supply.fee,
    issuedAt: at,
    payload,
  });
  return number;
}

/** The credit note of a fee refunded in full, when its invoice was issued and not yet credited. */
export async function creditDealFee(tx: Db, dealId: number, fee: DealFee, at: Date): Promise<string | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(ofFee(dealId, fee, "invoice"));
  if (!invoice) return null;
  const [credited] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(ofFee(dealId, fee, "credit_note"));
  if (credited) return null;
  return (await creditNoteOf(tx, invoice, at)).number;
}

/** The fee documents of several deals, each of its own fee, in the order they were issued. */
export async function documentsOfDeals(
  db: Db,
  wanted: readonly { dealId: number; fee: DealFee }[],
): Promise<DealFeeDocument[]> {
  if (wanted.length === 0) return [];
  const keys = new Set(wanted.map(({ dealId, fee }) => `${dealId}:${fee}`));
  const rows = await db
    .select({
      dealId: invoices.dealId,
      number: invoices.number,
      fee: invoices.fee,
      kind: invoices.kind,
      issuedAt: invoices.issuedAt,
      payload: invoices.payload,
    })
    .from(invoices)
    .where(inArray(invoices.dealId, [...new Set(wanted.map(({ dealId }) => dealId))]))
    .orderBy(asc(invoices.id));
  return rows
    .filter((row) => keys.has(`${row.dealId}:${row.fee}`))
    .map((row) => ({
      dealId: row.dealId as number,
      number: row.number,
      fee: row.fee as DealFee,
      kind: row.kind,
      corrects: (row.payload as InvoicePayload).corrects ?? null,
      issuedAt: row.issuedAt.toISOString(),
      totalMinor: (row.payload as InvoicePayload).totalMinor,
    }));
}

/** A deal fee's document by its number, with its deal and fee; null for an unknown number or an order's. */
export async function dealFeeDocument(
  db: Db,
  number: string,
): Promise<{ dealId: number; fee: DealFee; payload: InvoicePayload } | null> {
  if (!/^\d{10}$/.test(number)) return null;
  const [row] = await db
    .select({ dealId: invoices.dealId, fee: invoices.fee, payload: invoices.payload })
    .from(invoices)
    .where(eq(invoices.number, number));
  if (!row?.dealId || !row.fee) return null;
  return { dealId: row.dealId, fee: row.fee, payload: row.payload as InvoicePayload };
}
