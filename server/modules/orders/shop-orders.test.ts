import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopPaymentMethod } from "#core/contracts/shop.ts";
import { ok } from "#core/result.ts";
import {
  invoices,
  orderItems,
  orders,
  payments as paymentRows,
  vouchers,
  voucherUsages,
} from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { reserveStock } from "../listings/index.ts";
import { products } from "../listings/tables/products.ts";
import { settings } from "../settings/tables.ts";
import type { PlacedShopOrder, ShopOrderInput } from "./index.ts";

/**
 * Shop orders on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the stock is
 * taken in the order's transaction so that the last pieces are never oversold, a price changed
 * since the cart stops the order, an unpaid order gives its stock and voucher use back when its
 * reservation ends, a voucher's per-customer limit holds under concurrency, and cash on delivery
 * ships unpaid and is paid when delivered.
 */

let api: TestApi;
let categoryId: number;
let adminId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  api = await createTestApi({ PAYMENTS_TEST_GATEWAY: "true" });
  categoryId = (await insertCategory(api.db)).id;
  adminId = (await api.createUser({ role: "admin" })).user.id;
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
      branches: [
        {
          key: "praha-vinohrady",
          name: "Praha – Vinohrady",
          street: "Mánesova 1",
          city: "Praha",
          zip: "120 00",
          prague: true,
          hours: { cs: ["Po–Pá 10–19"], en: ["Mon–Fri 10–19"] },
        },
      ],
      reservationHours: 72,
    },
  });
});
afterAll(() => api?.close());

/** What the shop's checkout would have computed (no group discount, delivery 129 Kč). */
function orderOf(
  productId: number,
  quantity: number,
  unitPriceMinor: number,
  options: {
    payment?: ShopPaymentMethod;
    userId?: number | null;
    email?: string;
    voucher?: { id: number; code: string; discountMinor: number };
    reservedUntil?: Date;
    carrier?: string;
  } = {},
): ShopOrderInput {
  const itemsMinor = quantity * unitPriceMinor;
  const voucherDiscountMinor = options.voucher?.discountMinor ?? 0;
  const paymentFeeMinor = options.payment === "cod" ? 3_900 : 0;
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
  return {
    userId: options.userId ?? null,
    email: options.email ?? "jana@rarita.test",
    phone: "+420777123456",
    locale: "cs",
    lines: [{ productId, description: "Rum Zacapa 23", quantity, unitPriceMinor, taxRate: 21 }],
    carrier: options.carrier ?? "ppl",
    payment: options.payment ?? "card",
    itemsMinor,
    groupDiscountMinor: 0,
    voucher: options.voucher ? { id: options.voucher.id, code: options.voucher.code } : null,
    voucherDiscountMinor,
    deliveryMinor: 12_900,
    paymentFeeMinor,
    totalMinor: itemsMinor - voucherDiscountMinor + 12_900 + paymentFeeMinor,
    deliveryAddress: address,
    invoiceAddress: address,
    note: "",
    termsAcceptedAt: new Date(),
    reservedUntil: options.reservedUntil ?? new Date(Date.now() + 72 * HOUR),
  };
}

class Rollback extends Error {
  readonly result: unknown;
  constructor(result: unknown) {
    super("rolled back");
    this.result = result;
  }
}

type Outcome = PlacedShopOrder | Awaited<ReturnType<typeof reserveStock>>;

