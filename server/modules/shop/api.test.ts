import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import {
  ADDRESS,
  insertShopProducts,
  insertVoucher,
  SHOP_ENV,
  SHOP_SETTING,
} from "#server/test/shop-fixtures.ts";

let api: TestApi;
let items: Awaited<ReturnType<typeof insertShopProducts>>;

beforeAll(async () => {
  api = await createTestApi(SHOP_ENV);
  await api.services.settings.put("shop", null, SHOP_SETTING);
  items = await insertShopProducts(api.db);
});
afterAll(async () => {
  await api?.close();
});

const TOKEN = /^[0-9a-f]{32}$/;
const cookieOf = (token: string) => ({ Cookie: `cart=${token}` });

/** A guest's first line: the cart's token from the Set-Cookie header. */
async function guestCart(productId = items.cigar.id, quantity = 1, seenPriceMinor = 15_000) {
  const response = await api.call("POST", "/api/cart/items", {
    body: { productId, quantity, seenPriceMinor },
  });
  expect(response.status).toBe(200);
  const token = /cart=([0-9a-f]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
  expect(token).toMatch(TOKEN);
  return token;
}

describe("the guest cart cookie", () => {
  it("is set on the first line: httpOnly, SameSite=Lax, the whole site, 14 days; not before", async () => {
    const empty = await api.call("GET", "/api/cart");
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ lines: [], count: 0, nextStep: "cart", blocked: false });
    expect(empty.headers.get("set-cookie")).toBeNull();

    const added = await api.call("POST", "/api/cart/items", {
      body: { productId: items.rum.id, quantity: 2, seenPriceMinor: 89_000 },
    });
    expect(added.status).toBe(200);
    expect(added.json.lines).toEqual([expect.objectContaining({ productId: items.rum.id, quantity: 2 })]);
    const cookie = added.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^cart=[0-9a-f]{32};/);
    expect(cookie).toContain("Max-Age=1209600");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
  });

  it("is Secure when the site is served over https", async () => {
    const https = await createTestApi({ ...SHOP_ENV, PUBLIC_URL: "https://rarita.example" });
    try {
      await https.services.settings.put("shop", null, SHOP_SETTING);
      const mine = await insertShopProducts(https.db);
      const added = await https.call("POST", "/api/cart/items", {
        body: { productId: mine.rum.id, seenPriceMinor: 89_000 },
        headers: { Origin: "https://rarita.example" },
      });
      expect(added.status).toBe(200);
      expect(added.headers.get("set-cookie")).toContain("Secure");
    } finally {
      await https.close();
    }
  });

  it("reaches only its own cart: an unknown token is an empty cart, and no id of another cart is taken", async () => {
    const token = await guestCart();
    const mine = await api.call("GET", "/api/cart", { headers: cookieOf(token) });
    expect(mine.json.lines).toHaveLength(1);
    const forged = await api.call("GET", "/api/cart", { headers: cookieOf("0".repeat(32)) });
    expect(forged.json.lines).toEqual([]);
    const stranger = await api.call("PATCH", `/api/cart/items/${items.cigar.id}`, {
      headers: cookieOf(`${token.slice(0, 31)}0` === token ? "1".repeat(32) : `${token.slice(0, 31)}0`),
      body: { quantity: 3 },
    });
    expect(stranger.status).toBe(404);
    const { token: bearer } = await api.createUser();
    const user = await api.call("GET", "/api/cart", { token: bearer });
    expect(user.json.lines).toEqual([]);
    expect((await api.call("GET", "/api/cart", { headers: cookieOf(token) })).json.lines[0].quantity).toBe(1);
  });

  it("joins a signed-in user's cart when they still carry it, and is dropped", async () => {
    const token = await guestCart(items.rum.id, 1, 89_000);
    const { token: bearer } = await api.createUser();
    const response = await api.call("GET", "/api/cart", { token: bearer, headers: cookieOf(token) });
    expect(response.json.lines).toEqual([expect.objectContaining({ productId: items.rum.id, quantity: 1 })]);
    expect(response.headers.get("set-cookie")).toMatch(/^cart=;.*Max-Age=0/);
    expect((await api.call("GET", "/api/cart", { headers: cookieOf(token) })).json.lines).toEqual([]);
  });
});

