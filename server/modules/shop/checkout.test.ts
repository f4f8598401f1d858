import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DetailsStepSchema } from "#core/schemas/checkout.ts";
import { orders } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import {
  ADDRESS,
  guest,
  insertShopProducts,
  insertVoucher,
  member,
  SHOP_ENV,
  SHOP_SETTING,
  sayingShop,
} from "#server/test/shop-fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { users } from "../users/tables.ts";
import { createShopPersonalData, type Shopper } from "./index.ts";
import { carts } from "./tables.ts";

let api: TestApi;
let items: Awaited<ReturnType<typeof insertShopProducts>>;
const client = { ip: "198.51.100.7", userAgent: "vitest" };

beforeAll(async () => {
  api = await createTestApi(SHOP_ENV);
  await api.services.settings.put("shop", null, SHOP_SETTING);
  items = await insertShopProducts(api.db);
});
afterAll(async () => {
  await api?.close();
});

const shop = () => sayingShop(api.services.shop);
let emails = 0;
const freshEmail = () => `kupujici${++emails}-${Date.now()}@example.cz`;
const freshPhone = () => `+420777${String(100_000 + Math.floor(Math.random() * 899_999))}`;

async function guestCart(productId = items.cigar.id, quantity = 1, price = 15_000): Promise<Shopper> {
  const added = await shop().add(guest(), { productId, quantity, seenPriceMinor: price });
  if (added.status !== "ok" || !added.cartToken) throw new Error(JSON.stringify(added));
  return guest(added.cartToken);
}

const details = (overrides: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  phone: freshPhone(),
  invoice: ADDRESS,
  sameAddress: true,
  ...overrides,
});

async function readyToOrder(who: Shopper, delivery = "zasilkovna", payment = "bank_transfer") {
  expect(await shop().saveDelivery(who, { delivery, payment })).toEqual({ status: "ok" });
  expect(await shop().saveDetails(who, details())).toEqual({ status: "ok" });
  const cart = await shop().cart(who);
  expect(cart.nextStep).toBe("review");
  return cart;
}

const order = (who: Shopper, seenTotalMinor: number) =>
  shop().placeOrder(who, { terms: true, adult: true, seenTotalMinor }, client);

describe("the details step", () => {
  it("needs a company's IČO with a valid check digit, and takes its DIČ", async () => {
    const who = await guestCart();
    await shop().saveDelivery(who, { delivery: "ppl", payment: "card" });
    const company = { ...ADDRESS, isCompany: true, company: "Rarita s.r.o." };
    const missing = await shop().saveDetails(who, details({ invoice: company }));
    expect(missing).toMatchObject({
      status: "invalid",
      errors: { "invoice.companyId": [expect.any(String)] },
    });
    const wrong = await shop().saveDetails(who, details({ invoice: { ...company, companyId: "27074359" } }));
    expect(wrong).toMatchObject({ status: "invalid", errors: { "invoice.companyId": [expect.any(String)] } });
    const good = { ...company, companyId: "27074358", taxId: "CZ27074358" };
    expect(await shop().saveDetails(who, details({ invoice: good }))).toEqual({ status: "ok" });
    const cart = await shop().cart(who);
    expect(cart.draft.invoiceAddress).toMatchObject({
      isCompany: true,
      companyId: "27074358",
      taxId: "CZ27074358",
    });
    expect(cart.nextStep).toBe("review");

    // A page's action hands the service the form it parsed already: the company is kept.
    const parsed = DetailsStepSchema.parse(details({ invoice: good }));
    expect(await shop().saveDetails(who, parsed)).toEqual({ status: "ok" });
    expect((await shop().cart(who)).draft.invoiceAddress).toMatchObject({
      isCompany: true,
      company: "Rarita s.r.o.",
      companyId: "27074358",
    });
    const person = DetailsStepSchema.parse(details());
    expect(await shop().saveDetails(who, person)).toEqual({ status: "ok" });
    expect((await shop().cart(who)).draft.invoiceAddress).toMatchObject({ isCompany: false, company: "" });
  });

  it("refuses a country the shop does not serve, and one the carrier does not", async () => {
    const who = await guestCart();
    await shop().saveDelivery(who, { delivery: "ppl", payment: "card" });
    const germany = await shop().saveDetails(
      who,
      details({ invoice: { ...ADDRESS, countryCode: "DE", zip: "10115" } }),
    );
    expect(germany).toMatchObject({
      status: "invalid",
      errors: { "invoice.countryCode": [expect.any(String)] },
    });
    const slovakia = { ...ADDRESS, countryCode: "SK", zip: "811 01", city: "Bratislava" };
    const ppl = await shop().saveDetails(who, details({ sameAddress: false, delivery: slovakia }));
    expect(ppl).toEqual({
      status: "invalid",
      errors: {
        "delivery.countryCode": [
          "Dopravce PPL do této země nedoručuje. Zvolte prosím jiného dopravce nebo jinou adresu.",
        ],
      },
    });
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "card" });
    expect(await shop().saveDetails(who, details({ sameAddress: false, delivery: slovakia }))).toEqual({
      status: "ok",
    });
    // Switching back to a carrier that does not go there sends the customer back to the details.
    await shop().saveDelivery(who, { delivery: "ppl", payment: "card" });
    const cart = await shop().cart(who);
    expect(cart.nextStep).toBe("details");
    const refused = await order(who, cart.totals.totalMinor);
    expect(refused).toEqual({ status: "carrier_country", message: expect.stringContaining("PPL") });
  });

  it("a personal pickup needs no delivery address", async () => {
    const who = await guestCart();
    await shop().saveDelivery(who, { delivery: "pickup:praha-vinohrady", payment: "card" });
    expect(await shop().saveDetails(who, details({ sameAddress: false, delivery: {} }))).toMatchObject({
      status: "invalid",
    });
    expect(await shop().saveDetails(who, details())).toEqual({ status: "ok" });
    const cart = await shop().cart(who);
    expect(cart.draft.deliveryAddress).toBeNull();
    expect(cart.nextStep).toBe("review");
  });
});