/** The shop's "order" click: the pieces, then the order, in one transaction; any refusal rolls both back. */
async function buy(input: ShopOrderInput): Promise<Outcome> {
  try {
    return await api.db.transaction(async (tx) => {
      const stock = await reserveStock(tx, input.lines);
      if (!stock.ok) throw new Rollback(stock);
      const placed = await api.services.orders.placeShopOrder(tx, input);
      if (!placed.ok) throw new Rollback(placed);
      return placed;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as Outcome;
    throw error;
  }
}

const placedId = (outcome: Outcome) => ("order" in outcome ? outcome.order.id : null);

async function stockOf(productId: number) {
  const [row] = await api.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row.stock;
}

async function ordersOf(productId: number) {
  const rows = await api.db
    .selectDistinct({ id: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return rows.map((row) => row.id);
}

async function insertVoucher(values: Partial<typeof vouchers.$inferInsert> = {}) {
  const [voucher] = await api.db
    .insert(vouchers)
    .values({ code: `KOD${Math.random().toString(36).slice(2, 8)}`, kind: "fixed", value: 10_000, ...values })
    .returning();
  return voucher;
}

describe("the last bottles", () => {
  it("50 concurrent buyers of the last 3 place exactly 3 orders, and the stock ends at 0", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 3, priceMinor: 250_000 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        buy(orderOf(product.id, 1, 250_000, { email: `kupec${i}@rarita.test` })),
      ),
    );
    const placed = outcomes.filter((outcome) => outcome.ok);
    expect(placed).toHaveLength(3);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(
      Array(47).fill({ ok: false, productId: product.id, problem: "soldOut" }),
    );
    expect(await stockOf(product.id)).toBe(0);
    expect((await ordersOf(product.id)).sort()).toEqual(placed.map(placedId).sort());
  });

  it("a price changed since the cart is refused, and nothing of the order is written", async () => {
    const kept = await insertProduct(api.db, { categoryId, stock: 5, priceMinor: 80_000 });
    const repriced = await insertProduct(api.db, { categoryId, stock: 5, priceMinor: 99_000 });
    const input = orderOf(kept.id, 2, 80_000);
    input.lines.push({
      productId: repriced.id,
      description: "Whisky",
      quantity: 1,
      unitPriceMinor: 90_000,
      taxRate: 21,
    });
    input.itemsMinor += 90_000;
    input.totalMinor += 90_000;
    expect(await buy(input)).toEqual({ ok: false, productId: repriced.id, problem: "priceChanged" });
    // The first line's pieces were taken in the same transaction: they are back.
    expect(await stockOf(kept.id)).toBe(5);
    expect(await stockOf(repriced.id)).toBe(5);
    expect(await ordersOf(kept.id)).toEqual([]);
  });

  it("more pieces than left are refused with how many there are not", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 2, priceMinor: 50_000 });
    expect(await buy(orderOf(product.id, 3, 50_000))).toEqual({
      ok: false,
      productId: product.id,
      problem: "notEnoughStock",
    });
    expect(await stockOf(product.id)).toBe(2);
  });
});

describe("an unpaid order's reservation", () => {
  it("ends: the order is cancelled, its pieces go back and its voucher may be used again", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 4, priceMinor: 120_000 });
    const voucher = await insertVoucher({ usageLimitTotal: 1 });
    // Sooner than the other tests' orders (72 hours), which the sweeps here must leave alone.
    const reservedUntil = new Date(Date.now() + HOUR);
    const placed = await buy(
      orderOf(product.id, 2, 120_000, {
        reservedUntil,
        voucher: { id: voucher.id, code: voucher.code, discountMinor: 10_000 },
      }),
    );
    const id = placedId(placed)!;
    const cod = placedId(await buy(orderOf(product.id, 1, 120_000, { payment: "cod", reservedUntil })))!;
    expect(await stockOf(product.id)).toBe(1);
    const service = api.services.orders;

    expect(await service.releaseExpiredReservations(new Date(reservedUntil.getTime() - 60_000))).toEqual([]);
    expect(await service.releaseExpiredReservations(new Date(reservedUntil.getTime() + 60_000))).toEqual([
      id,
    ]);

    const [order] = await api.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ status: "cancelled", voucherId: voucher.id });
    expect(order.stockReleasedAt).toEqual(new Date(reservedUntil.getTime() + 60_000));
    expect(await stockOf(product.id)).toBe(3);
    expect(await api.db.select().from(voucherUsages).where(eq(voucherUsages.voucherId, voucher.id))).toEqual(
      [],
    );
    // Cash on delivery keeps its piece; a second sweep finds nothing more.
    const [codOrder] = await api.db.select().from(orders).where(eq(orders.id, cod));
    expect(codOrder).toMatchObject({ status: "awaiting_payment", reservedUntil: null });
    expect(await service.releaseExpiredReservations(new Date(reservedUntil.getTime() + HOUR))).toEqual([]);
    const again = await service.voucherForCart({
      code: voucher.code.toLowerCase(),
      userId: null,
      email: "jana@rarita.test",
      cartMinor: 120_000,
      codesInCart: [],
      at: new Date(),
    });
    expect(again).toMatchObject({ ok: true, value: { id: voucher.id } });
  });
});

describe("a voucher's per-customer limit", () => {
  it("of 1, used by one user in two concurrent orders, is applied once", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 10, priceMinor: 100_000 });
    const voucher = await insertVoucher({ usageLimitPerUser: 1 });
    const { user } = await api.createUser();
    const withVoucher = () =>
      buy(
        orderOf(product.id, 1, 100_000, {
          userId: user.id,
          email: user.email,
          voucher: { id: voucher.id, code: voucher.code, discountMinor: 10_000 },
        }),
      );
    const outcomes = await Promise.all([withVoucher(), withVoucher()]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({ ok: false, refusal: "usedUp" });
    const uses = await api.db.select().from(voucherUsages).where(eq(voucherUsages.voucherId, voucher.id));
    expect(uses).toHaveLength(1);
    expect(uses[0].userId).toBe(user.id);
    // The refused order's piece went back with its transaction.
    expect(await stockOf(product.id)).toBe(9);
    const check = await api.services.orders.voucherForCart({
      code: voucher.code,
      userId: user.id,
      email: user.email,
      cartMinor: 100_000,
      codesInCart: [],
      at: new Date(),
    });
    expect(check).toMatchObject({ ok: false, code: "usedUp" });
  });

  it("counts a guest's uses by e-mail, case aside", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 10, priceMinor: 100_000 });
    const voucher = await insertVoucher({ usageLimitPerUser: 1 });
    const first = orderOf(product.id, 1, 100_000, {
      email: "Host@Rarita.test",
      voucher: { id: voucher.id, code: voucher.code, discountMinor: 10_000 },
    });
    expect((await buy(first)).ok).toBe(true);
    const second = { ...first, email: "host@rarita.test" };
    expect(await buy(second)).toEqual({ ok: false, refusal: "usedUp" });
  });
});

