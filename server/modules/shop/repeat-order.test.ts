import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { orders, voucherUsages } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import {
  ADDRESS,
  guest,
  insertVoucher,
  member,
  SHOP_ENV,
  SHOP_SETTING,
  sayingShop,
} from "#server/test/shop-fixtures.ts";
import { products } from "../listings/tables/products.ts";
import type { ShopOrderInput } from "../orders/index.ts";
import type { Shopper } from "./index.ts";

/**
 * Placing an order is idempotent (ADR 0069): the binding click carries a key, and a repeat of it
 * (a double click, the form sent again, a network retry, a second tab) answers the order the first
 * one made: one order, one reservation, one voucher use, never an error. On both engines (PGlite
 * runs the two transactions one after the other, PostgreSQL side by side).
 */

let api: TestApi;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi(SHOP_ENV);
  await api.services.settings.put("shop", null, SHOP_SETTING);
  categoryId = (await insertCategory(api.db)).id;
});
afterAll(async () => {
  await api?.close();
});

/** The shop whose answers are said as the customer reads them (sayingShop). */
const shop = () => sayingShop(api.services.shop);
const client = { ip: null, userAgent: null };
const terms = (seenTotalMinor: number) => ({ terms: true, adult: true, seenTotalMinor });

/** A product of this test's own, with its stock. */
const ownProduct = (stock: number, priceMinor = 60_000) =>
  insertProduct(api.db, { categoryId, stock, priceMinor });

async function stockOf(productId: number) {
  const [row] = await api.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row.stock;
}

const ordersOfEmail = (email: string) => api.db.select().from(orders).where(eq(orders.email, email));

/** Fills the cart's steps for the review; the shopper and the total they saw there. */
async function readyCart(who: Shopper, email: string, voucher?: string) {
  await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "bank_transfer" });
  await shop().saveDetails(who, { email, phone: "+420777000111", invoice: ADDRESS, sameAddress: true });
  if (voucher) expect(await shop().applyVoucher(who, { code: voucher })).toEqual({ status: "ok" });
  const cart = await shop().cart(who);
  expect(cart.nextStep).toBe("review");
  return cart.totals.totalMinor;
}

/** A guest with one piece of the product in their cart, at the review. */
async function readyGuest(productId: number, priceMinor: number, email: string, voucher?: string) {
  const added = await shop().add(guest(), { productId, quantity: 1, seenPriceMinor: priceMinor });
  if (added.status !== "ok" || !added.cartToken) throw new Error(JSON.stringify(added));
  const who = guest(added.cartToken);
  return { who, total: await readyCart(who, email, voucher) };
}

