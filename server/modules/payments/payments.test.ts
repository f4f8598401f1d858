import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { invoices, orders, paymentEvents, payments, testGatewayPayments } from "#server/db/schema.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { auditLog } from "../admin/tables.ts";
import { hashToken } from "../auth/index.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { listingSubmissions } from "../listings/tables/submissions.ts";
import { messages, threadParticipants } from "../messages/tables.ts";
import { settings } from "../settings/tables.ts";
import { userGroups } from "../user-groups/tables.ts";
import { addresses } from "../users/tables.ts";
import { signTestNotification, TEST_GATEWAY_SIGNATURE_HEADER } from "./gateways.ts";

/**
 * Paying the operator on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * promotion and insertion-fee orders, the QR bank transfer marked paid by an admin, card
 * payments through the test gateway with signed, deduplicated notifications, the state read from
 * the gateway when the payer returns, and every order taking effect exactly once.
 */

const DAY = 24 * 60 * 60 * 1000;
let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let dealer: Account;
let other: Account;
let admin: Account;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi({ PAYMENTS_TEST_GATEWAY: "true" });
  await api.db.insert(settings).values([
    { name: "fees", locale: null, value: FEES },
    // The operator's account as the back office keeps it: Česká spořitelna's example account.
    {
      name: "contacts",
      locale: "cs",
      value: { company: "Rarita s.r.o.", bank_account: "19-2000145399/0800" },
    },
  ]);
  const root = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  categoryId = (await insertCategory(api.db, { depth: 2, parentId: root.id, nameCs: "Rum", slugCs: "rum" }))
    .id;
  const [group] = await api.db
    .insert(userGroups)
    .values({ name: "Obchodník", discountPercent: 5 })
    .returning();
  [seller, other] = await insertBidders(api.db, 2);
  [dealer] = await insertBidders(api.db, 1, { groupId: group.id });
  [admin] = await insertBidders(api.db, 1, { role: "admin" });
  // Staff act only after their second factor (the TOTP flow has its own tests).
  await api.services.auth.markSecondFactor(hashToken(admin.token));
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

const gateway = () => api.services.testGateway!;

/** A live auction of `owner`'s that ends in `days` days. */
async function liveAuction(owner: Account, days = 10) {
  return insertProduct(api.db, {
    categoryId,
    format: "auction",
    status: "active",
    sellerId: owner.user.id,
    startPriceMinor: 100_000,
    priceMinor: null,
    auctionDuration: "month",
    activationAt: new Date(Date.now() - DAY),
    endsAt: new Date(Date.now() + days * DAY),
  });
}

/** A listing of `owner`'s waiting for its insertion fee of `feeMinor`. */
async function unpaidListing(owner: Account, feeMinor = 2900) {
  const row = await insertProduct(api.db, {
    categoryId,
    format: "auction",
    status: "awaiting_payment",
    sellerId: owner.user.id,
    startPriceMinor: 50_000,
    priceMinor: null,
    auctionDuration: "week",
  });
  await api.db
    .insert(listingSubmissions)
    .values({ productId: row.id, feeBaseMinor: feeMinor, feeDiscountPercent: 0, feeMinor });
  return row;
}

async function toppedUntil(productId: number) {
  const [row] = await api.db
    .select({ until: products.toppedUntil })
    .from(products)
    .where(eq(products.id, productId));
  return row.until;
}

async function noticesOf(userId: number, event: string) {
  return api.db
    .select({ body: messages.body, payload: messages.payload })
    .from(messages)
    .innerJoin(threadParticipants, eq(threadParticipants.threadId, messages.threadId))
    .where(and(eq(threadParticipants.userId, userId), eq(messages.event, event)));
}

async function orderPromotion(owner: Account, productId: number, days: unknown) {
  return api.call("POST", `/api/me/advertisements/${productId}/top`, { token: owner.token, body: { days } });
}

/** The payer at the test gateway: starts a card payment and decides it on the gateway's page. */
async function payByCard(order: { id: number; hash: string }, outcome: "paid" | "failed" = "paid") {
  const started = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
  expect(started.status).toBe(200);
  const gatewayId = String(started.json.data.redirectUrl).split("/").pop()!;
  await gateway().decide(gatewayId, outcome);
  return gatewayId;
}

