import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MarketplaceUnavailableError } from "#core/contracts/marketplace-payments.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { providerSays } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { messages as systemMessagesTable } from "../messages/tables.ts";
import { clearStrikes } from "../unpaid-wins/index.ts";
import { buyerStrikes } from "../unpaid-wins/tables.ts";
import { users } from "../users/tables.ts";
import { DEADLINE_SWEEP_QUEUE } from "./deadlines.ts";
import { AUCTION_DEAL_QUEUE, PROVIDER_CALLS_QUEUE } from "./flow.ts";
import { balancesOf } from "./ledger.ts";
import { makeCall, pendingCallIds } from "./provider-calls.ts";
import { deals as dealsTable } from "./tables.ts";
import { PROVIDER_EVENT_QUEUE } from "./webhooks.ts";

/**
 * A won auction paid, shipped and settled through the provider's port, end to end through the
 * deals' service, its jobs and the webhook route (an in-memory provider that keeps its money
 * honest: server/test/marketplace-double.ts; the simulator and the Stripe SDK have their own
 * contract tests). What the buyer and the seller would notice: the deal's state, the money held,
 * released and paid out once, refunds, and nothing on a forged or repeated webhook.
 */

let api: TestApi;
let provider: MarketplaceDouble;
const terms = new Map<number, DeliveryOption[]>();
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let bidders: Awaited<ReturnType<typeof insertBidders>>;

beforeAll(async () => {
  provider = createMarketplaceDouble();
  api = await createTestApi(
    {},
    {
      marketplace: provider.port,
      dealTerms: {
        termsOf: async (id) =>
          terms.has(id) ? { paysThroughSite: true, deliveryOptions: terms.get(id) ?? [] } : null,
      },
    },
  );
  await insertAuctionSettings(api.db, 0);
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  [seller, ...bidders] = await insertBidders(api.db, 3);
});
afterAll(() => api?.close());

const deals = () => api.services.deals;
const unpaidWins = () => api.services.unpaidWins;

/** An auction of the seller won by the first bidder for `priceMinor`, closed, its deal made. */
async function wonAuction(
  priceMinor = 2_000_000,
  options: DeliveryOption[] = [{ carrier: "zasilkovna", priceMinor: 8_900 }],
) {
  const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: priceMinor });
  terms.set(auction.id, options);
  const bid = await api.services.bidding.placeBid({
    productId: auction.id,
    bidder: { id: bidders[0].user.id, emailConfirmed: true, adultConfirmed: true },
    amountMinor: priceMinor,
  });
  expect(bid.ok).toBe(true);
  await api.services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
  const closed = await api.services.bidding.closeAuction(auction.id);
  expect(closed).toMatchObject({ status: "closed", outcome: "sold" });
  await api.jobs.runPending(AUCTION_DEAL_QUEUE);
  const [row] = await deals().list(bidders[0].user.id, "buyer", "cs");
  expect(row.productId).toBe(auction.id);
  return row;
}

/** The provider tells the site about a charge, as its webhook does, and the site processes it. */
const webhook = (type: Parameters<MarketplaceDouble["webhook"]>[0], objectId: string) =>
  providerSays(api, provider, type, objectId);

async function pay(dealId: number) {
  const started = await deals().startPayment(dealId, bidders[0].user.id, "card", "cs");
  if (!started.ok) throw new Error(started.code);
  const chargeId = started.value.payUrl.split("/").pop() ?? "";
  provider.settle(chargeId);
  await webhook("charge.paid", chargeId);
  return chargeId;
}

