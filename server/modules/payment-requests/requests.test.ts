import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { createMarketplaceDouble } from "#server/test/marketplace-double.ts";
import { deals as dealsTable } from "../deals/tables.ts";
import { messages as messagesTable } from "../messages/tables.ts";
import { EXPIRE_QUEUE } from "./jobs.ts";
import { dealPaymentRequests } from "./tables.ts";

/**
 * A payment request in a classified's conversation (issue 35, item 1), through the deals' service
 * as the inbox's forms reach it: the seller sends an agreed price with one delivery, the buyer
 * accepts (one deal, however often they click) or declines, the seller withdraws or replaces it;
 * a stranger, an auction's conversation, an expired request and a listing another deal holds are
 * refused.
 */

let api: TestApi;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyers: Awaited<ReturnType<typeof insertBidders>>;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi(
    {},
    { marketplace: createMarketplaceDouble().port, dealTerms: { termsOf: async () => null } },
  );
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  [seller, ...buyers] = await insertBidders(api.db, 5);
  categoryId = (await insertCategory(api.db)).id;
});
afterAll(() => api?.close());

const requests = () => api.services.paymentRequests;
const zasilkovna = { carrier: "zasilkovna" as const, priceMinor: 8_900 };

/** A conversation the buyer opened about a new listing of the seller (a supply classified by default). */
async function conversation(buyer = buyers[0], format: "classified" | "auction" = "classified") {
  const product =
    format === "auction"
      ? await insertAuction(api.db, { sellerId: seller.user.id, categoryId })
      : await insertProduct(api.db, {
          categoryId,
          format: "classified",
          sellerId: seller.user.id,
          priceMinor: null,
        });
  const started = await api.services.messages.startThread({
    productId: product.id,
    sellerId: seller.user.id,
    userId: buyer.user.id,
    body: "Vezmu za 1 500 Kč?",
  });
  if (started.status !== "ok") throw new Error("no thread");
  return { threadId: started.threadId, productId: product.id };
}

async function send(
  threadId: number,
  priceMinor = 150_000,
  delivery: Parameters<ReturnType<typeof requests>["send"]>[2]["delivery"] = zasilkovna,
) {
  const sent = await requests().send(seller.user.id, threadId, { priceMinor, delivery });
  if (!sent.ok) throw new Error(`refused: ${sent.code}`);
  return sent.value.requestId;
}