describe("cash on delivery", () => {
  it("ships unpaid, and delivering it marks it paid and issues its tax document", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 2, priceMinor: 70_000 });
    const card = placedId(await buy(orderOf(product.id, 1, 70_000)))!;
    const id = placedId(await buy(orderOf(product.id, 1, 70_000, { payment: "cod" })))!;
    const service = api.services.orders;
    // A card order ships only once paid.
    expect(await service.markShipped(card, { actorId: adminId })).toMatchObject({ code: "not_allowed" });
    expect(await service.markShipped(id, { actorId: adminId, trackingNumber: "PPL123" })).toEqual(ok());
    const [shipped] = await api.db.select().from(orders).where(eq(orders.id, id));
    expect(shipped).toMatchObject({ status: "shipped", paidAt: null, trackingNumber: "PPL123" });
    api.sentMail.length = 0;
    await api.deliverMail();
    const mail = api.sentMail.find((sent) => sent.subject === `Objednávka č. ${id} je na cestě`);
    expect(mail?.text).toContain("Číslo zásilky: PPL123");
    expect(mail?.text).toContain("zaplatíte dopravci při převzetí");
    expect(await api.db.select().from(invoices).where(eq(invoices.orderId, id))).toEqual([]);

    expect(await service.markDelivered(id, adminId)).toEqual(ok());
    const [delivered] = await api.db.select().from(orders).where(eq(orders.id, id));
    expect(delivered.status).toBe("delivered");
    expect(delivered.paidAt).toEqual(delivered.deliveredAt);
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.orderId, id));
    expect(invoice.payload).toMatchObject({
      paymentMethod: "cod",
      totalMinor: 70_000 + 12_900 + 3_900,
      customer: { name: "Jana Nováková", street: "Vinohradská 12" },
    });
    expect(invoice.payload.lines).toEqual([
      { description: "Rum Zacapa 23", quantity: 1, unitPriceMinor: 70_000, totalMinor: 70_000 },
      { description: "Doprava: PPL", quantity: 1, unitPriceMinor: 12_900, totalMinor: 12_900 },
      { description: "Dobírka", quantity: 1, unitPriceMinor: 3_900, totalMinor: 3_900 },
    ]);
  });
});

describe("a shop order's summary and mails", () => {
  it("is open to whoever holds id and hash, with the lines, the branch, the discounts and how to pay", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 2, priceMinor: 60_000 });
    const voucher = await insertVoucher({ code: "VITEJTE-TEST", kind: "percent", value: 10 });
    const input = orderOf(product.id, 2, 60_000, {
      carrier: "pickup:praha-vinohrady",
      voucher: { id: voucher.id, code: voucher.code, discountMinor: 12_000 },
    });
    input.locale = "en";
    const placed = await buy(input);
    const { id, hash } = (placed as { order: { id: number; hash: string } }).order;
    const view = await api.services.payments.order(id, hash, "en");
    expect(view).toMatchObject({
      kind: "shop",
      status: "awaiting_payment",
      payable: true,
      summaryPath: `/en/summary/${id}/${hash}`,
      discountMinor: 12_000,
      totalMinor: 120_000 - 12_000 + 12_900,
    });
    expect(view?.shop).toMatchObject({
      lines: [{ productId: product.id, quantity: 2, unitPriceMinor: 60_000 }],
      delivery: {
        kind: "pickup",
        key: "praha-vinohrady",
        branch: { name: "Praha – Vinohrady", hours: ["Mon–Fri 10–19"] },
      },
      payment: "card",
      voucherCode: "VITEJTE-TEST",
      voucherDiscountMinor: 12_000,
      groupDiscountMinor: 0,
      phone: "+420777123456",
    });
    expect(view?.shop?.lines[0].url).toMatch(new RegExp(`^/en/${product.id}/`));
    expect(view?.shop?.reservedUntil).toBe(input.reservedUntil?.toISOString());

    api.sentMail.length = 0;
    await api.deliverMail();
    const mail = api.sentMail.find((sent) => sent.text.includes(hash));
    expect(mail?.subject).toBe(`Order no. ${id} received`);
    expect(mail?.text).toContain(`/en/summary/${id}/${hash}`);
    expect(mail?.text).toContain("Voucher: -");
  });

  it("a cash-on-delivery order cannot be paid online", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 1, priceMinor: 60_000 });
    const placed = await buy(orderOf(product.id, 1, 60_000, { payment: "cod" }));
    const { id, hash } = (placed as { order: { id: number; hash: string } }).order;
    const view = await api.services.payments.order(id, hash, "cs");
    expect(view).toMatchObject({ payable: false, bankTransfer: null, card: false });
    expect(view?.shop?.reservedUntil).toBeNull();
  });
});