describe("a won auction through the site", () => {
  it("becomes a deal with the all-in total: price, the cheapest delivery and the buyer-protection fee", async () => {
    const row = await wonAuction(2_000_000);
    // 20 000 Kč + Zásilkovna 89 Kč + protection 5 % + 10 Kč = 1 010 Kč.
    expect(row).toMatchObject({
      status: "awaiting_payment",
      next: "pay",
      totalMinor: 2_000_000 + 8_900 + 101_000,
    });
    const page = await deals().page(row.id, seller.user.id, "cs");
    expect(page).toMatchObject({ role: "seller", next: "wait", sellerGetsMinor: 2_008_900 });
    expect(await deals().page(row.id, bidders[1].user.id, "cs")).toBeNull();
  });

  it("is paid on the provider's word, shipped, confirmed, and paid out once the seller is verified", async () => {
    const row = await wonAuction(500_000);
    // Another user cannot pay the buyer's deal.
    expect(await deals().startPayment(row.id, bidders[1].user.id, "card", "cs")).toMatchObject({
      code: "not_found",
    });
    const chargeId = await pay(row.id);
    const paid = await deals().page(row.id, bidders[0].user.id, "cs");
    expect(paid).toMatchObject({ status: "paid", next: "wait" });
    expect(provider.balance()).toBe(row.totalMinor);

    // Only the seller ships, with a tracking number.
    expect(await deals().ship(row.id, bidders[0].user.id, { trackingNumber: "Z 123 456 789" })).toMatchObject(
      { code: "not_found" },
    );
    expect(await deals().ship(row.id, seller.user.id, { trackingNumber: "<x>" })).toMatchObject({
      code: "invalid",
    });
    expect((await deals().ship(row.id, seller.user.id, { trackingNumber: "Z 123 456 789" })).ok).toBe(true);
    const shipped = await deals().page(row.id, bidders[0].user.id, "cs");
    expect(shipped?.trackingUrl).toContain("Z%20123%20456%20789");

    expect((await deals().confirmReceipt(row.id, bidders[0].user.id)).ok).toBe(true);
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    // The seller is not verified yet: nothing is transferred, the money waits as the seller's.
    expect(provider.transfers).toHaveLength(0);
    expect((await balancesOf(api.db, row.id)).seller_payable).toBe(500_000 + 8_900);

    const url = await deals().payoutOnboarding({ userId: seller.user.id, email: seller.user.email }, "cs");
    const accountId = url?.split("#onboard-").pop() ?? "";
    provider.verify(accountId);
    await webhook("account.updated", accountId);
    expect(provider.transfers).toEqual([expect.objectContaining({ accountId, amountMinor: 508_900 })]);
    const balances = await balancesOf(api.db, row.id);
    expect(balances).toMatchObject({
      held: 0,
      seller_payable: 0,
      paid_out: 508_900,
      fees: row.totalMinor - 508_900,
    });
    // What the provider still holds of this deal is the operator's fee.
    expect(provider.balance()).toBe(row.totalMinor - 508_900);
    expect(await deals().page(row.id, seller.user.id, "cs")).toMatchObject({
      status: "completed",
      paidOutMinor: 508_900,
    });

    // The same webhook again, and the charge read again: nothing moves twice.
    await webhook("charge.paid", chargeId);
    await webhook("account.updated", accountId);
    expect(provider.transfers).toHaveLength(1);
  });

  it("ignores a forged webhook and answers a replayed one without a second effect", async () => {
    const row = await wonAuction(300_000);
    const started = await deals().startPayment(row.id, bidders[0].user.id, "card", "cs");
    const chargeId = started.ok ? (started.value.payUrl.split("/").pop() ?? "") : "";
    provider.settle(chargeId);
    const { body } = provider.webhook("charge.paid", chargeId);
    const forged = await api.call("POST", "/api/deals/webhooks/stripe", {
      rawBody: body,
      headers: { "stripe-signature": "0".repeat(64), "Content-Type": "application/json" },
    });
    expect(forged.status).toBe(400);
    await api.jobs.runPending(PROVIDER_EVENT_QUEUE);
    expect((await deals().page(row.id, bidders[0].user.id, "cs"))?.status).toBe("awaiting_payment");

    const first = await webhook("charge.paid", chargeId);
    expect(first.answer.json).toEqual({ received: true, duplicate: false });
    const replay = await api.call("POST", "/api/deals/webhooks/stripe", {
      rawBody: first.body,
      headers: { "stripe-signature": first.signature, "Content-Type": "application/json" },
    });
    expect(replay.json).toEqual({ received: true, duplicate: true });
    expect((await balancesOf(api.db, row.id)).held).toBe(row.totalMinor);
  });

  it("a second payment of a paid deal goes back to the buyer", async () => {
    const row = await wonAuction(200_000);
    // A bank transfer opened first, then the card paid; the transfer arrives after all.
    const transfer = await deals().startPayment(row.id, bidders[0].user.id, "bank_transfer", "cs");
    const transferCharge = transfer.ok ? (transfer.value.payUrl.split("/").pop() ?? "") : "";
    await pay(row.id);
    provider.settle(transferCharge);
    await webhook("charge.paid", transferCharge);
    expect(provider.refunds).toContainEqual(expect.objectContaining({ amountMinor: row.totalMinor }));
    expect(await balancesOf(api.db, row.id)).toMatchObject({ held: row.totalMinor, refunded: 0 });
    expect(provider.charges.get(transferCharge)?.refundedMinor).toBe(row.totalMinor);
  });

  it("not paid by the deadline: cancelled as unpaid by the sweep, both told", async () => {
    const row = await wonAuction(150_000);
    await api.db
      .update(dealsTable)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(dealsTable.id, row.id));
    await api.jobs.send(DEADLINE_SWEEP_QUEUE, {});
    await api.jobs.runPending(DEADLINE_SWEEP_QUEUE);
    expect((await deals().page(row.id, bidders[0].user.id, "cs"))?.status).toBe("cancelled_unpaid");
    const notices = await api.db.select().from(systemMessagesTable);
    expect(
      notices.filter(
        (notice) =>
          notice.event === "deal_cancelled" && JSON.stringify(notice.payload).includes(`"dealId":${row.id}`),
      ),
    ).toHaveLength(2);
    // A late payment of the cancelled deal goes straight back.
    const late = await deals().startPayment(row.id, bidders[0].user.id, "card", "cs");
    expect(late).toMatchObject({ code: "not_payable" });
  });

  it("not shipped by the deadline: cancelled and the whole payment refunded through the provider, once", async () => {
    const row = await wonAuction(120_000);
    await pay(row.id);
    await api.db
      .update(dealsTable)
      .set({ shipBy: new Date(Date.now() - 60_000) })
      .where(eq(dealsTable.id, row.id));
    await api.jobs.send(DEADLINE_SWEEP_QUEUE, {});
    provider.failNext(1);
    await api.jobs.runPending(DEADLINE_SWEEP_QUEUE);
    expect((await deals().page(row.id, bidders[0].user.id, "cs"))?.status).toBe("cancelled");
    // The provider was down for the first attempt: the refund waits as decided, then is made once.
    const pending = await pendingCallIds(api.db);
    expect(pending.length).toBeGreaterThan(0);
    await expect(makeCall(api.db, provider.port, pending[0])).rejects.toThrow(MarketplaceUnavailableError);
    for (const id of await pendingCallIds(api.db)) await makeCall(api.db, provider.port, id);
    for (const id of pending) expect(await makeCall(api.db, provider.port, id)).toBe("already_done");
    expect(provider.refunds.filter((refund) => refund.amountMinor === row.totalMinor)).toHaveLength(1);
    expect(await balancesOf(api.db, row.id)).toMatchObject({ held: 0, refunded: row.totalMinor });
  });
});