describe("changing the cart", () => {
  it("answers invalid input with 422 and field errors, refusals with 409 and a message", async () => {
    const invalid = await api.call("POST", "/api/cart/items", {
      body: { productId: "x", seenPriceMinor: 1 },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors.productId).toEqual([expect.any(String)]);
    const price = await api.call("POST", "/api/cart/items", {
      body: { productId: items.rum.id, seenPriceMinor: 1 },
      headers: { "Accept-Language": "en" },
    });
    expect(price.status).toBe(409);
    expect(price.json.message).toEqual(expect.any(String));
    const soldOut = await api.call("POST", "/api/cart/items", {
      body: { productId: items.soldOut.id, seenPriceMinor: 50_000 },
    });
    expect(soldOut.status).toBe(409);
  });

  it("sets a quantity within stock, removes a line, and says 404 for a line not in the cart", async () => {
    const token = await guestCart(items.whisky.id, 1, 120_000);
    const more = await api.call("PATCH", `/api/cart/items/${items.whisky.id}`, {
      headers: cookieOf(token),
      body: { quantity: 99 },
    });
    expect(more.status).toBe(200);
    expect(more.json.lines[0].quantity).toBe(3);
    const gone = await api.call("DELETE", `/api/cart/items/${items.whisky.id}`, { headers: cookieOf(token) });
    expect(gone.status).toBe(200);
    expect(gone.json.lines).toEqual([]);
    const again = await api.call("DELETE", `/api/cart/items/${items.whisky.id}`, {
      headers: cookieOf(token),
    });
    expect(again.status).toBe(404);
    const bad = await api.call("PATCH", "/api/cart/items/abc", {
      headers: cookieOf(token),
      body: { quantity: 1 },
    });
    expect(bad.status).toBe(422);
  });

  it("applies and removes a voucher; a refusal is the code field's error", async () => {
    await insertVoucher(api.db, { code: "APIDESET", kind: "percent", value: 10 });
    const token = await guestCart();
    const unknown = await api.call("PUT", "/api/cart/voucher", {
      headers: cookieOf(token),
      body: { code: "NIC" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.code).toEqual([expect.any(String)]);
    const applied = await api.call("PUT", "/api/cart/voucher", {
      headers: cookieOf(token),
      body: { code: "APIDESET" },
    });
    expect(applied.status).toBe(200);
    expect(applied.json.voucher).toMatchObject({ code: "APIDESET", refusal: null });
    expect(applied.json.totals.voucherDiscountMinor).toBe(1_500);
    const removed = await api.call("DELETE", "/api/cart/voucher", { headers: cookieOf(token) });
    expect(removed.json.voucher).toBeNull();
    const confirmed = await api.call("POST", "/api/cart/prices/confirm", { headers: cookieOf(token) });
    expect(confirmed.status).toBe(200);
  });

  it("refuses a change from another site (CSRF)", async () => {
    const response = await api.call("POST", "/api/cart/items", {
      body: { productId: items.rum.id, seenPriceMinor: 89_000 },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("the checkout", () => {
  it("lists the options", async () => {
    const response = await api.call("GET", "/api/checkout/options", { headers: { "Accept-Language": "en" } });
    expect(response.status).toBe(200);
    expect(response.json.carriers).toHaveLength(2);
    expect(response.json.branches.map((b: { key: string }) => b.key)).toEqual(["praha-vinohrady", "brno"]);
  });

  it("saves the steps (422 for pickup with cash on delivery) and places the order: 201, the session of a new account", async () => {
    const token = await guestCart(items.rum.id, 2, 89_000);
    const headers = cookieOf(token);
    const pickupCod = await api.call("PUT", "/api/cart/delivery", {
      headers,
      body: { delivery: "pickup:brno", payment: "cod" },
    });
    expect(pickupCod.status).toBe(422);
    expect(pickupCod.json.errors.payment).toEqual([expect.any(String)]);
    const delivery = await api.call("PUT", "/api/cart/delivery", {
      headers,
      body: { delivery: "pickup:brno", payment: "card" },
    });
    expect(delivery.status).toBe(200);
    expect(delivery.json.nextStep).toBe("details");
    const invalid = await api.call("PUT", "/api/cart/details", {
      headers,
      body: { email: "x", phone: "1", invoice: {} },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.json.errors)).toEqual(
      expect.arrayContaining(["email", "phone", "invoice.name", "invoice.street"]),
    );
    const password = "Zelena-Lahev-Rumu-42";
    const details = await api.call("PUT", "/api/cart/details", {
      headers,
      body: {
        email: `api-${Date.now()}@example.cz`,
        phone: "+420 602 111 222",
        invoice: ADDRESS,
        sameAddress: true,
        register: true,
        password,
        passwordConfirmation: password,
      },
    });
    expect(details.status).toBe(200);
    expect(details.json.nextStep).toBe("review");
    const total = details.json.totals.totalMinor as number;
    expect(total).toBe(178_000);

    const wrongTotal = await api.call("POST", "/api/orders", {
      headers,
      body: { terms: true, adult: true, seenTotalMinor: total + 1 },
    });
    expect(wrongTotal.status).toBe(409);
    const noTerms = await api.call("POST", "/api/orders", {
      headers,
      body: { terms: false, adult: true, seenTotalMinor: total },
    });
    expect(noTerms.status).toBe(422);
    expect(noTerms.json.errors.terms).toEqual([expect.any(String)]);

    const placed = await api.call("POST", "/api/orders", {
      headers,
      body: { terms: true, adult: true, seenTotalMinor: total },
    });
    expect(placed.status).toBe(201);
    const { id, hash } = placed.json.order;
    expect(placed.json).toEqual({
      order: { id, hash, summaryPath: `/shrnuti/${id}/${hash}` },
      payment: { method: "card", cardStartPath: `/api/orders/${id}/${hash}/card` },
      token: expect.any(String),
    });
    const cookies = placed.headers.get("set-cookie") ?? "";
    expect(cookies).toContain(`auth._token=${placed.json.token}`);
    expect(cookies).toMatch(/cart=;/);
    const me = await api.call("GET", "/api/me", { token: placed.json.token });
    expect(me.status).toBe(200);
    const summary = await api.call("GET", `/api/orders/${id}/${hash}`);
    expect(summary.status).toBe(200);
  });
});

describe("an influencer's voucher statistics", () => {
  it("needs a signed-in user, and answers 404 to one without a voucher", async () => {
    expect((await api.call("GET", "/api/me/voucher-stats")).status).toBe(401);
    const { token } = await api.createUser();
    const none = await api.call("GET", "/api/me/voucher-stats", { token });
    expect(none.status).toBe(404);
    expect(none.json.message).toEqual(expect.any(String));
  });

  it("shows the influencer's code and its orders", async () => {
    const { user, token } = await api.createUser();
    await insertVoucher(api.db, { code: "INFLU", influencerUserId: user.id, marginPercent: 10 });
    const response = await api.call("GET", "/api/me/voucher-stats", { token });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ code: "INFLU", marginPercent: 10, orders: 0 });
  });
});
