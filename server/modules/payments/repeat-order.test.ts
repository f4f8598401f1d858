import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "#server/db/schema.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { hashToken } from "../auth/index.ts";
import { listingSubmissions } from "../listings/tables/submissions.ts";
import { settings } from "../settings/tables.ts";

/**
 * Fee and promotion orders asked for twice with one Idempotency-Key (ADR 0069): the repeat answers
 * the order the first request made; it neither makes a second order nor cancels the first as
 * "replaced", and the card payment started twice is one payment at the gateway.
 */

const DAY = 24 * 60 * 60 * 1000;
let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let admin: Account;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi({ PAYMENTS_TEST_GATEWAY: "true" });
  await api.db.insert(settings).values({ name: "fees", locale: null, value: FEES });
  categoryId = (await insertCategory(api.db)).id;
  [seller] = await insertBidders(api.db, 1);
  [admin] = await insertBidders(api.db, 1, { role: "admin" });
  await api.services.auth.markSecondFactor(hashToken(admin.token));
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

const keyed = (key: string) => ({ token: seller.token, headers: { "Idempotency-Key": key } });

const ordersOf = (productId: number, kind: "promotion" | "listing_fee") =>
  api.db
    .select()
    .from(orders)
    .where(and(eq(orders.productId, productId), eq(orders.kind, kind)));

describe("a promotion ordered twice with one key", () => {
  it("concurrently: one order, awaiting payment, both answers the same; another body with the key is refused", async () => {
    const listing = await insertProduct(api.db, {
      categoryId,
      format: "auction",
      status: "active",
      sellerId: seller.user.id,
      startPriceMinor: 100_000,
      priceMinor: null,
      auctionDuration: "month",
      activationAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
    });
    const url = `/api/me/advertisements/${listing.id}/top`;
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      api.call("POST", url, { ...keyed(key), body: { days: 3 } }),
      api.call("POST", url, { ...keyed(key), body: { days: 3 } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[1].json.data.id).toBe(answers[0].json.data.id);
    expect(answers.map((a) => a.headers.get("Idempotent-Replayed")).sort()).toEqual([null, "true"]);
    const made = await ordersOf(listing.id, "promotion");
    expect(made).toMatchObject([{ id: answers[0].json.data.id, status: "awaiting_payment" }]);

    const otherDays = await api.call("POST", url, { ...keyed(key), body: { days: 7 } });
    expect(otherDays.status).toBe(409);
    expect(otherDays.json.message).toEqual(expect.any(String));
    // Without the key a second order is the seller's new choice: the first gives way.
    const changed = await api.call("POST", url, { token: seller.token, body: { days: 7 } });
    expect(changed.status).toBe(201);
    expect((await ordersOf(listing.id, "promotion")).map((o) => o.status).sort()).toEqual([
      "awaiting_payment",
      "cancelled",
    ]);
  });
});

describe("an insertion fee ordered twice with one key", () => {
  it("answers its order even once it is paid, and a card started twice is one gateway payment", async () => {
    const listing = await insertProduct(api.db, {
      categoryId,
      format: "auction",
      status: "awaiting_payment",
      sellerId: seller.user.id,
      startPriceMinor: 50_000,
      priceMinor: null,
      auctionDuration: "week",
    });
    await api.db
      .insert(listingSubmissions)
      .values({ productId: listing.id, feeBaseMinor: 2900, feeDiscountPercent: 0, feeMinor: 2900 });
    const url = `/api/me/advertisements/${listing.id}/fee`;
    const key = crypto.randomUUID();
    const first = await api.call("POST", url, keyed(key));
    expect(first.status).toBe(201);
    const { id, hash } = first.json.data;
    const started = await Promise.all([
      api.call("POST", `/api/orders/${id}/${hash}/card`),
      api.call("POST", `/api/orders/${id}/${hash}/card`),
    ]);
    expect(started.map((s) => s.status)).toEqual([200, 200]);
    expect(started[1].json.data.redirectUrl).toBe(started[0].json.data.redirectUrl);
    expect(await api.db.select().from(payments).where(eq(payments.orderId, id))).toHaveLength(1);

    expect((await api.call("POST", `/api/admin/orders/${id}/paid`, { token: admin.token })).json.status).toBe(
      "paid",
    );
    const again = await api.call("POST", url, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json.data).toMatchObject({ id, status: "paid" });
    expect(await ordersOf(listing.id, "listing_fee")).toHaveLength(1);
  });
});