describe("deals switched off between the close and its deal", () => {
  it("the winner told to pay on the site still gets the deal", async () => {
    const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: 200_000 });
    terms.set(auction.id, [{ carrier: "zasilkovna", priceMinor: 8_900 }]);
    await api.services.bidding.placeBid({
      productId: auction.id,
      bidder: { id: bidders[0].user.id, emailConfirmed: true, adultConfirmed: true },
      amountMinor: 200_000,
    });
    await api.services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
    expect(await api.services.bidding.closeAuction(auction.id)).toMatchObject({ outcome: "sold" });
    await api.services.settings.put("deals", null, { ...DEALS, enabled: false });
    try {
      await api.jobs.runPending(AUCTION_DEAL_QUEUE);
    } finally {
      await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
    }
    const rows = await deals().list(bidders[0].user.id, "buyer", "cs");
    expect(rows.find((row) => row.productId === auction.id)).toMatchObject({ status: "awaiting_payment" });
  });
});

describe("the buyer's delivery before paying", () => {
  it("switches among the listing's options at the listing's prices, until a transfer is started", async () => {
    const row = await wonAuction(300_000, [
      { carrier: "zasilkovna", priceMinor: 8_900 },
      { carrier: "ppl", priceMinor: 15_000 },
      { carrier: "pickup", town: "Brno" },
    ]);
    const buyerId = bidders[0].user.id;
    const choices = await deals().deliveryChoices(row.id, buyerId);
    expect(choices.map((choice) => [choice.option.carrier, choice.totalMinor, choice.chosen])).toEqual([
      ["zasilkovna", 300_000 + 8_900 + 16_000, true],
      ["ppl", 300_000 + 15_000 + 16_000, false],
      ["pickup", 300_000 + 16_000, false],
    ]);
    expect(await deals().deliveryChoices(row.id, seller.user.id)).toEqual([]);
    expect(await deals().chooseDelivery(row.id, bidders[1].user.id, "ppl")).toMatchObject({
      code: "not_found",
    });
    expect(await deals().chooseDelivery(row.id, buyerId, "gls")).toMatchObject({
      code: "delivery_not_offered",
    });

    expect(await deals().chooseDelivery(row.id, buyerId, "ppl")).toMatchObject({
      ok: true,
      value: { carrier: "ppl", deliveryMinor: 15_000, totalMinor: 331_000 },
    });
    // A card page opened for this total, then pickup chosen: the next payment is for the new total.
    const card = await deals().startPayment(row.id, buyerId, "card", "cs");
    const cardId = card.ok ? (card.value.payUrl.split("/").pop() ?? "") : "";
    expect(await deals().chooseDelivery(row.id, buyerId, "pickup")).toMatchObject({
      ok: true,
      value: { carrier: null, pickupTown: "Brno", totalMinor: 316_000 },
    });
    const started = await deals().startPayment(row.id, buyerId, "bank_transfer", "cs");
    const chargeId = started.ok ? (started.value.payUrl.split("/").pop() ?? "") : "";
    expect(provider.charges.get(chargeId)?.amountMinor).toBe(316_000);
    expect(await deals().chooseDelivery(row.id, buyerId, "ppl")).toMatchObject({ code: "transfer_started" });
    provider.settle(chargeId);
    await webhook("charge.paid", chargeId);
    expect(await deals().page(row.id, seller.user.id, "cs")).toMatchObject({
      status: "paid",
      next: "hand_over",
    });
    expect(await deals().chooseDelivery(row.id, buyerId, "ppl")).toMatchObject({ code: "not_payable" });
    // The old card page paid after all: its money goes back, the deal is paid once.
    provider.settle(cardId);
    await webhook("charge.paid", cardId);
    expect(provider.refunds.filter((refund) => refund.amountMinor === 331_000)).toHaveLength(1);
    expect(await balancesOf(api.db, row.id)).toMatchObject({ held: 316_000 });
  });
});