describe("a payment request", () => {
  it("shows in the conversation with what the buyer pays, and the buyer hears of it", async () => {
    const { threadId } = await conversation();
    const requestId = await send(threadId);
    const [card] = (await requests().list(threadId, buyers[0].user.id)).items;
    expect(card).toMatchObject({
      id: requestId,
      status: "open",
      role: "buyer",
      priceMinor: 150_000,
      carrier: "zasilkovna",
      deliveryMinor: 8_900,
      canAnswer: true,
      canWithdraw: false,
    });
    expect(card.totalMinor).toBe(150_000 + 8_900 + (card.buyerFeeMinor ?? 0));
    expect(card.buyerFeeMinor).toBeGreaterThan(0);
    const view = await api.services.messages.thread(buyers[0].user.id, threadId, "cs");
    expect(view?.messages.at(-1)).toMatchObject({
      requestId,
      text: "Platební požadavek: 1\u00a0500,00\u00a0Kč",
    });
    const inEnglish = await api.services.messages.thread(seller.user.id, threadId, "en");
    expect(inEnglish?.messages.at(-1)?.text).toBe("Payment request: CZK\u00a01,500.00");
    const notices = await api.db
      .select()
      .from(messagesTable)
      .where(eq(messagesTable.event, "deal_payment_request"));
    expect(notices.some((notice) => notice.payload?.requestId === requestId)).toBe(true);
    expect((await requests().list(threadId, buyers[3].user.id)).items).toEqual([]);
  });

  it("replaces the conversation's open request: the old one is withdrawn", async () => {
    const { threadId } = await conversation();
    const first = await send(threadId, 150_000);
    const second = await send(threadId, 140_000, { carrier: "pickup", town: "Brno" });
    const cards = (await requests().list(threadId, seller.user.id)).items;
    expect(cards.map((card) => [card.id, card.status])).toEqual([
      [second, "open"],
      [first, "withdrawn"],
    ]);
    expect(cards[0]).toMatchObject({
      carrier: "pickup",
      pickupTown: "Brno",
      deliveryMinor: 0,
      canWithdraw: true,
    });
    expect(await requests().accept(first, buyers[0].user.id)).toEqual({
      ok: false,
      code: "withdrawn",
    });
  });

  it("accepted makes one deal at the agreed price, however often the buyer clicks", async () => {
    const { threadId, productId } = await conversation(buyers[1]);
    const requestId = await send(threadId);
    const [one, two] = await Promise.all([
      requests().accept(requestId, buyers[1].user.id),
      requests().accept(requestId, buyers[1].user.id),
    ]);
    expect(one.ok && two.ok && one.value.dealId === two.value.dealId).toBe(true);
    const made = await api.db.select().from(dealsTable).where(eq(dealsTable.productId, productId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      source: "payment_request",
      buyerId: buyers[1].user.id,
      sellerId: seller.user.id,
      priceMinor: 150_000,
      deliveryMinor: 8_900,
      carrier: "zasilkovna",
      status: "awaiting_payment",
      requestKey: String(requestId),
    });
    const [card] = (await requests().list(threadId, buyers[1].user.id)).items;
    expect(card).toMatchObject({ status: "accepted", dealId: made[0].id, canAnswer: false });
    const page = await api.services.deals.page(made[0].id, buyers[1].user.id, "cs");
    expect(page).not.toBeNull();
  });

  it("declined closes it and the seller hears of it; the seller may withdraw an open one", async () => {
    const { threadId } = await conversation();
    const requestId = await send(threadId);
    expect(await requests().answer(requestId, seller.user.id, "buyer")).toEqual({
      ok: false,
      code: "not_found",
    });
    expect(await requests().answer(requestId, buyers[0].user.id, "buyer")).toEqual({
      ok: true,
      value: null,
    });
    expect(await requests().accept(requestId, buyers[0].user.id)).toEqual({
      ok: false,
      code: "declined",
    });
    const notices = await api.db
      .select()
      .from(messagesTable)
      .where(eq(messagesTable.event, "deal_payment_request"));
    expect(notices.some((n) => n.payload?.requestId === requestId && n.payload?.variant === "declined")).toBe(
      true,
    );
    const again = await send(threadId);
    expect(await requests().answer(again, seller.user.id, "seller")).toEqual({
      ok: true,
      value: null,
    });
    const [card] = (await requests().list(threadId, buyers[0].user.id)).items;
    expect(card).toMatchObject({ id: again, status: "withdrawn" });
  });

  it("expires unanswered: shown expired, refused when accepted late", async () => {
    const { threadId } = await conversation();
    const requestId = await send(threadId);
    await api.db
      .update(dealPaymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dealPaymentRequests.id, requestId));
    const [card] = (await requests().list(threadId, buyers[0].user.id)).items;
    expect(card).toMatchObject({ status: "expired", canAnswer: false });
    expect(await requests().accept(requestId, buyers[0].user.id)).toEqual({
      ok: false,
      code: "expired",
    });
    const [row] = await api.db
      .select()
      .from(dealPaymentRequests)
      .where(eq(dealPaymentRequests.id, requestId));
    expect(row.status).toBe("expired");
  });

  it("expired unanswered, the sweep closes it and tells the seller once; an answered one stays", async () => {
    const { threadId } = await conversation(buyers[2]);
    const overdue = await send(threadId);
    const other = await conversation(buyers[3]);
    const answered = await send(other.threadId);
    expect((await requests().answer(answered, buyers[3].user.id, "buyer")).ok).toBe(true);
    await api.db
      .update(dealPaymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dealPaymentRequests.id, overdue));
    // As the cron sends it, twice: the second sweep finds nothing more to do.
    for (let run = 0; run < 2; run += 1) {
      await api.jobs.send(EXPIRE_QUEUE, {});
      await api.jobs.runPending(EXPIRE_QUEUE);
    }
    const rows = await api.db.select().from(dealPaymentRequests);
    expect(rows.find((row) => row.id === overdue)?.status).toBe("expired");
    expect(rows.find((row) => row.id === answered)?.status).toBe("declined");
    const notices = await api.db
      .select()
      .from(messagesTable)
      .where(eq(messagesTable.event, "deal_payment_request"));
    const expired = notices.filter(
      (n) => n.payload?.requestId === overdue && n.payload?.variant === "expired",
    );
    expect(expired).toHaveLength(1);
  });

  it("refuses a stranger, the buyer sending one, and an auction's conversation", async () => {
    const { threadId } = await conversation();
    expect(
      await requests().send(buyers[0].user.id, threadId, {
        priceMinor: 1_000,
        delivery: zasilkovna,
      }),
    ).toEqual({ ok: false, code: "not_found" });
    const requestId = await send(threadId);
    expect(await requests().accept(requestId, buyers[3].user.id)).toEqual({
      ok: false,
      code: "not_found",
    });
    expect(await requests().accept(requestId, seller.user.id)).toEqual({
      ok: false,
      code: "not_found",
    });
    expect(await requests().answer(requestId, buyers[3].user.id, "seller")).toEqual({
      ok: false,
      code: "not_found",
    });
    const auction = await conversation(buyers[0], "auction");
    expect(
      await requests().send(seller.user.id, auction.threadId, {
        priceMinor: 1_000,
        delivery: zasilkovna,
      }),
    ).toEqual({ ok: false, code: "not_classified" });
  });

  it("is taken when another buyer's deal holds the listing", async () => {
    const first = await conversation(buyers[0]);
    const requestA = await send(first.threadId);
    const started = await api.services.messages.startThread({
      productId: first.productId,
      sellerId: seller.user.id,
      userId: buyers[2].user.id,
      body: "Já dám víc.",
    });
    if (started.status !== "ok") throw new Error("no thread");
    const requestB = await send(started.threadId, 160_000);
    expect((await requests().accept(requestB, buyers[2].user.id)).ok).toBe(true);
    expect(await requests().accept(requestA, buyers[0].user.id)).toEqual({
      ok: false,
      code: "taken",
    });
    expect(
      await requests().send(seller.user.id, first.threadId, {
        priceMinor: 1_000,
        delivery: zasilkovna,
      }),
    ).toEqual({ ok: false, code: "taken" });
  });

  it("cannot be accepted by a buyer whose buying is suspended for unpaid wins", async () => {
    const [suspended] = await insertBidders(api.db, 1);
    for (let won = 0; won < 2; won += 1) {
      const { threadId } = await conversation(suspended);
      const accepted = await requests().accept(await send(threadId), suspended.user.id);
      if (!accepted.ok) throw new Error(accepted.code);
      expect(await api.services.unpaidWinsAdmin.strikeForTests(accepted.value.dealId)).toBe(true);
    }
    const { threadId, productId } = await conversation(suspended);
    const requestId = await send(threadId);
    expect(await requests().accept(requestId, suspended.user.id)).toEqual({
      ok: false,
      code: "buyer_suspended",
    });
    expect(await api.db.select().from(dealsTable).where(eq(dealsTable.productId, productId))).toEqual([]);
    // The request stays open: the seller sees it unanswered, and it is the buyer's to decline.
    const [card] = (await requests().list(threadId, seller.user.id)).items;
    expect(card).toMatchObject({ status: "open" });
  });
});
