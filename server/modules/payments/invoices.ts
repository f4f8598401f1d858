import { and, asc, eq, sql } from "drizzle-orm";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { createSettingsService } from "../settings/index.ts";
import { addresses, users } from "../users/tables.ts";
import { invoiceCounters, invoices, type Order, orderItems } from "./tables.ts";

/**
 * Tax documents for what users pay the operator (VAT Act 235/2004 §29, czech-facts.md): issued
 * in the transaction that marks an order paid, numbered in one series per year without gaps
 * (`2026000001`), and frozen: the payload is what the document says forever; a correction is a
 * credit note. The operator's data come from the `contacts` setting, the customer's from their
 * invoice address (else their name and e-mail), both as they are at the moment of issue.
 */

export const VAT_RATE = 21;

export type InvoiceParty = {
  name: string;
  street?: string;
  city?: string;
  zip?: string;
  countryCode?: string | null;
  companyId?: string | null;
  taxId?: string | null;
  email?: string;
};

export type InvoiceLine = {
  description: string;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
};

export type InvoicePayload = {
  number: string;
  orderId: number;
  issuedAt: string;
  /** The date of the taxable supply: the payment. */
  suppliedAt: string;
  supplier: InvoiceParty & { register?: string };
  customer: InvoiceParty;
  /** Prices include VAT at `vatRate`. */
  lines: InvoiceLine[];
  vatRate: number;
  /** The tax base, the VAT and the total, CZK minor units. */
  baseMinor: number;
  vatMinor: number;
  totalMinor: number;
  currencyCode: string;
  paymentMethod: "bank_transfer" | "card";
  variableSymbol: string;
};

/**
 * Splits a price that includes VAT into base and VAT: the VAT is total × rate / (100 + rate),
 * rounded to whole haléře half up (the VAT Act's calculation from a price with tax since 2019).
 */
export function splitVat(totalMinor: number, rate = VAT_RATE): { baseMinor: number; vatMinor: number } {
  const vatMinor = Math.floor((totalMinor * rate * 2 + (100 + rate)) / (2 * (100 + rate)));
  return { baseMinor: totalMinor - vatMinor, vatMinor };
}

/** `2026000001`: the year and six digits. */
export const invoiceNumber = (year: number, sequence: number) =>
  `${year}${String(sequence).padStart(6, "0")}`;

/** Takes the next number of the year's series (the row lock serializes concurrent payments). */
async function nextNumber(tx: Db, year: number): Promise<string> {
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

async function supplier(tx: Db): Promise<InvoicePayload["supplier"]> {
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

async function customer(tx: Db, userId: number | null, email: string): Promise<InvoiceParty> {
  if (userId === null) return { name: email, email };
  const [address] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, "invoice")))
    .orderBy(asc(addresses.id))
    .limit(1);
  const [user] = await tx
    .select({ firstname: users.firstname, lastname: users.lastname, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  const personal = [user?.firstname, user?.lastname].filter(Boolean).join(" ") || user?.username || email;
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

/**
 * Issues the tax document of an order being paid, in the caller's transaction; an order that has
 * one keeps it (returns null).
 */
export async function issueInvoice(
  tx: Db,
  order: Order,
  payment: { method: "bank_transfer" | "card"; variableSymbol: string },
  at: Date,
): Promise<string | null> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  if (existing) return null;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const lines: InvoiceLine[] = items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPriceMinor: item.unitPriceMinor,
    totalMinor: item.unitPriceMinor * item.quantity,
  }));
  if (order.discountMinor > 0)
    lines.push({
      description: "Sleva skupiny",
      quantity: 1,
      unitPriceMinor: -order.discountMinor,
      totalMinor: -order.discountMinor,
    });
  const number = await nextNumber(tx, toPragueWallClock(at).year);
  const payload: InvoicePayload = {
    number,
    orderId: order.id,
    issuedAt: at.toISOString(),
    suppliedAt: at.toISOString(),
    supplier: await supplier(tx),
    customer: await customer(tx, order.userId, order.email),
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