describe("personal pickup", () => {
  it("the seller readies the goods, the buyer's code hands them over, and a guessed code is stopped", async () => {
    const row = await wonAuction(300_000, [{ carrier: "pickup", town: "Brno" }]);
    // Pickup costs nothing: price + protection only.
    expect(row.totalMinor).toBe(300_000 + 16_000);
    await pay(row.id);
    const sellerId = seller.user.id;
    const buyerId = bidders[0].user.id;
    expect(await deals().page(row.id, sellerId, "cs")).toMatchObject({ status: "paid", next: "hand_over" });
    expect(await deals().ship(row.id, sellerId, { trackingNumber: "Z 1234" })).toMatchObject({
      code: "illegal_transition",
    });
    expect(await deals().readyForPickup(row.id, bidders[1].user.id)).toMatchObject({ code: "not_found" });
    expect(await deals().readyForPickup(row.id, sellerId)).toMatchObject({ ok: true });

    const buyerView = await deals().page(row.id, buyerId, "cs");
    const sellerView = await deals().page(row.id, sellerId, "cs");
    expect(buyerView).toMatchObject({ status: "ready_for_pickup", next: "pick_up", pickupTown: "Brno" });
    expect(buyerView?.pickupCode).toMatch(/^\d{6}$/);
    // The code is the buyer's to show: the seller's page never carries it.
    expect(sellerView).toMatchObject({ next: "enter_code", pickupCode: null });
    const code = buyerView?.pickupCode ?? "";
    const wrong = code === "000000" ? "000001" : "000000";

    expect(await deals().confirmPickup(row.id, sellerId, wrong)).toMatchObject({ code: "wrong_code" });
    expect(
      await deals().confirmPickup(row.id, sellerId, `${code.slice(0, 3)} ${code.slice(3)}`),
    ).toMatchObject({
      ok: true,
      value: { status: "delivered" },
    });
    expect(await deals().page(row.id, buyerId, "cs")).toMatchObject({
      next: "confirm_receipt",
      pickupCode: null,
    });
    expect(await deals().confirmPickup(row.id, sellerId, code)).toMatchObject({ code: "illegal_transition" });
    // The buyer, content, releases the money at once.
    expect(await deals().confirmReceipt(row.id, buyerId)).toMatchObject({
      ok: true,
      value: { status: "completed" },
    });
  });

  it("after five wrong codes only the buyer can confirm the handover", async () => {
    const row = await wonAuction(300_000, [{ carrier: "pickup", town: "Brno" }]);
    await pay(row.id);
    await deals().readyForPickup(row.id, seller.user.id);
    const code = (await deals().page(row.id, bidders[0].user.id, "cs"))?.pickupCode ?? "";
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++)
      expect(await deals().confirmPickup(row.id, seller.user.id, wrong)).toMatchObject({
        code: "wrong_code",
      });
    expect(await deals().confirmPickup(row.id, seller.user.id, code)).toMatchObject({ code: "code_locked" });
    expect(await deals().confirmReceipt(row.id, bidders[0].user.id)).toMatchObject({
      ok: true,
      value: { status: "completed" },
    });
  });
});