describe("placing the order", () => {
  it("reserves the pieces, records the order awaiting payment with its reservation, and empties the cart", async () => {
    const who = await guestCart(items.whisky.id, 2, 120_000);
    const cart = await readyToOrder(who);
    expect(cart.totals.totalMinor).toBe(240_000);
    const placed = await order(who, 240_000);
    if (placed.status !== "ok") throw new Error(JSON.stringify(placed));
    expect(placed).toMatchObject({ payWithCard: false, payment: "bank_transfer", login: null });
    expect(placed.order.summaryPath).toBe(`/shrnuti/${placed.order.id}/${placed.order.hash}`);
    const [row] = await api.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({
      kind: "shop",
      status: "awaiting_payment",
      totalMinor: 240_000,
      carrier: "zasilkovna",
    });
    const hours = (row.reservedUntil!.getTime() - row.createdAt.getTime()) / 3600_000;
    expect(Math.round(hours)).toBe(48);
    const [stock] = await api.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, items.whisky.id));
    expect(stock.stock).toBe(1);
    expect((await shop().cart(who)).lines).toEqual([]);
  });

  it("refuses without the terms and the 18+ confirmation, with their own field errors", async () => {
    const who = await guestCart();
    const result = await shop().placeOrder(who, { terms: false, adult: false, seenTotalMinor: 1 }, client);
    expect(result).toMatchObject({
      status: "invalid",
      errors: { terms: [expect.any(String)], adult: [expect.any(String)] },
    });
  });

  it("refuses a total the customer did not see, and a missing step", async () => {
    const who = await guestCart();
    const missing = await order(who, 15_000);
    expect(missing).toEqual({
      status: "delivery_missing",
      message: "Vyberte prosím způsob dopravy a platby.",
    });
    const cart = await readyToOrder(who);
    const changed = await order(who, cart.totals.totalMinor - 100);
    expect(changed).toEqual({
      status: "total_changed",
      message: expect.stringContaining("Celková cena se mezitím změnila"),
    });
  });

  it("refuses a price that changed after the last look, and sells nothing", async () => {
    const [product] = await api.db
      .insert(products)
      .values({ ...items.rum, id: undefined, slugCs: "zdrazeny", stock: 2, priceMinor: 30_000 })
      .returning();
    const who = await guestCart(product.id, 1, 30_000);
    const cart = await readyToOrder(who);
    await api.db.update(products).set({ priceMinor: 31_000 }).where(eq(products.id, product.id));
    const refused = await order(who, cart.totals.totalMinor);
    expect(refused).toEqual({
      status: "cart_changed",
      message: expect.stringContaining("Košík se mezitím změnil"),
    });
    const [row] = await api.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.stock).toBe(2);
  });

  it("uses a voucher once per user: a second order with it is refused", async () => {
    await insertVoucher(api.db, { code: "JEDNOU", kind: "fixed", value: 1_000, usageLimitPerUser: 1 });
    const { user } = await api.createUser();
    const who = member(user);
    for (const attempt of [1, 2]) {
      await shop().add(who, { productId: items.cigar.id, quantity: 1, seenPriceMinor: 15_000 });
      const applied = await shop().applyVoucher(who, { code: "JEDNOU" });
      if (attempt === 2) {
        expect(applied).toMatchObject({ status: "invalid", errors: { code: [expect.any(String)] } });
        break;
      }
      expect(applied).toEqual({ status: "ok" });
      const cart = await readyToOrder(who);
      expect(cart.totals.voucherDiscountMinor).toBe(1_000);
      expect((await order(who, cart.totals.totalMinor)).status).toBe("ok");
    }
  });

  it("a card payment sends the customer to the gateway", async () => {
    const who = await guestCart();
    const cart = await readyToOrder(who, "pickup:brno", "card");
    const placed = await order(who, cart.totals.totalMinor);
    expect(placed).toMatchObject({ status: "ok", payWithCard: true, payment: "card" });
  });

  it("is limited per address", async () => {
    const limited = { ip: "203.0.113.99", userAgent: null };
    let last: Awaited<ReturnType<typeof order>> | null = null;
    for (let i = 0; i < 21; i++)
      last = await shop().placeOrder(guest(), { terms: true, adult: true, seenTotalMinor: 0 }, limited);
    expect(last).toMatchObject({ status: "limited", retryAfterSeconds: expect.any(Number) });
  });
});

