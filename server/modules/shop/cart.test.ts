import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import {
  guest,
  insertShopProducts,
  insertVoucher,
  member,
  SHOP_ENV,
  SHOP_SETTING,
  sayingShop,
} from "#server/test/shop-fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { userGroups } from "../user-groups/tables.ts";
import type { Shopper } from "./index.ts";
import { cartLines, carts } from "./tables.ts";
import { spread, vatBreakdown } from "./vat.ts";

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

const shop = () => sayingShop(api.services.shop);

/** A guest with a fresh cart holding the given pieces. */
async function guestWith(lines: { productId: number; quantity: number; seenPriceMinor: number }[]) {
  let who: Shopper = guest();
  for (const line of lines) {
    const result = await shop().add(who, line);
    expect(result.status).toBe("ok");
    if (result.status === "ok" && result.cartToken) who = guest(result.cartToken);
  }
  return who;
}

describe("adding to the cart", () => {
  it("creates a guest's cart with an unguessable token and keeps the quantity within stock", async () => {
    const added = await shop().add(guest(), {
      productId: items.whisky.id,
      quantity: 5,
      seenPriceMinor: 120_000,
    });
    expect(added).toMatchObject({ status: "ok", quantity: 3, limited: true });
    const token = added.status === "ok" ? added.cartToken : null;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const cart = await shop().cart(guest(token));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ quantity: 3, stock: 3, problem: null, lineTotalMinor: 360_000 });
    expect(cart.count).toBe(3);

    const again = await shop().add(guest(token), {
      productId: items.whisky.id,
      quantity: 1,
      seenPriceMinor: 120_000,
    });
    expect(again).toMatchObject({ status: "ok", quantity: 3, limited: true, cartToken: token });
  });

  it("refuses a sold-out product, one the shop does not sell, and a price the customer did not see", async () => {
    const soldOut = await shop().add(guest(), { productId: items.soldOut.id, seenPriceMinor: 50_000 });
    expect(soldOut).toEqual({ status: "sold_out", message: expect.stringContaining("vyprodaný") });
    const hidden = await shop().add(guest(), { productId: items.hidden.id, seenPriceMinor: 40_000 });
    expect(hidden).toEqual({ status: "not_for_sale", message: "Tento produkt se v obchodě neprodává." });
    const price = await shop().add(guest(), { productId: items.rum.id, seenPriceMinor: 80_000 });
    expect(price).toEqual({
      status: "price_changed",
      message: expect.stringContaining("Cena produktu se mezitím změnila"),
    });
    const invalid = await shop().add(guest(), { productId: "x", seenPriceMinor: 1 });
    expect(invalid.status).toBe("invalid");
  });

  it("changes quantities within stock, removes a line with 0, and reaches no other guest's line", async () => {
    const who = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);
    expect(await shop().setQuantity(who, { productId: items.rum.id, quantity: 9 })).toEqual({
      status: "ok",
      quantity: 5,
      limited: true,
    });
    const stranger = await shop().setQuantity(guest(), { productId: items.rum.id, quantity: 1 });
    expect(stranger).toMatchObject({ status: "not_in_cart" });
    expect(await shop().setQuantity(who, { productId: items.rum.id, quantity: 0 })).toMatchObject({
      status: "ok",
    });
    expect((await shop().cart(who)).lines).toEqual([]);
  });

  it("counts the badge's pieces and the items after the group discount", async () => {
    const { user } = await api.createUser();
    const who = member(user, 10);
    await shop().add(who, { productId: items.rum.id, quantity: 2, seenPriceMinor: 89_000 });
    await shop().add(who, { productId: items.cigar.id, quantity: 1, seenPriceMinor: 15_000 });
    expect(await shop().badge(who)).toEqual({ count: 3, totalMinor: 193_000 - 19_300 });
    expect(await shop().badge(guest())).toEqual({ count: 0, totalMinor: 0 });
  });
});

describe("what changes while an item sits in the cart", () => {
  it("shows a new price and stops the order until the customer confirms it", async () => {
    const [product] = await api.db
      .insert(products)
      .values({ ...items.rum, id: undefined, slugCs: "zmena-ceny", stock: 4, priceMinor: 70_000 })
      .returning();
    const who = await guestWith([{ productId: product.id, quantity: 2, seenPriceMinor: 70_000 }]);
    await api.db.update(products).set({ priceMinor: 75_000 }).where(eq(products.id, product.id));
    const changed = await shop().cart(who);
    expect(changed.lines[0]).toMatchObject({
      problem: "priceChanged",
      seenUnitPriceMinor: 70_000,
      unitPriceMinor: 75_000,
    });
    expect(changed.blocked).toBe(true);
    expect(changed.nextStep).toBe("cart");

    await api.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    expect((await shop().cart(who)).lines[0].problem).toBe("notEnoughStock");
    expect(await shop().confirmPrices(who)).toEqual({ status: "ok" });
    const confirmed = await shop().cart(who);
    expect(confirmed.lines[0]).toMatchObject({ problem: null, quantity: 1, seenUnitPriceMinor: 75_000 });
    expect(confirmed.blocked).toBe(false);

    await api.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect((await shop().cart(who)).lines[0].problem).toBe("soldOut");
  });
});

