import { and, eq, sql } from "drizzle-orm";
import type { InvoiceLine, InvoiceParty, InvoicePayload } from "#core/contracts/payments.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { createSettingsService } from "../settings/index.ts";
import { invoiceCounters, invoices } from "./tables.ts";
import { invoiceNumber, splitVat, VAT_RATE } from "./vat.ts";

/**
 * Tax documents for what users pay the operator (VAT Act 235/2004 §29, docs/product/payments.md):
 * issued in the transaction that marks an order paid, numbered in one series per year without
 * gaps (`2026000001`), and frozen: the payload is what the document says forever; a correction
 * is a credit note. The operator's data come from the `contacts` setting, the customer's from
 * their invoice address (else their name and e-mail), both as they are at the moment of issue.
 */

/**
 * The buyer as their account keeps them, read in the issuing transaction (the users module
 * answers: server/services.ts wires its invoiceDetailsOf in).
 */
export type InvoiceDetailsOf = (
  tx: Db,
  userId: number,
) => Promise<{
  /** First and last name, else the username; null for no such user. */
  displayName: string | null;
  address: {
    name: string;
    street: string;
    city: string;
    zip: string;
    countryCode: string | null;
    company: string | null;
    companyId: string | null;
    taxId: string | null;
  } | null;
}>;

/**
 * What a tax document says of the order it documents: the buyer, the amounts and the lines, as
 * the orders module hands them over (its invoicedOrder) in the issuing transaction.
 */
export type InvoicedOrder = {
  id: number;
  userId: number | null;
  email: string;
  /** A shop order's invoice address as the customer gave it at checkout. */
  invoiceAddress: {
    name: string;
    street: string;
    city: string;
    zip: string;
    countryCode: string;
    company?: string | null;
    companyId?: string | null;
    taxId?: string | null;
  } | null;
  discountMinor: number;
  groupDiscountMinor: number;
  voucherDiscountMinor: number;
  totalMinor: number;
  currencyCode: string;
  /** The order's lines in their order: goods (or the fee, the promotion), delivery, the payment's fee. */
  items: { description: string; quantity: number; unitPriceMinor: number }[];
};

/** Takes the next number of the year's series (the row lock serializes concurrent payments). */
export async function nextNumber(tx: Db, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return invoiceNumber(year, row.lastNumber);
}

export async function supplier(tx: Db): Promise<InvoicePayload["supplier"]> {
  // The Czech entry: a tax document is in Czech. Read through the transaction that issues it.
  const contacts = ((await createSettingsService(tx).get("contacts", "cs")) ?? {}) as Record<
    string,
    string | undefined
  >;
  return {
    name: contacts.company ?? "",
    street: contacts.address,
    companyId: contacts.ico ?? null,
    taxId: contacts.dic ?? null,
    email: contacts.email,
    register: contacts.register,
  };
}

async function customer(
  tx: Db,
  order: InvoicedOrder,
  invoiceDetailsOf: InvoiceDetailsOf,
): Promise<InvoiceParty> {
  const { email, userId } = order;
  // A shop order carries the invoice address the customer gave at checkout.
  const given = order.invoiceAddress;
  if (given)
    return {
      name: given.company || given.name,
      street: given.street,
      city: given.city,
      zip: given.zip,
      countryCode: given.countryCode,
      companyId: given.companyId ?? null,
      taxId: given.taxId ?? null,
      email,
    };
  if (userId === null) return { name: email, email };
  return accountParty(tx, userId, email, invoiceDetailsOf);
}

/** A user as their account keeps them: the invoice address, else the name they go by. */
export async function accountParty(
  tx: Db,
  userId: number,
  email: string,
  invoiceDetailsOf: InvoiceDetailsOf,
): Promise<InvoiceParty> {
  const { displayName, address } = await invoiceDetailsOf(tx, userId);
  const personal = displayName || email;
  if (!address) return { name: personal, email };
  return {
    name: address.company || address.name || personal,
    street: address.street,
    city: address.city,
    zip: address.zip,
    countryCode: address.countryCode,
    companyId: address.companyId,
    taxId: address.taxId,
    email,
  };
}

/** The order's lines as the document lists them, the group discount and the voucher as lines of their own. */
function linesOf(order: InvoicedOrder): InvoiceLine[] {
  const lines: InvoiceLine[] = order.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPriceMinor: item.unitPriceMinor,
    totalMinor: item.unitPriceMinor * item.quantity,
  }));
  const split = order.groupDiscountMinor + order.voucherDiscountMinor === order.discountMinor;
  const discounts = split
    ? [
        { description: "Sleva skupiny", minor: order.groupDiscountMinor },
        { description: "Slevový kód", minor: order.voucherDiscountMinor },
      ]
    : [{ description: "Sleva skupiny", minor: order.discountMinor }];
  for (const discount of discounts)
    if (discount.minor > 0)
      lines.push({
        description: discount.description,
        quantity: 1,
        unitPriceMinor: -discount.minor,
        totalMinor: -discount.minor,
      });
  return lines;
}

/**
 * Issues the tax document of an order being paid, in the caller's transaction; an order that has
 * one keeps it (returns null).
 */
export async function issueInvoice(
  tx: Db,
  order: InvoicedOrder,
  payment: { method: InvoicePayload["paymentMethod"]; variableSymbol: string },
  at: Date,
  invoiceDetailsOf: InvoiceDetailsOf,
): Promise<string | null> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  if (existing) return null;
  const lines = linesOf(order);
  const number = await nextNumber(tx, toPragueWallClock(at).year);
  const payload: InvoicePayload = {
    number,
    orderId: order.id,
    issuedAt: at.toISOString(),
    suppliedAt: at.toISOString(),
    supplier: await supplier(tx),
    customer: await customer(tx, order, invoiceDetailsOf),
    lines,
    vatRate: VAT_RATE,
    ...splitVat(order.totalMinor),
    totalMinor: order.totalMinor,
    currencyCode: order.currencyCode,
    paymentMethod: payment.method,
    variableSymbol: payment.variableSymbol,
  };
  await tx.insert(invoices).values({ number, kind: "invoice", orderId: order.id, issuedAt: at, payload });
  return number;
}
