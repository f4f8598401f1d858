import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DEAL_FEES } from "#core/contracts/payments.ts";
import { oneOf, timestamptz } from "#server/db/columns.ts";
import { dealKey } from "../deals/keys.ts";
import { orderKey } from "../orders/keys.ts";

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;

/**
 * Tax documents; `payload` is the frozen content (seller, buyer, lines, VAT summary) as issued.
 * A document is of an order (what a user paid the operator) or of one fee of a deal (`deal_id`
 * and `fee`): one invoice and at most one credit note per fee and deal.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    number: text("number").notNull().unique("invoices_number_unique"),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    orderId: integer("order_id").references(orderKey, { onDelete: "restrict" }),
    dealId: integer("deal_id").references(dealKey, { onDelete: "restrict" }),
    fee: text("fee", { enum: DEAL_FEES }),
    issuedAt: timestamptz("issued_at").notNull().defaultNow(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("invoices_order_id_idx").on(t.orderId),
    // One tax document per paid order; corrections are credit notes.
    uniqueIndex("invoices_order_id_invoice_unique").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    check("invoices_kind_check", oneOf(t.kind, INVOICE_KINDS)),
    index("invoices_deal_id_idx").on(t.dealId),
    uniqueIndex("invoices_deal_fee_unique").on(t.dealId, t.fee, t.kind).where(sql`${t.dealId} is not null`),
    check("invoices_subject_check", sql`(${t.orderId} is null) <> (${t.dealId} is null)`),
    check(
      "invoices_fee_check",
      sql`(${t.dealId} is null) = (${t.fee} is null) and ${oneOf(t.fee, DEAL_FEES)}`,
    ),
  ],
);

/**
 * The last number of each year's series of tax documents (VAT Act §29: a series without gaps).
 * Taking a number updates the year's row in the paying transaction, so a rolled-back payment
 * gives its number back and concurrent payments wait for each other.
 */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * A deal's fee documents asked for (ADR 0081): written in the transaction that settles the deal's
 * money (or refunds it in full), worked off by the deals' `deals.fee_invoices` job, which issues
 * what the deal's ledger says under this row's lock and marks it done. A crash leaves the row to
 * be worked off; the documents' unique key keeps a second run from issuing twice.
 */
export const dealFeeInvoicing = pgTable(
  "deal_fee_invoicing",
  {
    dealId: integer("deal_id").primaryKey().references(dealKey, { onDelete: "restrict" }),
    requestedAt: timestamptz("requested_at").notNull().defaultNow(),
    /** The documents were issued (or none was due); null while the job has them to do. */
    doneAt: timestamptz("done_at"),
  },
  (t) => [index("deal_fee_invoicing_pending_idx").on(t.dealId).where(sql`${t.doneAt} is null`)],
);

export type Invoice = typeof invoices.$inferSelect;