describe("vouchers in the cart", () => {
  it("applies a code, refuses it twice, replaces it with another, and each refusal says its own reason", async () => {
    await insertVoucher(api.db, { code: "DESET", kind: "percent", value: 10 });
    await insertVoucher(api.db, { code: "STOVKA", kind: "fixed", value: 10_000 });
    await insertVoucher(api.db, { code: "STARY", validTo: new Date("2020-01-01") });
    await insertVoucher(api.db, { code: "VELKY", minCartMinor: 1_000_000 });
    await insertVoucher(api.db, { code: "VYPNUTY", isActive: false });
    await insertVoucher(api.db, { code: "JENPROPETRA", requiresEmail: "petr@example.cz" });
    const who = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);

    expect(await shop().applyVoucher(who, { code: "deset" })).toEqual({ status: "ok" });
    let cart = await shop().cart(who);
    expect(cart.voucher).toEqual({ code: "DESET", kind: "percent", value: 10, refusal: null });
    expect(cart.totals.voucherDiscountMinor).toBe(8_900);

    const refusal = async (code: string) => {
      const result = await shop().applyVoucher(who, { code });
      return result.status === "invalid" ? result.errors.code?.[0] : result;
    };
    expect(await refusal("DESET")).toMatch(/košíku/i);
    expect(await refusal("NEZNAMY")).toBeTruthy();
    const messages = await Promise.all(["NEZNAMY", "STARY", "VELKY", "VYPNUTY", "JENPROPETRA"].map(refusal));
    expect(new Set(messages).size).toBe(5);
    for (const message of messages) expect(typeof message).toBe("string");

    expect(await shop().applyVoucher(who, { code: "STOVKA" })).toEqual({ status: "ok" });
    cart = await shop().cart(who);
    expect(cart.voucher?.code).toBe("STOVKA");
    expect(cart.totals.voucherDiscountMinor).toBe(10_000);
    expect(await shop().removeVoucher(who)).toEqual({ status: "ok" });
    expect((await shop().cart(who)).voucher).toBeNull();
    expect((await shop().applyVoucher(who, { code: "bad code!" })).status).toBe("invalid");
  });

  it("shows an applied voucher's refusal on the cart once the cart falls below its minimum, and does not apply it", async () => {
    await insertVoucher(api.db, { code: "NADTISIC", kind: "fixed", value: 5_000, minCartMinor: 150_000 });
    const who = await guestWith([{ productId: items.rum.id, quantity: 2, seenPriceMinor: 89_000 }]);
    expect(await shop().applyVoucher(who, { code: "NADTISIC" })).toEqual({ status: "ok" });
    await shop().setQuantity(who, { productId: items.rum.id, quantity: 1 });
    const cart = await shop().cart(who);
    expect(cart.voucher?.refusal).toBeTruthy();
    expect(cart.totals.voucherDiscountMinor).toBe(0);
  });

  it("refuses a voucher on an empty cart", async () => {
    expect((await shop().applyVoucher(guest(), { code: "DESET" })).status).toBe("empty_cart");
  });
});