describe("the winner who does not pay", () => {
  /** An auction the first bidder wins over the second (whose own highest bid was `runnerUpMinor`), left unpaid. */
  async function unpaidAuction(
    runnerUpMinor: number,
    winnerMinor: number,
    { winner, runnerUp } = { winner: bidders[0], runnerUp: bidders[1] },
  ) {
    const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
    terms.set(auction.id, [{ carrier: "ppl", priceMinor: 12_000 }]);
    const bid = (bidder: (typeof bidders)[number], amountMinor: number) =>
      api.services.bidding.placeBid({
        productId: auction.id,
        bidder: { id: bidder.user.id, emailConfirmed: true, adultConfirmed: true },
        amountMinor,
      });
    expect((await bid(runnerUp, runnerUpMinor)).ok).toBe(true);
    expect((await bid(winner, winnerMinor)).ok).toBe(true);
    await api.services.bidding.moveEnd(auction.id, new Date(Date.now() - 1000));
    await api.services.bidding.closeAuction(auction.id);
    await api.jobs.runPending(AUCTION_DEAL_QUEUE);
    const [row] = await deals().list(winner.user.id, "buyer", "cs");
    expect(row.productId).toBe(auction.id);
    await api.db
      .update(dealsTable)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(dealsTable.id, row.id));
    await api.jobs.send(DEADLINE_SWEEP_QUEUE, {});
    await api.jobs.runPending(DEADLINE_SWEEP_QUEUE);
    return row;
  }

  it("the runner-up accepts a second-chance offer at their own highest bid and pays", async () => {
    const unpaid = await unpaidAuction(180_000, 250_000);
    // Only the seller offers; the winner or anyone else finds no such deal.
    expect(await unpaidWins().offerSecondChance(unpaid.id, bidders[0].user.id)).toMatchObject({
      code: "not_found",
    });
    const offered = await unpaidWins().offerSecondChance(unpaid.id, seller.user.id);
    expect(offered).toMatchObject({ ok: true, value: { buyerId: bidders[1].user.id, priceMinor: 180_000 } });
    expect(await unpaidWins().offerSecondChance(unpaid.id, seller.user.id)).toMatchObject({
      code: "already_offered",
    });
    const [offer] = await unpaidWins().openOffers(bidders[1].user.id);
    // The winner cannot take the runner-up's offer.
    expect(await unpaidWins().acceptOffer(offer.id, bidders[0].user.id)).toMatchObject({ code: "not_found" });
    const accepted = await unpaidWins().acceptOffer(offer.id, bidders[1].user.id);
    expect(accepted).toMatchObject({ ok: true, value: { created: true } });
    const again = await unpaidWins().acceptOffer(offer.id, bidders[1].user.id);
    expect(again.ok && accepted.ok && again.value.deal.id === accepted.value.deal.id).toBe(true);
    expect(await unpaidWins().openOffers(bidders[1].user.id)).toHaveLength(0);

    const [deal] = await deals().list(bidders[1].user.id, "buyer", "cs");
    // 1 800 Kč + PPL 120 Kč + protection max(29 Kč, 5 % + 10 Kč = 100 Kč).
    expect(deal).toMatchObject({
      productId: unpaid.productId,
      status: "awaiting_payment",
      totalMinor: 180_000 + 12_000 + 10_000,
    });
    const started = await deals().startPayment(deal.id, bidders[1].user.id, "card", "cs");
    const chargeId = started.ok ? (started.value.payUrl.split("/").pop() ?? "") : "";
    provider.settle(chargeId);
    await webhook("charge.paid", chargeId);
    expect((await deals().page(deal.id, bidders[1].user.id, "cs"))?.status).toBe("paid");
  });

  it("the second unpaid win in 12 months suspends bidding until the operator clears it", async () => {
    // The unpaid deals of the tests above were the first bidder's first and second strikes.
    const strikes = await api.db
      .select()
      .from(buyerStrikes)
      .where(eq(buyerStrikes.userId, bidders[0].user.id));
    expect(strikes).toHaveLength(2);
    expect(await unpaidWins().biddingSuspended(bidders[0].user.id)).toBe(true);
    const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
    const refused = await api.services.bidding.placeBid({
      productId: auction.id,
      bidder: { id: bidders[0].user.id, emailConfirmed: true, adultConfirmed: true },
      amountMinor: 100_000,
    });
    expect(refused).toMatchObject({ ok: false, reason: "bidding_suspended" });
    const notices = await api.db.select().from(systemMessagesTable);
    expect(notices.filter((notice) => notice.event === "bidding_suspended")).toHaveLength(1);

    expect(
      await clearStrikes(api.db, bidders[0].user.id, {
        operatorId: seller.user.id,
        reason: "paid late by agreement",
        at: new Date(),
      }),
    ).toBe(2);
    expect(await unpaidWins().biddingSuspended(bidders[0].user.id)).toBe(false);
  });

  it("the seller lists the item again without a fee, once, unless a second chance is open", async () => {
    const unpaid = await unpaidAuction(150_000, 220_000);
    const sellerId = seller.user.id;
    expect(await unpaidWins().unpaidRelistable(unpaid.id, bidders[0].user.id)).toBeNull();
    expect(await unpaidWins().unpaidRelistable(unpaid.id, sellerId)).toBe(unpaid.productId);
    // An open second-chance offer keeps the item for the runner-up; declined, it is free again.
    expect(await unpaidWins().offerSecondChance(unpaid.id, sellerId)).toMatchObject({ ok: true });
    expect(await unpaidWins().unpaidRelistable(unpaid.id, sellerId)).toBeNull();
    const [offer] = await unpaidWins().openOffers(bidders[1].user.id);
    expect(await unpaidWins().declineOffer(offer.id, bidders[1].user.id)).toBe(true);
    expect(await unpaidWins().unpaidRelistable(unpaid.id, sellerId)).toBe(unpaid.productId);

    // A verified seller: the free quota of the unverified is not what this is about.
    await api.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, sellerId));
    const asSeller = { ...seller.user, emailConfirmed: true, group: null };
    const relisted = await api.services.listings.relistAfterUnpaidWin(asSeller, unpaid.productId, "cs");
    expect(relisted).toMatchObject({ ok: true, value: { format: "auction", fee: { amountMinor: 0 } } });
    expect(relisted.ok && relisted.value.id).not.toBe(unpaid.productId);
    expect(await api.services.listings.relistAfterUnpaidWin(asSeller, unpaid.productId, "cs")).toMatchObject({
      code: "already_relisted",
    });
    // The plain relist of a sold auction stays refused.
    expect(await api.services.listings.relist(asSeller, unpaid.productId, "cs")).toMatchObject({
      code: "not_relistable",
    });
  });

  it("no second chance goes to a runner-up suspended for unpaid wins, nor is one accepted once suspended", async () => {
    const [runnerUp, ...winners] = await insertBidders(api.db, 3);
    // Four auctions the runner-up bid in while still in good standing, each left unpaid by its
    // winner (two winners: a second unpaid win suspends a winner's bidding).
    const unpaid: Awaited<ReturnType<typeof unpaidAuction>>[] = [];
    for (let n = 0; n < 4; n += 1)
      unpaid.push(await unpaidAuction(110_000, 130_000, { winner: winners[n % 2], runnerUp }));
    const offerTo = async (deal: { id: number }) => {
      const offered = await unpaidWins().offerSecondChance(deal.id, seller.user.id);
      if (!offered.ok) throw new Error(offered.code);
      return offered.value.id;
    };
    const openBefore = await offerTo(unpaid[2]);
    // Two offers accepted and then left unpaid: the runner-up's own two strikes.
    for (const deal of unpaid.slice(0, 2)) {
      const accepted = await unpaidWins().acceptOffer(await offerTo(deal), runnerUp.user.id);
      if (!accepted.ok) throw new Error(accepted.code);
      await api.services.unpaidWinsAdmin.strikeForTests(accepted.value.deal.id);
    }
    expect(await unpaidWins().biddingSuspended(runnerUp.user.id)).toBe(true);

    expect(await unpaidWins().acceptOffer(openBefore, runnerUp.user.id)).toEqual({
      ok: false,
      code: "buyer_suspended",
    });
    expect(await unpaidWins().offerSecondChance(unpaid[3].id, seller.user.id)).toEqual({
      ok: false,
      code: "runner_up_suspended",
    });
    // The seller may list that item again without a fee instead.
    expect(await unpaidWins().unpaidRelistable(unpaid[3].id, seller.user.id)).toBe(unpaid[3].productId);
  });
});