describe("promotion (topování)", () => {
  it("offers the day choices up to the listing's end, with the group discount", async () => {
    const listing = await liveAuction(dealer, 10);
    const offer = await api.call("GET", `/api/me/advertisements/${listing.id}/top`, { token: dealer.token });
    expect(offer.status).toBe(200);
    expect(offer.json.data).toMatchObject({
      available: true,
      reason: null,
      toppedUntil: null,
      perDayMinor: 1500,
      minDays: 1,
      maxDays: 10,
    });
    // 14 and 30 days would run past the end: the end itself (10 days) is offered instead.
    expect(offer.json.data.choices.map((c: { days: number }) => c.days)).toEqual([1, 3, 7, 10]);
    // 7 days: 105,00 Kč less 5 % (5,25 Kč).
    expect(offer.json.data.choices[2].fee).toEqual({
      baseMinor: 10_500,
      discountPercent: 5,
      discountMinor: 525,
      amountMinor: 9975,
    });
  });

  it("orders a promotion with a QR bank transfer and a card option; refuses bad days, others' and ended listings", async () => {
    const listing = await liveAuction(seller);
    for (const days of [0, 11, 2.5, "3", null]) {
      const bad = await orderPromotion(seller, listing.id, days);
      expect(bad.status).toBe(422);
      expect(bad.json.errors.days).toEqual(["Zvolte počet dní od 1 do 10."]);
    }
    expect((await orderPromotion(other, listing.id, 3)).status).toBe(404);
    const ended = await insertProduct(api.db, {
      categoryId,
      format: "auction",
      status: "ended",
      sellerId: seller.user.id,
    });
    const refused = await orderPromotion(seller, ended.id, 3);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("Topovat lze jen zveřejněný inzerát, který ještě neskončil.");

    const created = await orderPromotion(seller, listing.id, 3);
    expect(created.status).toBe(201);
    const order = created.json.data;
    expect(order).toMatchObject({
      kind: "promotion",
      status: "awaiting_payment",
      promotionDays: 3,
      subtotalMinor: 4500,
      discountMinor: 0,
      totalMinor: 4500,
      payable: true,
      card: true,
      listing: { id: listing.id, status: "active" },
      summaryPath: `/ucet/shrnuti/${order.id}/${order.hash}`,
    });
    expect(order.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(order.bankTransfer).toMatchObject({
      iban: "CZ6508000000192000145399",
      ibanFormatted: "CZ65 0800 0000 1920 0014 5399",
      variableSymbol: String(order.id),
      amountMinor: 4500,
    });
    expect(order.bankTransfer.spayd).toBe(
      `SPD*1.0*ACC:CZ6508000000192000145399*AM:45.00*CC:CZK*MSG:Rarita objednávka ${order.id}*X-VS:${order.id}`,
    );
    // Without a valid account in the contacts setting, only the card is offered.
    const withAccount = { company: "Rarita s.r.o.", bank_account: "19-2000145399/0800" };
    await api.db
      .update(settings)
      .set({ value: { ...withAccount, bank_account: "2801234567/2010" } })
      .where(eq(settings.name, "contacts"));
    const cardOnly = (await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data;
    expect(cardOnly).toMatchObject({ payable: true, card: true, bankTransfer: null });
    await api.db.update(settings).set({ value: withAccount }).where(eq(settings.name, "contacts"));
    // Nothing is promoted before the payment.
    expect(await toppedUntil(listing.id)).toBeNull();
    // The order is reached by id and hash, not by id alone.
    expect((await api.call("GET", `/api/orders/${order.id}/${"0".repeat(32)}`)).status).toBe(404);
    expect((await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data.id).toBe(order.id);

    // Choosing again replaces the unpaid order.
    const again = await orderPromotion(seller, listing.id, 7);
    const [first] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(first.status).toBe("cancelled");
    expect(again.json.data.totalMinor).toBe(10_500);
  });

  it("a card payment tops the listing once, tells the seller, and later days are added after the running ones", async () => {
    const listing = await liveAuction(seller, 20);
    const order = (await orderPromotion(seller, listing.id, 3)).json.data;
    const before = Date.now();
    const gatewayId = await payByCard(order);

    const paid = (await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data;
    expect(paid).toMatchObject({ status: "paid", payable: false, bankTransfer: null, card: false });
    expect(paid.lastCardPayment.status).toBe("paid");
    const until = (await toppedUntil(listing.id))!;
    expect(until.getTime()).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(until.getTime()).toBeLessThan(Date.now() + 3 * DAY + 1000);
    expect(paid.toppedUntil).toBe(until.toISOString());
    const [notice] = await noticesOf(seller.user.id, "payment_received");
    expect(notice.body).toMatch(
      /^Platba za topování inzerátu Produkt \d+ přijata, inzerát je topovaný do \d+\. \d+\. 2026 \d\d:\d\d\.$/,
    );
    // The catalogue shows it topped, and My listings says until when.
    const mine = await api.call("GET", `/api/me/advertisements/${listing.id}`, { token: seller.token });
    expect(mine.json.data.toppedUntil).toBe(until.toISOString());

    // A second decision at the gateway, a repeated card start: nothing changes.
    await gateway().decide(gatewayId, "paid");
    const repeated = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    expect(repeated.status).toBe(409);
    expect(repeated.json.message).toBe("Objednávka je už zaplacená.");
    expect((await toppedUntil(listing.id))!.toISOString()).toBe(until.toISOString());

    // Two more days, paid by transfer: counted from the end of the running promotion.
    const more = (await orderPromotion(seller, listing.id, 2)).json.data;
    expect(
      (await api.call("POST", `/api/admin/orders/${more.id}/paid`, { token: admin.token })).json,
    ).toEqual({
      id: more.id,
      status: "paid",
    });
    expect((await toppedUntil(listing.id))!.getTime()).toBe(until.getTime() + 2 * DAY);
    expect(await noticesOf(seller.user.id, "payment_received")).toHaveLength(2);
  });

  it("a failed card payment leaves the order payable; the next attempt pays it", async () => {
    const listing = await liveAuction(seller);
    const order = (await orderPromotion(seller, listing.id, 1)).json.data;
    await payByCard(order, "failed");
    const failed = (await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data;
    expect(failed).toMatchObject({
      status: "awaiting_payment",
      payable: true,
      lastCardPayment: { status: "failed" },
    });
    expect(await toppedUntil(listing.id)).toBeNull();
    await payByCard(order, "paid");
    expect((await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data.status).toBe("paid");
  });

  it("the payer's return reads the state from the gateway when its notification never came, and pays once under concurrent returns", async () => {
    const listing = await liveAuction(seller);
    const order = (await orderPromotion(seller, listing.id, 3)).json.data;
    const started = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    const gatewayId = String(started.json.data.redirectUrl).split("/").pop()!;
    expect(started.json.data.redirectUrl).toBe(`/testovaci-platebni-brana/${gatewayId}`);
    // Paid at the gateway, notification lost.
    await api.db
      .update(testGatewayPayments)
      .set({ state: "paid" })
      .where(eq(testGatewayPayments.id, gatewayId));
    const views = await Promise.all(
      Array.from({ length: 5 }, () => api.call("GET", `/api/orders/${order.id}/${order.hash}`)),
    );
    expect(views.map((view) => view.json.data.status)).toEqual(Array(5).fill("paid"));
    const until = (await toppedUntil(listing.id))!;
    expect(until.getTime()).toBeLessThan(Date.now() + 3 * DAY + 1000);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
  });
});

describe("tax documents", () => {
  it("a paid order gets one, numbered in the year's series without gaps, with the customer's invoice address; only its owner reads it", async () => {
    await api.db.insert(addresses).values({
      userId: dealer.user.id,
      kind: "invoice",
      name: "Jan Novák",
      company: "Rumový kabinet s.r.o.",
      street: "Dlouhá 12",
      city: "Praha",
      zip: "110 00",
      companyId: "27074358",
      taxId: "CZ27074358",
    });
    const first = await liveAuction(dealer, 20);
    const second = await liveAuction(dealer, 20);
    const a = (await orderPromotion(dealer, first.id, 7)).json.data;
    const b = (await orderPromotion(dealer, second.id, 1)).json.data;
    expect(a.invoiceNumber).toBeNull();
    await payByCard(a);
    await api.call("POST", `/api/admin/orders/${b.id}/paid`, { token: admin.token });

    const paidA = (await api.call("GET", `/api/orders/${a.id}/${a.hash}`)).json.data;
    const paidB = (await api.call("GET", `/api/orders/${b.id}/${b.hash}`)).json.data;
    const year = new Date().getFullYear();
    expect(paidA.invoiceNumber).toMatch(new RegExp(`^${year}\\d{6}$`));
    // The next payment takes the next number (other tests' payments came before).
    expect(Number(paidB.invoiceNumber)).toBe(Number(paidA.invoiceNumber) + 1);
    const all = await api.db.select({ number: invoices.number }).from(invoices);
    const numbers = all.map((row) => Number(row.number)).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, index) => Number(`${year}000001`) + index));

    const document = await api.call("GET", `/api/me/invoices/${paidA.invoiceNumber}`, {
      token: dealer.token,
    });
    expect(document.status).toBe(200);
    expect(document.json.data).toMatchObject({
      number: paidA.invoiceNumber,
      orderId: a.id,
      supplier: { name: "Rarita s.r.o." },
      customer: {
        name: "Rumový kabinet s.r.o.",
        street: "Dlouhá 12",
        companyId: "27074358",
        taxId: "CZ27074358",
      },
      // 7 days at 15 Kč with the 5 % group discount: 99,75 Kč, VAT 21 % included.
      lines: [
        { quantity: 7, unitPriceMinor: 1500, totalMinor: 10_500 },
        { description: "Sleva skupiny", totalMinor: -525 },
      ],
      vatRate: 21,
      totalMinor: 9975,
      vatMinor: 1731,
      baseMinor: 8244,
      paymentMethod: "card",
      variableSymbol: String(a.id),
    });
    expect(document.json.data.lines[0].description).toMatch(/^Topování na 7 d\.: Produkt \d+$/);
    expect(
      (await api.call("GET", `/api/me/invoices/${paidA.invoiceNumber}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await api.call("GET", `/api/me/invoices/${paidB.invoiceNumber}`, { token: dealer.token })).json.data
        .paymentMethod,
    ).toBe("bank_transfer");
  });
});

describe("card payment starts", () => {
  it("are limited to 10 per order in 15 minutes", async () => {
    const listing = await liveAuction(other);
    const order = (await orderPromotion(other, listing.id, 1)).json.data;
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`)).status).toBe(200);
    const limited = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe("Příliš mnoho pokusů. Zkuste to prosím za chvíli znovu.");
  });
});

describe("gateway notifications", () => {
  it("need a valid signature, are processed once per event and never trusted for the state", async () => {
    const listing = await liveAuction(seller);
    const order = (await orderPromotion(seller, listing.id, 1)).json.data;
    const started = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    const gatewayId = String(started.json.data.redirectUrl).split("/").pop()!;
    const body = JSON.stringify({ id: `evt_test_${gatewayId}`, paymentId: gatewayId });
    const send = (signature: string, provider = "test") =>
      api.call("POST", `/api/payments/webhooks/${provider}`, {
        rawBody: body,
        headers: { [TEST_GATEWAY_SIGNATURE_HEADER]: signature },
      });

    const forged = await send(signTestNotification("not-the-secret", body));
    expect(forged.status).toBe(400);
    expect(forged.json.message).toBe("Podpis oznámení nesouhlasí.");
    expect((await send(signTestNotification(api.config.testGateway!.secret, body), "gopay")).status).toBe(
      404,
    );

    // Signed, but the gateway says the payment is still open: the order stays unpaid.
    const signature = signTestNotification(api.config.testGateway!.secret, body);
    expect((await send(signature)).json).toEqual({ received: true, duplicate: false });
    expect((await api.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe(
      "awaiting_payment",
    );
    // Redelivered: answered, not processed again.
    expect((await send(signature)).json).toEqual({ received: true, duplicate: true });
    const events = await api.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `evt_test_${gatewayId}`));
    expect(events).toHaveLength(1);
    expect(events[0].processedAt).not.toBeNull();
  });
});

describe("one order, one charge", () => {
  afterEach(() => vi.restoreAllMocks());

  const cardStart = (order: { id: number; hash: string }) =>
    api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
  const gatewayIdOf = (started: { json: { data: { redirectUrl: string } } }) =>
    started.json.data.redirectUrl.split("/").pop()!;

  async function orderPayments(orderId: number) {
    return api.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  }

  async function gatewayRow(id: string) {
    return (await api.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)))[0];
  }

  async function duplicateRefundsAudited(paymentId: number) {
    return api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.refund_duplicate"), eq(auditLog.entityId, String(paymentId))));
  }

  /**
   * A card payment opened the way every start did before starts were reused: a new payment at
   * the gateway and a pending payment of the order, whatever else was open.
   */
  async function legacyCardPayment(order: { id: number; totalMinor: number }) {
    const started = await gateway().create({
      reference: `legacy-${randomBytes(6).toString("hex")}`,
      amountMinor: order.totalMinor,
      currencyCode: "CZK",
      description: "Topování",
      returnPath: "/",
      locale: "cs",
    });
    await api.db.insert(payments).values({
      orderId: order.id,
      method: "card",
      provider: "test",
      providerPaymentId: started.providerPaymentId,
      status: "pending",
      amountMinor: order.totalMinor,
    });
    return started.providerPaymentId;
  }

  it("concurrent starts of one order open one card payment and send every payer to it", async () => {
    const listing = await liveAuction(other);
    const order = (await orderPromotion(other, listing.id, 1)).json.data;
    const starts = await Promise.all(Array.from({ length: 5 }, () => cardStart(order)));
    expect(starts.map((start) => start.status)).toEqual(Array(5).fill(200));
    const urls = new Set(starts.map((start) => start.json.data.redirectUrl));
    expect(urls.size).toBe(1);
    const opened = await orderPayments(order.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ status: "pending", providerPaymentId: gatewayIdOf(starts[0]) });
    expect(
      await api.db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.reference, `payment-${opened[0].id}`)),
    ).toHaveLength(1);

    // Declined at the gateway: the next start opens a new payment.
    await gateway().decide(gatewayIdOf(starts[0]), "failed");
    const next = await cardStart(order);
    expect(next.status).toBe(200);
    expect(gatewayIdOf(next)).not.toBe(gatewayIdOf(starts[0]));
    expect((await orderPayments(order.id)).map((payment) => payment.status)).toEqual(["failed", "pending"]);

    // Paid at the gateway, its notification lost: a start reads that first and refuses.
    await api.db
      .update(testGatewayPayments)
      .set({ state: "paid" })
      .where(eq(testGatewayPayments.id, gatewayIdOf(next)));
    const again = await cardStart(order);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("Objednávka je už zaplacená.");
    expect((await orderPayments(order.id)).map((payment) => payment.status)).toEqual(["failed", "paid"]);
  });

  it("a second payment that succeeds for a paid order is refunded at the gateway once, listed for the operator and audited", async () => {
    const refund = vi.spyOn(gateway(), "refund");
    const listing = await liveAuction(seller, 20);
    const order = (await orderPromotion(seller, listing.id, 3)).json.data;
    const first = await legacyCardPayment(order);
    const second = await legacyCardPayment(order);
    await gateway().decide(first, "paid");
    const until = (await toppedUntil(listing.id))!;
    await gateway().decide(second, "paid");

    // The order was paid once: one promotion, one tax document; the second payment went back.
    expect((await api.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("paid");
    expect((await toppedUntil(listing.id))!.toISOString()).toBe(until.toISOString());
    expect(await api.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    const [paid, duplicate] = await orderPayments(order.id);
    expect(paid).toMatchObject({ providerPaymentId: first, status: "paid", refundReason: null });
    expect(duplicate).toMatchObject({
      providerPaymentId: second,
      status: "refunded",
      refundReason: "duplicate",
    });
    expect(duplicate.refundedAt).not.toBeNull();
    expect(await gatewayRow(first)).toMatchObject({ state: "paid", refundedMinor: null });
    expect(await gatewayRow(second)).toMatchObject({ state: "refunded", refundedMinor: order.totalMinor });
    expect(refund).toHaveBeenCalledTimes(1);

    // The operator sees it, and the audit log says what the system did.
    const listed = await api.call("GET", "/api/admin/payments?state=refunded", { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toContainEqual(
      expect.objectContaining({
        id: duplicate.id,
        orderId: order.id,
        status: "refunded",
        providerPaymentId: second,
        amountMinor: order.totalMinor,
        refundedAsDuplicate: true,
        refundedAt: duplicate.refundedAt!.toISOString(),
      }),
    );
    expect(listed.json.data.every((row: { status: string }) => row.status === "refunded")).toBe(true);
    const ofOrder = await api.call("GET", `/api/admin/payments?orderId=${order.id}`, { token: admin.token });
    expect(ofOrder.json.data.map((row: { id: number }) => row.id)).toEqual([duplicate.id, paid.id]);
    expect(
      (await api.call("GET", "/api/admin/payments?state=refunded", { token: seller.token })).status,
    ).toBe(403);
    expect((await api.call("GET", "/api/admin/payments?orderId=0x10", { token: admin.token })).status).toBe(
      422,
    );
    const audited = await duplicateRefundsAudited(duplicate.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorId: null,
      entity: "payment",
      data: { orderId: order.id, provider: "test", providerPaymentId: second, amountMinor: order.totalMinor },
    });
    // The payer's order page knows.
    const view = (await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data;
    expect(view).toMatchObject({ status: "paid", duplicateRefunded: true });

    // The gateway notifies again (a new event, and the same one redelivered): no second refund.
    const body = JSON.stringify({ id: `evt_again_${second}`, paymentId: second });
    const signature = signTestNotification(api.config.testGateway!.secret, body);
    const send = () =>
      api.call("POST", "/api/payments/webhooks/test", {
        rawBody: body,
        headers: { [TEST_GATEWAY_SIGNATURE_HEADER]: signature },
      });
    expect((await send()).json).toEqual({ received: true, duplicate: false });
    expect((await send()).json).toEqual({ received: true, duplicate: true });
    await api.call("GET", `/api/orders/${order.id}/${order.hash}`);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await duplicateRefundsAudited(duplicate.id)).toHaveLength(1);
    expect((await orderPayments(order.id)).map((payment) => payment.status)).toEqual(["paid", "refunded"]);
    expect(await api.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it("a card payment that succeeds after the transfer was marked paid is refunded; a refund the gateway missed is done on the next look", async () => {
    const listing = await liveAuction(dealer, 20);
    const order = (await orderPromotion(dealer, listing.id, 1)).json.data;
    const gatewayId = gatewayIdOf(await cardStart(order));
    expect(
      (await api.call("POST", `/api/admin/orders/${order.id}/paid`, { token: admin.token })).status,
    ).toBe(200);
    const until = (await toppedUntil(listing.id))!;
    // The gateway is down when the shop refunds: the payment is marked, the refund still due.
    const refund = vi
      .spyOn(gateway(), "refund")
      .mockRejectedValueOnce(new Error("gateway unavailable"))
      .mockRejectedValueOnce(new Error("gateway unavailable"));
    await gateway().decide(gatewayId, "paid");
    const [card, transfer] = await orderPayments(order.id);
    expect(transfer).toMatchObject({ method: "bank_transfer", status: "paid" });
    expect(card).toMatchObject({ status: "refunded", refundReason: "duplicate", refundedAt: null });
    expect((await gatewayRow(gatewayId)).state).toBe("paid");
    const due = await api.call("GET", `/api/admin/payments?state=refunded`, { token: admin.token });
    expect(due.json.data).toContainEqual(
      expect.objectContaining({ id: card.id, refundedAsDuplicate: true, refundedAt: null }),
    );

    // The payer comes back to the order's page while the gateway is still down: the page works.
    const stillDown = await api.call("GET", `/api/orders/${order.id}/${order.hash}`);
    expect(stillDown.status).toBe(200);
    expect(stillDown.json.data.status).toBe("paid");
    expect((await orderPayments(order.id))[0].refundedAt).toBeNull();
    // The next look does the refund, and only once.
    expect((await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data.status).toBe("paid");
    await api.call("GET", `/api/orders/${order.id}/${order.hash}`);
    expect(refund).toHaveBeenCalledTimes(3);
    expect(await gatewayRow(gatewayId)).toMatchObject({ state: "refunded", refundedMinor: order.totalMinor });
    expect((await orderPayments(order.id))[0].refundedAt).not.toBeNull();
    expect(await duplicateRefundsAudited(card.id)).toHaveLength(1);
    expect((await toppedUntil(listing.id))!.toISOString()).toBe(until.toISOString());
    expect(await api.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });
});

describe("insertion fee", () => {
  it("one open order per fee; the operator's transfer releases the listing; nothing left to pay afterwards", async () => {
    const listing = await unpaidListing(seller);
    const first = await api.call("POST", `/api/me/advertisements/${listing.id}/fee`, { token: seller.token });
    expect(first.status).toBe(201);
    expect(first.json.data).toMatchObject({ kind: "listing_fee", totalMinor: 2900, payable: true });
    const second = await api.call("POST", `/api/me/advertisements/${listing.id}/fee`, {
      token: seller.token,
    });
    expect(second.json.data.id).toBe(first.json.data.id);
    expect(
      (await api.call("POST", `/api/me/advertisements/${listing.id}/fee`, { token: other.token })).status,
    ).toBe(404);

    const id = first.json.data.id;
    // The back office only: a seller cannot mark their own transfer paid.
    expect((await api.call("POST", `/api/admin/orders/${id}/paid`, { token: seller.token })).status).toBe(
      403,
    );
    expect((await api.call("POST", `/api/admin/orders/${id}/paid`, { token: admin.token })).json.status).toBe(
      "paid",
    );
    expect((await api.call("POST", `/api/admin/orders/${id}/paid`, { token: admin.token })).json.status).toBe(
      "already_paid",
    );
    const [row] = await api.db.select().from(products).where(eq(products.id, listing.id));
    expect(row.status).toBe("active");
    expect(row.endsAt).not.toBeNull();
    const transfers = await api.db.select().from(payments).where(eq(payments.orderId, id));
    expect(transfers).toMatchObject([
      { method: "bank_transfer", status: "paid", variableSymbol: String(id) },
    ]);
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.paid"), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(await noticesOf(seller.user.id, "payment_received")).not.toHaveLength(0);

    const nothing = await api.call("POST", `/api/me/advertisements/${listing.id}/fee`, {
      token: seller.token,
    });
    expect(nothing.status).toBe(409);
    expect(nothing.json.message).toBe("U tohoto inzerátu není co platit.");
  });

  it("a fee order for a listing cancelled meanwhile is cancelled, and neither card nor transfer pays it", async () => {
    const listing = await unpaidListing(other);
    const order = (await api.call("POST", `/api/me/advertisements/${listing.id}/fee`, { token: other.token }))
      .json.data;
    expect(
      (await api.call("POST", `/api/me/advertisements/${listing.id}/cancel`, { token: other.token })).status,
    ).toBe(200);
    const view = (await api.call("GET", `/api/orders/${order.id}/${order.hash}`)).json.data;
    expect(view).toMatchObject({ status: "cancelled", payable: false, card: false, bankTransfer: null });
    const card = await api.call("POST", `/api/orders/${order.id}/${order.hash}/card`);
    expect(card.status).toBe(409);
    expect(card.json.message).toBe("Tuto objednávku už nelze zaplatit.");
    const transfer = await api.call("POST", `/api/admin/orders/${order.id}/paid`, { token: admin.token });
    expect(transfer.status).toBe(409);
    expect(transfer.json.message).toBe("Objednávka byla zrušena, nelze ji zaplatit.");
    expect((await api.db.select().from(products).where(eq(products.id, listing.id)))[0].status).toBe(
      "cancelled",
    );
  });

  it("a listing unpaid for 30 days expires (the nightly job), and its fee order with it", async () => {
    const old = await unpaidListing(seller);
    const recent = await unpaidListing(seller);
    await api.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(products.id, old.id));
    await api.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(products.id, recent.id));
    const order = (await api.call("POST", `/api/me/advertisements/${old.id}/fee`, { token: seller.token }))
      .json.data;

    const expired = await api.services.listings.expireUnpaid();
    expect(expired).toContain(old.id);
    expect(expired).not.toContain(recent.id);
    const statuses = await api.db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(inArray(products.id, [old.id, recent.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [old.id]: "expired",
      [recent.id]: "awaiting_payment",
    });
    const [change] = await api.db
      .select()
      .from(productStatusChanges)
      .where(eq(productStatusChanges.productId, old.id));
    expect(change).toMatchObject({ fromStatus: "awaiting_payment", toStatus: "expired", reason: "unpaid" });
    const mine = await api.call("GET", "/api/me/orders", { token: seller.token });
    expect(mine.json.data.find((row: { id: number }) => row.id === order.id)).toMatchObject({
      status: "cancelled",
      payable: false,
    });
    expect(await api.services.listings.expireUnpaid()).not.toContain(old.id);
  });
});