describe("an influencer's statistics", () => {
  it("count the paid orders with the voucher, their goods after discounts and the margin, per month", async () => {
    const { user } = await api.createUser();
    const product = await insertProduct(api.db, { categoryId, stock: 5, priceMinor: 100_000 });
    const voucher = await insertVoucher({
      influencerUserId: user.id,
      marginPercent: 15,
      kind: "fixed",
      value: 5_000,
    });
    const use = { id: voucher.id, code: voucher.code, discountMinor: 5_000 };
    const paid = placedId(
      await buy(orderOf(product.id, 2, 100_000, { voucher: use, email: "a@rarita.test" })),
    )!;
    await buy(orderOf(product.id, 1, 100_000, { voucher: use, email: "b@rarita.test" }));
    expect(await api.services.payments.markPaidByTransfer(paid, adminId)).toEqual(ok("paid"));
    const stats = await api.services.orders.influencerStats(user.id);
    expect(stats).toMatchObject({
      code: voucher.code,
      orders: 1,
      revenueMinor: 195_000,
      marginMinor: 29_250,
      pendingOrders: 1,
    });
    expect(stats?.months).toHaveLength(1);
    expect(await api.services.orders.influencerStats(adminId)).toBeNull();
    const rows = await api.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.voucherId, voucher.id), inArray(orders.status, ["paid"])));
    expect(rows).toEqual([{ id: paid }]);
  });
});

describe("a card payment that succeeds after the order gave its pieces back", () => {
  /** Places a card order reserved for 30 minutes, opens its card payment, and lets the reservation end. */
  async function releasedWithOpenPayment(
    productId: number,
    voucher?: { id: number; code: string; discountMinor: number },
  ) {
    const reservedUntil = new Date(Date.now() + 30 * 60_000);
    const placed = await buy(orderOf(productId, 1, 40_000, { reservedUntil, voucher }));
    const { id, hash } = (placed as { order: { id: number; hash: string } }).order;
    const started = await api.call("POST", `/api/orders/${id}/${hash}/card`);
    expect(started.status).toBe(200);
    const gatewayId = String(started.json.data.redirectUrl).split("/").pop()!;
    expect(
      await api.services.orders.releaseExpiredReservations(new Date(reservedUntil.getTime() + 60_000)),
    ).toEqual([id]);
    return { id, gatewayId };
  }

  it("takes the pieces again and counts its voucher use again", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 1, priceMinor: 40_000 });
    const voucher = await insertVoucher({ value: 1_000 });
    const { id, gatewayId } = await releasedWithOpenPayment(product.id, { ...voucher, discountMinor: 1_000 });
    expect(await stockOf(product.id)).toBe(1);
    await api.services.testGateway!.decide(gatewayId, "paid");
    const [order] = await api.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ status: "paid", stockReleasedAt: null });
    expect(await stockOf(product.id)).toBe(0);
    expect(await api.db.select().from(voucherUsages).where(eq(voucherUsages.orderId, id))).toHaveLength(1);
    api.sentMail.length = 0;
    await api.deliverMail();
    expect(api.sentMail.map((sent) => sent.subject)).toContain(`Platba za objednávku č. ${id} je přijatá`);
  });

  it("is refunded when the pieces were sold meanwhile, and the order stays cancelled", async () => {
    const product = await insertProduct(api.db, { categoryId, stock: 1, priceMinor: 40_000 });
    const { id, gatewayId } = await releasedWithOpenPayment(product.id);
    expect((await buy(orderOf(product.id, 1, 40_000, { email: "jiny@rarita.test" }))).ok).toBe(true);
    await api.services.testGateway!.decide(gatewayId, "paid");
    const [order] = await api.db.select().from(orders).where(eq(orders.id, id));
    expect(order.status).toBe("cancelled");
    const [payment] = await api.db.select().from(paymentRows).where(eq(paymentRows.orderId, id));
    expect(payment).toMatchObject({ status: "refunded", refundReason: "sold_out" });
    expect(payment.refundedAt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(0);
  });
});
