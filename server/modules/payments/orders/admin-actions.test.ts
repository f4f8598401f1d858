import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopPaymentMethod } from "#core/contracts/shop.ts";
import {
  invoices,
  orderRefunds,
  orders,
  testGatewayPayments,
  vouchers,
  voucherUsages,
} from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { auditLog } from "../../admin/tables.ts";
import { reserveStock } from "../../listings/index.ts";
import { products } from "../../listings/tables/products.ts";
import type { ShopOrderInput } from "../../orders/index.ts";
import { settings } from "../../settings/tables.ts";

/**
 * The back office's moves of an order through the order lifecycle: ship, deliver, cancel (the
 * pieces and the voucher use go back), refund through the test gateway (a credit note, a mail),
 * and every move the lifecycle forbids refused with a translated message.
 */
let api: TestApi;
let token: string;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi({ PAYMENTS_TEST_GATEWAY: "true" });
  categoryId = (await insertCategory(api.db)).id;
  token = (await api.createUser({ role: "accountant" })).token;
  await api.db.insert(settings).values({
    name: "shop",
    locale: null,
    value: {
      carriers: [
        {
          key: "ppl",
          name: "PPL",
          description: { cs: "Na adresu", en: "To your door" },
          priceMinor: 12_900,
          codFeeMinor: 3_900,
          countries: ["CZ"],
        },
      ],
      branches: [],
      reservationHours: 72,
    },
  });
}, 60_000);
afterAll(() => api?.close());

const address = {
  name: "Jana Nováková",
  street: "Vinohradská 12",
  city: "Praha",
  zip: "120 00",
  countryCode: "CZ",
  isCompany: false,
  company: "",
  companyId: "",
  taxId: "",
};

async function placed(
  productId: number,
  payment: ShopPaymentMethod,
  voucher?: { id: number; code: string },
): Promise<{ id: number; hash: string }> {
  const discount = voucher ? 1_000 : 0;
  const input: ShopOrderInput = {
    userId: null,
    email: "jana@rarita.test",
    phone: "+420777123456",
    locale: "cs",
    lines: [{ productId, description: "Rum Zacapa 23", quantity: 1, unitPriceMinor: 40_000, taxRate: 21 }],
    carrier: "ppl",
    payment,
    itemsMinor: 40_000,
    groupDiscountMinor: 0,
    voucher: voucher ?? null,
    voucherDiscountMinor: discount,
    deliveryMinor: 12_900,
    paymentFeeMinor: 0,
    totalMinor: 52_900 - discount,
    deliveryAddress: address,
    invoiceAddress: address,
    note: "",
    termsAcceptedAt: new Date(),
    reservedUntil: new Date(Date.now() + 72 * 3_600_000),
  };
  return api.db.transaction(async (tx) => {
    const stock = await reserveStock(tx, input.lines);
    if (!stock.ok) throw new Error("no stock");
    const result = await api.services.orders.placeShopOrder(tx, input);
    if (!result.ok) throw new Error("not placed");
    return result.order;
  });
}

const stockOf = async (id: number) =>
  (await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const act = (id: number, move: string, body?: unknown) =>
  api.call("POST", `/api/admin/orders/${id}/${move}`, { token, body });

describe("the operator's moves of an order", () => {
  it("cancels an unpaid order: the pieces and the voucher use go back; a second cancel is refused", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 2, priceMinor: 40_000 });
    const [voucher] = await api.db
      .insert(vouchers)
      .values({ code: "ZPET10", kind: "fixed", value: 1_000 })
      .returning();
    const order = await placed(product.id, "bank_transfer", { id: voucher.id, code: voucher.code });
    expect(await stockOf(product.id)).toBe(1);
    expect(await api.db.select().from(voucherUsages).where(eq(voucherUsages.orderId, order.id))).toHaveLength(
      1,
    );
    expect((await act(order.id, "cancel")).status).toBe(200);
    expect(await stockOf(product.id)).toBe(2);
    expect(await api.db.select().from(voucherUsages).where(eq(voucherUsages.orderId, order.id))).toHaveLength(
      0,
    );
    const again = await act(order.id, "cancel");
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("Objednávku v tomto stavu takto změnit nelze.");
    expect((await act(order.id, "refund")).status).toBe(409);
    expect((await act(order.id, "shipped")).status).toBe(409);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.action, "order.cancel"));
    expect(audit[0].data).toMatchObject({
      before: { status: "awaiting_payment" },
      after: { status: "cancelled" },
    });
  });

  it("ships and delivers a transfer-paid order, then refunds it by hand with a credit note and a mail", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 1, priceMinor: 40_000 });
    const order = await placed(product.id, "bank_transfer");
    expect((await act(order.id, "shipped", { trackingNumber: "Z1" })).status).toBe(409);
    expect((await act(order.id, "paid")).status).toBe(200);
    // The page's form and the API read one schema: a field it refuses answers at that field.
    const tooLong = await act(order.id, "shipped", { trackingNumber: "Z".repeat(101) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors).toEqual({ trackingNumber: ["Pole může obsahovat nejvýše 100 znaků."] });
    expect((await act(order.id, "shipped", { trackingNumber: "Z1" })).status).toBe(200);
    expect((await act(order.id, "delivered")).status).toBe(200);
    api.sentMail.length = 0;
    const refused = await act(order.id, "refund", { reason: "x".repeat(501) });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors)).toEqual(["reason"]);
    expect((await act(order.id, "refund", { reason: "Vráceno zboží" })).status).toBe(200);
    const detail = await api.call("GET", `/api/admin/orders/${order.id}`, { token });
    expect(detail.json.order.status).toBe("refunded");
    expect(detail.json.actions).toEqual([]);
    expect(detail.json.history.map((entry: { event: string }) => entry.event)).toEqual([
      "created",
      "paid",
      "shipped",
      "delivered",
      "refunded",
    ]);
    const documents = await api.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(documents.map((document) => document.kind).sort()).toEqual(["credit_note", "invoice"]);
    const note = documents.find((document) => document.kind === "credit_note")!;
    expect(note.payload).toMatchObject({ totalMinor: -52_900 });
    // Shipped goods are not back on the shelf until they are.
    expect(await stockOf(product.id)).toBe(0);
    await api.deliverMail();
    expect(api.sentMail.map((mail) => mail.subject)).toContain(
      `Vrátili jsme platbu za objednávku ${order.id}`,
    );
    expect((await act(order.id, "refund")).status).toBe(409);
  });

  it("refunds a card payment through the test gateway; unshipped pieces go back", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 1, priceMinor: 40_000 });
    const order = await placed(product.id, "card");
    const started = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    const gatewayId = String(started.json.data.redirectUrl).split("/").pop()!;
    await api.services.testGateway!.decide(gatewayId, "paid");
    expect((await act(order.id, "refund")).status).toBe(200);
    const [atGateway] = await api.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, gatewayId));
    expect(atGateway).toMatchObject({ state: "refunded", refundedMinor: 52_900 });
    const [refund] = await api.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({ method: "card", amountMinor: 52_900 });
    expect(refund.creditNoteId).not.toBeNull();
    expect(await stockOf(product.id)).toBe(1);
    const [row] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("refunded");
  });

  it("lists orders by kind, status and search", async () => {
    const list = await api.call("GET", "/api/admin/orders?status=refunded&kind=shop", { token });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(2);
    const search = await api.call("GET", `/api/admin/orders?q=${list.json.rows[0].id}`, { token });
    expect(search.json.rows.map((row: { id: number }) => row.id)).toEqual([list.json.rows[0].id]);
  });
});
