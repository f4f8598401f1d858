import { randomBytes } from "node:crypto";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import type { PaidShopOrder } from "./shop.ts";
import { DAY } from "./time.ts";

/**
 * Orders awaiting a bank transfer whose variable symbols the sample statements in
 * tests/fixtures/bank name (docs/decisions/0024-bank-statement-import.md): importing
 * statement.camt053.xml pays 910001, finds 910002's amount wrong and 910003 already paid;
 * statement.gpc pays 910004. Numbered far above the demo's other orders, so nothing else takes them.
 */
const STATEMENT_ORDERS = [
  {
    id: 910001,
    totalMinor: 125_000,
    paid: false,
    name: "Jan Novák",
    goods: "Rum Diplomático Reserva Exclusiva",
  },
  {
    id: 910002,
    totalMinor: 49_900,
    paid: false,
    name: "Petr Svoboda",
    goods: "Doutník Partagás Serie D No. 4",
  },
  { id: 910003, totalMinor: 30_000, paid: true, name: "Karel Novotný", goods: "Dárková krabička" },
  { id: 910004, totalMinor: 89_000, paid: false, name: "Jana Dvořáková", goods: "Whisky Lagavulin 16" },
] as const;

/** Seeds them; the paid one is returned for its tax document, issued with the others in order. */
export async function seedStatementOrders(tx: Db, now: Date): Promise<PaidShopOrder[]> {
  const paid: PaidShopOrder[] = [];
  for (const seed of STATEMENT_ORDERS) {
    const createdAt = new Date(now.getTime() - 2 * DAY);
    const address = {
      name: seed.name,
      street: "Vinohradská 12",
      city: "Praha",
      zip: "120 00",
      countryCode: "CZ",
    };
    const [order] = await tx
      .insert(t.orders)
      .values({
        id: seed.id,
        hash: randomBytes(16).toString("hex"),
        kind: "shop",
        status: seed.paid ? "paid" : "awaiting_payment",
        email: `${seed.name.split(" ")[1].toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")}@example.cz`,
        paymentMethod: "bank_transfer",
        subtotalMinor: seed.totalMinor,
        totalMinor: seed.totalMinor,
        carrier: "pickup:praha-vinohrady",
        deliveryAddress: address,
        invoiceAddress: address,
        termsAcceptedAt: createdAt,
        // Held longer than the shop's reservation, so the demo's sweep leaves them for the statement.
        reservedUntil: new Date(now.getTime() + 30 * DAY),
        createdAt,
        updatedAt: createdAt,
        paidAt: seed.paid ? createdAt : null,
      })
      .returning();
    if (seed.paid) paid.push({ order, paidAt: createdAt, method: "bank_transfer" });
    await tx.insert(t.orderItems).values({
      orderId: seed.id,
      kind: "item",
      description: seed.goods,
      unitPriceMinor: seed.totalMinor,
    });
    if (seed.paid)
      await tx.insert(t.payments).values({
        orderId: seed.id,
        method: "bank_transfer",
        provider: "bank",
        status: "paid",
        amountMinor: seed.totalMinor,
        variableSymbol: String(seed.id),
        paidAt: createdAt,
      });
  }
  return paid;
}