describe("an account opened on the way", () => {
  it("is opened with the order and signed in; its e-mail and phone then count as taken", async () => {
    const who = await guestCart();
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "bank_transfer" });
    const email = freshEmail();
    const phone = freshPhone();
    const weak = await shop().saveDetails(
      who,
      details({ email, phone, register: true, password: "heslo123", passwordConfirmation: "heslo123" }),
    );
    expect(weak).toMatchObject({ status: "invalid", errors: { password: [expect.any(String)] } });
    const mismatch = await shop().saveDetails(
      who,
      details({ email, phone, register: true, password: "Zelena-Lahev-42", passwordConfirmation: "jine" }),
    );
    expect(mismatch).toMatchObject({
      status: "invalid",
      errors: { passwordConfirmation: [expect.any(String)] },
    });
    const password = "Zelena-Lahev-Rumu-42";
    const ok = await shop().saveDetails(
      who,
      details({ email, phone, register: true, password, passwordConfirmation: password }),
    );
    expect(ok).toEqual({ status: "ok" });
    const [cartRow] = await api.db.select().from(carts).where(eq(carts.token, who.cartToken!));
    expect(JSON.stringify(cartRow.draft)).not.toContain(password);
    expect((await shop().cart(who)).draft).not.toHaveProperty("account");

    const cart = await shop().cart(who);
    const placed = await order(who, cart.totals.totalMinor);
    if (placed.status !== "ok") throw new Error(JSON.stringify(placed));
    expect(placed.login).toEqual({ token: expect.any(String), userId: expect.any(Number) });
    const [account] = await api.db.select().from(users).where(eq(users.id, placed.login!.userId));
    expect(account).toMatchObject({ email, phonePrefix: "+420", firstname: "Jan", lastname: "Novák" });
    expect(account.username).toMatch(/^kupujici\d+/);
    const [row] = await api.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row.userId).toBe(account.id);
    const session = await api.services.auth.authenticate(placed.login!.token);
    expect(session?.user.id).toBe(account.id);
    expect(await api.services.auth.login(email, password)).not.toBeNull();

    // The same e-mail and phone again: each its own translated error.
    const again = await guestCart();
    await shop().saveDelivery(again, { delivery: "zasilkovna", payment: "bank_transfer" });
    const taken = await shop().saveDetails(
      again,
      details({
        email: email.toUpperCase(),
        phone,
        register: true,
        password,
        passwordConfirmation: password,
      }),
    );
    expect(taken).toEqual({
      status: "invalid",
      errors: {
        email: ["Účet s tímto e-mailem už existuje. Přihlaste se, nebo si nechte obnovit heslo."],
        phone: ["Toto telefonní číslo už je uvedené u jiného účtu."],
      },
    });
  });

  it("is asked for at most 10 times in 10 minutes from one address (each says whether an e-mail has an account)", async () => {
    const who = await guestCart();
    const from = { ip: "192.0.2.55", userAgent: null };
    for (let i = 0; i < 10; i++)
      expect((await shop().saveDetails(who, { register: true }, from)).status).toBe("invalid");
    expect(await shop().saveDetails(who, { register: true }, from)).toMatchObject({
      status: "limited",
      retryAfterSeconds: expect.any(Number),
    });
    // Without an account asked for, the details are not limited.
    expect((await shop().saveDetails(who, { register: false }, from)).status).toBe("invalid");
  });

  it("refuses the order when the e-mail was taken meanwhile, and nothing of it stays", async () => {
    const who = await guestCart();
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "bank_transfer" });
    const email = freshEmail();
    const password = "Zelena-Lahev-Rumu-42";
    await shop().saveDetails(
      who,
      details({ email, register: true, password, passwordConfirmation: password }),
    );
    await api.createUser({ email });
    const before = await api.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const cart = await shop().cart(who);
    const refused = await order(who, cart.totals.totalMinor);
    expect(refused).toEqual({
      status: "account_taken",
      message: expect.stringContaining("Účet s tímto e-mailem"),
    });
    expect(await api.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
    expect((await shop().cart(who)).lines).toHaveLength(1);
  });
});