describe("delivery and payment", () => {
  it("charges the carrier below 1 500 Kč and nothing from it on, after the discounts", async () => {
    const who = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);
    expect(await shop().saveDelivery(who, { delivery: "ppl", payment: "card" })).toEqual({ status: "ok" });
    let cart = await shop().cart(who);
    expect(cart.totals).toMatchObject({
      deliveryMinor: 12_900,
      toFreeDeliveryMinor: 61_000,
      totalMinor: 101_900,
    });
    expect(cart.nextStep).toBe("details");
    await shop().setQuantity(who, { productId: items.rum.id, quantity: 2 });
    cart = await shop().cart(who);
    expect(cart.totals).toMatchObject({ deliveryMinor: 0, toFreeDeliveryMinor: 0, totalMinor: 178_000 });
  });

  it("a member's group discount counts before free delivery", async () => {
    const [group] = await api.db.insert(userGroups).values({ name: "VIP", discountPercent: 20 }).returning();
    const { user } = await api.createUser({ groupId: group.id });
    const who = member(user, 20);
    await shop().add(who, { productId: items.rum.id, quantity: 2, seenPriceMinor: 89_000 });
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "cod" });
    const cart = await shop().cart(who);
    // 178 000 - 20 % = 142 400: below 1 500 Kč, so the carrier and the cash-on-delivery fee are charged.
    expect(cart.totals).toMatchObject({
      groupDiscountMinor: 35_600,
      deliveryMinor: 7_900,
      paymentFeeMinor: 3_900,
      totalMinor: 142_400 + 7_900 + 3_900,
    });
  });

  it("personal pickup needs a card payment, and a known branch", async () => {
    const who = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);
    for (const payment of ["bank_transfer", "cod"]) {
      const result = await shop().saveDelivery(who, { delivery: "pickup:brno", payment });
      expect(result).toEqual({
        status: "invalid",
        errors: { payment: ["Osobní odběr na pobočce je možný jen po předchozí platbě kartou online."] },
      });
    }
    expect((await shop().saveDelivery(who, { delivery: "pickup:ostrava", payment: "card" })).status).toBe(
      "invalid",
    );
    expect(await shop().saveDelivery(who, { delivery: "pickup:brno", payment: "card" })).toEqual({
      status: "ok",
    });
    const cart = await shop().cart(who);
    expect(cart.draft).toMatchObject({ delivery: "pickup:brno", payment: "card" });
    expect(cart.totals.deliveryMinor).toBe(0);
  });

  it("takes cash on delivery only where the carrier does", async () => {
    const who = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);
    const ppl = await shop().saveDelivery(who, { delivery: "ppl", payment: "cod" });
    expect(ppl).toMatchObject({
      status: "invalid",
      errors: { payment: [expect.stringContaining("dobírku")] },
    });
    expect(await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "cod" })).toEqual({
      status: "ok",
    });
    expect((await shop().cart(who)).totals.paymentFeeMinor).toBe(3_900);
    expect((await shop().saveDelivery(who, { delivery: "", payment: "card" })).status).toBe("invalid");
  });

  it("says the shop cannot deliver while its setting is missing", async () => {
    const who = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);
    await api.services.settings.put("shop", null, { broken: true });
    try {
      expect(await shop().options("cs")).toMatchObject({ carriers: [], branches: [] });
      const result = await shop().saveDelivery(who, { delivery: "ppl", payment: "card" });
      expect(result).toEqual({
        status: "store_unavailable",
        message: expect.stringContaining("Obchod teď nemůže"),
      });
    } finally {
      await api.services.settings.put("shop", null, SHOP_SETTING);
    }
  });

  it("lists the options in the page's language", async () => {
    const options = await shop().options("en");
    expect(options.carriers.map((c) => c.key)).toEqual(["zasilkovna", "ppl"]);
    expect(options.carriers[0].description).toBe("Pickup point");
    expect(options.branches[1]).toMatchObject({ key: "brno", hours: ["Mon–Fri 9–18"], prague: false });
    expect(options).toMatchObject({ card: true, bankTransfer: true, reservationHours: 48 });
  });
});

describe("VAT per rate", () => {
  it("spreads an amount in proportion, adding up exactly", () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    expect(spread(10, [0, 0])).toEqual([0, 0]);
  });

  it("includes VAT in the prices, spreads the discounts and taxes delivery at the standard rate", () => {
    const vat = vatBreakdown(
      [
        { taxRate: 21, totalMinor: 121_00 },
        { taxRate: 12, totalMinor: 112_00 },
      ],
      { discountMinor: 0, extrasMinor: 0 },
    );
    expect(vat).toEqual([
      { rate: 21, baseMinor: 100_00, vatMinor: 21_00 },
      { rate: 12, baseMinor: 100_00, vatMinor: 12_00 },
    ]);
    const discounted = vatBreakdown([{ taxRate: 12, totalMinor: 10_000 }], {
      discountMinor: 1_000,
      extrasMinor: 7_900,
    });
    expect(discounted).toEqual([
      { rate: 21, baseMinor: 6_529, vatMinor: 1_371 },
      { rate: 12, baseMinor: 8_036, vatMinor: 964 },
    ]);
    const sum = discounted.reduce((s, v) => s + v.baseMinor + v.vatMinor, 0);
    expect(sum).toBe(10_000 - 1_000 + 7_900);
  });

  it("the cart's VAT adds up to its total", async () => {
    const who = await guestWith([
      { productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 },
      { productId: items.cigar.id, quantity: 3, seenPriceMinor: 15_000 },
    ]);
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "cod" });
    const cart = await shop().cart(who);
    expect(cart.vat.map((v) => v.rate)).toEqual([21, 12]);
    expect(cart.vat.reduce((s, v) => s + v.baseMinor + v.vatMinor, 0)).toBe(cart.totals.totalMinor);
  });
});

describe("the guest carts' purge", () => {
  it("deletes guest carts untouched for 14 days, never a user's", async () => {
    const old = await guestWith([{ productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 }]);
    const { user } = await api.createUser();
    await shop().add(member(user), { productId: items.rum.id, quantity: 1, seenPriceMinor: 89_000 });
    await api.db.update(carts).set({ updatedAt: new Date("2020-01-01") });
    const removed = await shop().purgeGuestCarts(new Date(Date.now() - 14 * 24 * 3600_000));
    expect(removed).toBeGreaterThan(0);
    expect((await shop().cart(old)).lines).toEqual([]);
    expect((await shop().cart(member(user))).lines).toHaveLength(1);
    const lines = await api.db.select().from(cartLines);
    expect(lines.length).toBeGreaterThan(0);
  });
});