describe("the binding click made twice", () => {
  it("two concurrent clicks with one key: one order, one reservation, one voucher use, both answer it", async () => {
    const product = await ownProduct(5);
    const voucher = await insertVoucher(api.db, { code: "DVAKRAT", kind: "fixed", value: 5_000 });
    const email = `dvojklik-${Date.now()}@rarita.test`;
    const { who, total } = await readyGuest(product.id, 60_000, email, "DVAKRAT");
    const key = await shop().checkoutKey(who);
    expect(key).toEqual(expect.any(String));

    const answers = await Promise.all([
      shop().placeOrder(who, terms(total), client, key),
      shop().placeOrder(who, terms(total), client, key),
    ]);

    for (const answer of answers) expect(answer.status).toBe("ok");
    const [first, second] = answers.map((a) => (a.status === "ok" ? a : null));
    expect(second?.order).toEqual(first?.order);
    expect(answers.map((a) => a.status === "ok" && a.repeated).sort()).toEqual([false, true]);
    const made = await ordersOfEmail(email);
    expect(made.map((o) => o.id)).toEqual([first?.order.id]);
    expect(await stockOf(product.id)).toBe(4);
    const uses = await api.db.select().from(voucherUsages).where(eq(voucherUsages.voucherId, voucher.id));
    expect(uses).toHaveLength(1);
  });

  it("the form sent again after the order (back, reload, a second tab): the same order, not 'the cart is empty'", async () => {
    const product = await ownProduct(5);
    const email = `znovu-${Date.now()}@rarita.test`;
    const { who, total } = await readyGuest(product.id, 60_000, email);
    const key = await shop().checkoutKey(who);
    // A second tab showing the same review carries the same key.
    expect(await shop().checkoutKey(who)).toBe(key);
    const first = await shop().placeOrder(who, terms(total), client, key);
    expect(first).toMatchObject({ status: "ok", repeated: false });
    expect((await shop().cart(who)).lines).toEqual([]);

    const again = await shop().placeOrder(who, terms(total), client, key);
    expect(again).toMatchObject({ status: "ok", repeated: true, payment: "bank_transfer", login: null });
    if (first.status !== "ok" || again.status !== "ok") throw new Error("not placed");
    expect(again.order).toEqual(first.order);
    expect(await ordersOfEmail(email)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(4);
    // Without the key the repeat is a new request, and the emptied cart says so.
    expect(await shop().placeOrder(who, terms(total), client)).toMatchObject({ status: "empty_cart" });
    // The next checkout of the cart gets a new key.
    await shop().add(who, { productId: product.id, quantity: 1, seenPriceMinor: 60_000 });
    await readyCart(who, email);
    expect(await shop().checkoutKey(who)).not.toBe(key);
  });

  it("the same key with another total is refused with a message, and makes nothing", async () => {
    const product = await ownProduct(5);
    const email = `jiny-${Date.now()}@rarita.test`;
    const { who, total } = await readyGuest(product.id, 60_000, email);
    const key = await shop().checkoutKey(who);
    expect(await shop().placeOrder(who, terms(total), client, key)).toMatchObject({ status: "ok" });
    await shop().add(who, { productId: product.id, quantity: 2, seenPriceMinor: 60_000 });
    const otherTotal = await readyCart(who, email);
    const reused = await shop().placeOrder(who, terms(otherTotal), client, key);
    expect(reused).toEqual({ status: "key_reused", message: expect.stringContaining("jinou cenou") });
    expect(await ordersOfEmail(email)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(4);
  });

  it("a key is the buyer's: another buyer's same key places their own order", async () => {
    const product = await ownProduct(5);
    const key = `sdileny-${Date.now()}`;
    const one = await readyGuest(product.id, 60_000, `jeden-${Date.now()}@rarita.test`);
    const two = await readyGuest(product.id, 60_000, `druhy-${Date.now()}@rarita.test`);
    const first = await shop().placeOrder(one.who, terms(one.total), client, key);
    const second = await shop().placeOrder(two.who, terms(two.total), client, key);
    if (first.status !== "ok" || second.status !== "ok") throw new Error("not placed");
    expect(second.order.id).not.toBe(first.order.id);
    expect(second.repeated).toBe(false);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("a guest who opened an account with the order repeats it signed in: the same order", async () => {
    const product = await ownProduct(5);
    const email = `ucet-${Date.now()}@rarita.test`;
    const added = await shop().add(guest(), { productId: product.id, quantity: 1, seenPriceMinor: 60_000 });
    if (added.status !== "ok" || !added.cartToken) throw new Error(JSON.stringify(added));
    const who = guest(added.cartToken);
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "bank_transfer" });
    const password = "Zelena-Lahev-Rumu-42";
    await shop().saveDetails(who, {
      email,
      phone: "+420602333444",
      invoice: ADDRESS,
      sameAddress: true,
      register: true,
      password,
      passwordConfirmation: password,
    });
    const total = (await shop().cart(who)).totals.totalMinor;
    const key = await shop().checkoutKey(who);
    const first = await shop().placeOrder(who, terms(total), client, key);
    if (first.status !== "ok" || !first.login) throw new Error(JSON.stringify(first));
    const signedIn = member({ id: first.login.userId, email });
    const again = await shop().placeOrder(signedIn, terms(total), client, key);
    expect(again).toMatchObject({ status: "ok", repeated: true, order: first.order });
  });
});

describe("the API's Idempotency-Key", () => {
  it("POST /api/orders twice with one key: 201 both, the same order, the second marked as replayed", async () => {
    const product = await ownProduct(5);
    const email = `api-${Date.now()}@rarita.test`;
    const { who, total } = await readyGuest(product.id, 60_000, email);
    const headers = { Cookie: `cart=${who.cartToken}`, "Idempotency-Key": crypto.randomUUID() };
    const body = terms(total);
    const first = await api.call("POST", "/api/orders", { headers, body });
    const second = await api.call("POST", "/api/orders", { headers, body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.order).toEqual(first.json.order);
    expect(second.json.payment).toEqual(first.json.payment);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await ordersOfEmail(email)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(4);

    const otherBody = await api.call("POST", "/api/orders", {
      headers,
      body: terms(total + 100),
    });
    expect(otherBody.status).toBe(409);
    expect(otherBody.json.message).toEqual(expect.any(String));
    const badKey = await api.call("POST", "/api/orders", {
      headers: { ...headers, "Idempotency-Key": "x".repeat(201) },
      body,
    });
    expect(badKey.status).toBe(422);
  });
});

describe("the key's unique index", () => {
  it("stops a second order with the key even when nothing held it: the insert makes nothing", async () => {
    const product = await ownProduct(5);
    const email = `zaloha-${Date.now()}@rarita.test`;
    const address = { ...ADDRESS, isCompany: false, company: "", companyId: "", taxId: "" };
    const input: ShopOrderInput = {
      userId: null,
      email,
      phone: "+420777000111",
      locale: "cs",
      lines: [
        { productId: product.id, description: "Rum", quantity: 1, unitPriceMinor: 60_000, taxRate: 21 },
      ],
      carrier: "zasilkovna",
      payment: "bank_transfer",
      itemsMinor: 60_000,
      groupDiscountMinor: 0,
      voucher: null,
      voucherDiscountMinor: 0,
      deliveryMinor: 7_900,
      paymentFeeMinor: 0,
      totalMinor: 67_900,
      deliveryAddress: null,
      invoiceAddress: address,
      note: "",
      termsAcceptedAt: new Date(),
      reservedUntil: null,
      requestKey: { scope: "cart:0", key: `zaloha-${Date.now()}`, fingerprint: "[]" },
    };
    const place = () =>
      api.db.transaction((tx) => api.services.orders.placeShopOrder(tx as unknown as Db, input));
    expect(await place()).toMatchObject({ ok: true });
    expect(await place()).toEqual({ ok: false, refusal: null, keyTaken: true });
    expect(await ordersOfEmail(email)).toHaveLength(1);
  });
});