describe("merging the guest's cart at login", () => {
  it("adds the guest's lines to the user's within stock, keeps the guest's voucher, and drops the guest cart", async () => {
    await insertVoucher(api.db, { code: "SLOUCENI", kind: "percent", value: 5 });
    const { user } = await api.createUser();
    await shop().add(member(user), { productId: items.whisky.id, quantity: 1, seenPriceMinor: 120_000 });
    const [{ stock }] = await api.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, items.whisky.id));
    const who = await guestCart(items.whisky.id, stock, 120_000);
    await shop().add(who, { productId: items.rum.id, quantity: 2, seenPriceMinor: 89_000 });
    await shop().applyVoucher(who, { code: "SLOUCENI" });

    await shop().mergeGuestCart(user.id, who.cartToken!);
    const cart = await shop().cart(member(user));
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [items.whisky.id, stock],
      [items.rum.id, 2],
    ]);
    expect(cart.voucher?.code).toBe("SLOUCENI");
    expect((await shop().cart(who)).lines).toEqual([]);
    const guests = await api.db.select().from(carts).where(eq(carts.token, who.cartToken!));
    expect(guests).toEqual([]);
    // An unknown or malformed token changes nothing.
    await shop().mergeGuestCart(user.id, "nonsense");
    await shop().mergeGuestCart(user.id, "0".repeat(32));
    expect((await shop().cart(member(user))).lines).toHaveLength(2);
  });
});

describe("the cart in the account's data", () => {
  it("is exported with the checkout's answers but no password hash, and erased with the account", async () => {
    const { user } = await api.createUser();
    const who = member(user);
    await shop().add(who, { productId: items.cigar.id, quantity: 2, seenPriceMinor: 15_000 });
    await shop().saveDelivery(who, { delivery: "zasilkovna", payment: "cod" });
    await shop().saveDetails(who, details());
    const source = createShopPersonalData(api.db);
    const exported = await source.exportFor({ userId: user.id, email: user.email });
    expect(exported.cart).toMatchObject({
      lines: [{ productId: items.cigar.id, quantity: 2, seenUnitPriceMinor: 15_000 }],
      checkout: { delivery: "zasilkovna", invoiceAddress: expect.objectContaining({ name: "Jan Novák" }) },
    });
    expect(JSON.stringify(exported)).not.toContain("passwordHash");
    await api.db.transaction((tx) =>
      source.eraseFor(tx as never, { userId: user.id, email: user.email, at: new Date() }),
    );
    expect(await api.db.select().from(carts).where(eq(carts.userId, user.id))).toEqual([]);
  });
});
