import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { caches, type Invalidation, PUBLIC_FROM_JOB_TAG } from "#server/lib/cache.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { payByCard } from "#server/test/deal-payments.ts";
import { createMarketplaceDouble, type MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { products } from "../listings/tables/products.ts";
import { messages as systemMessages } from "../messages/tables.ts";
import { buyerStrikes } from "../unpaid-wins/tables.ts";
import { userGroups } from "../user-groups/tables.ts";
import { users } from "../users/tables.ts";
import { MAX_UNPAID_PURCHASES } from "./buying-quote.ts";
import { DEADLINE_SWEEP_QUEUE } from "./deadlines.ts";
import { PURCHASES_PER_HOUR } from "./flow/buying.ts";
import { deals as dealsTable } from "./tables.ts";

/**
 * "Koupit" (issue 35, item 1): a fixed-price classified whose seller takes payment through the
 * site, bought with the buyer's chosen delivery, through the deals' service, its jobs and the
 * provider's webhook (an in-memory provider: server/test/marketplace-double.ts). What a buyer and
 * a seller notice: the amounts, one deal per listing, a reserved listing, and a sold one once paid.
 */

let api: TestApi;
let provider: MarketplaceDouble;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyers: Awaited<ReturnType<typeof insertBidders>>;

const OPTIONS: DeliveryOption[] = [
  { carrier: "ppl", priceMinor: 12_900 },
  { carrier: "zasilkovna", priceMinor: 8_900 },
  { carrier: "pickup", town: "Praha" },
];

beforeAll(async () => {
  provider = createMarketplaceDouble();
  api = await createTestApi({}, { marketplace: provider.port });
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  [seller, ...buyers] = await insertBidders(api.db, 3);
  // The first buyer's group takes 10 % off the fees.
  const [group] = await api.db
    .insert(userGroups)
    .values({ name: "Sběratelé", discountPercent: 10 })
    .returning();
  await api.db.update(users).set({ groupId: group.id }).where(eq(users.id, buyers[0].user.id));
});
afterAll(() => api?.close());

const deals = () => api.services.deals;
let keys = 0;
const formKey = () => `form-key-${++keys}-${Date.now()}`;

/** The seller's fixed-price classified at `priceMinor`, taking payment through the site. */
async function classified(priceMinor = 1_000_000, options = OPTIONS) {
  const listing = await insertAuction(api.db, {
    sellerId: seller.user.id,
    format: "classified",
    priceMinor,
    startPriceMinor: null,
    auctionDuration: null,
    endsAt: null,
  });
  const saved = await api.services.dealTerms.save(listing.id, {
    paysThroughSite: true,
    deliveryOptions: options,
  });
  expect(saved.ok).toBe(true);
  return listing.id;
}

async function pay(dealId: number, buyerId: number) {
  await payByCard(api, provider, dealId, buyerId);
}

const dealRow = async (dealId: number) =>
  (await api.db.select().from(dealsTable).where(eq(dealsTable.id, dealId)))[0];

const statusOf = async (productId: number) =>
  (await api.db.select().from(products).where(eq(products.id, productId)))[0];

describe("Koupit", () => {
  it("quotes each delivery with the buyer's discount, the cheapest shipping first, and the deal keeps the chosen one", async () => {
    const id = await classified(1_000_000);
    const quote = await deals().buyQuote(id, buyers[0].user.id);
    if (!quote.ok) throw new Error(quote.code);
    expect(quote.value.preselected).toBe("zasilkovna");
    // 10 000 Kč: protection 5 % + 10 Kč = 510 Kč, less the group's 10 % = 459 Kč.
    const ppl = quote.value.options.find((option) => option.carrier === "ppl")?.breakdown;
    expect(ppl).toMatchObject({ deliveryMinor: 12_900, protectionMinor: 45_900, discountPercent: 10 });
    expect(ppl?.totalMinor).toBe(1_000_000 + 12_900 + 45_900);

    const bought = await deals().buyNow({
      productId: id,
      buyerId: buyers[0].user.id,
      carrier: "ppl",
      requestKey: formKey(),
    });
    if (!bought.ok) throw new Error(bought.code);
    const page = await deals().page(bought.value.dealId, buyers[0].user.id, "cs");
    // The buy and pay steps show the same figures.
    expect(page).toMatchObject({
      source: "buy_now",
      status: "awaiting_payment",
      carrier: "ppl",
      priceMinor: 1_000_000,
      deliveryMinor: 12_900,
      buyerFeeMinor: 45_900,
      totalMinor: ppl?.totalMinor,
    });
    // The seller is told a buyer bought it (and the buyer, to pay by the deadline).
    const notices = await api.db.select().from(systemMessages);
    const dealId = bought.value.dealId;
    expect(
      notices.filter(
        (notice) =>
          notice.event === "deal_created" && JSON.stringify(notice.payload).includes(`"dealId":${dealId}`),
      ),
    ).toHaveLength(2);
  });

  it("makes one deal of a double submit, and refuses a second buyer as taken while the listing is reserved", async () => {
    const id = await classified(200_000);
    const key = formKey();
    const request = {
      productId: id,
      buyerId: buyers[1].user.id,
      carrier: "pickup" as const,
      requestKey: key,
    };
    const [first, again] = [await deals().buyNow(request), await deals().buyNow(request)];
    expect(first).toMatchObject({ ok: true, value: { created: true } });
    expect(again).toMatchObject({
      ok: true,
      value: { created: false, dealId: first.ok ? first.value.dealId : 0 },
    });
    expect(await deals().list(buyers[1].user.id, "buyer", "cs")).toHaveLength(1);

    const other = {
      productId: id,
      buyerId: buyers[0].user.id,
      carrier: "ppl" as const,
      requestKey: formKey(),
    };
    expect(await deals().buyNow(other)).toMatchObject({ code: "taken" });
    expect(await deals().buyQuote(id, buyers[0].user.id)).toMatchObject({ code: "taken" });
    expect(await deals().buyState(id, buyers[0].user.id)).toEqual({ state: "reserved" });
    expect(await deals().buyState(id, buyers[1].user.id)).toMatchObject({ state: "mine" });
  });

  it("refuses the seller's own listing, a delivery not offered, and a listing that is not a fixed-price classified", async () => {
    const id = await classified();
    expect(
      await deals().buyNow({ productId: id, buyerId: seller.user.id, carrier: "ppl", requestKey: formKey() }),
    ).toMatchObject({ code: "own_listing" });
    expect(await deals().buyState(id, seller.user.id)).toEqual({ state: "own" });
    expect(
      await deals().buyNow({
        productId: id,
        buyerId: buyers[0].user.id,
        carrier: "dpd",
        requestKey: formKey(),
      }),
    ).toMatchObject({ code: "delivery_not_offered" });
    const auction = await insertAuction(api.db, { sellerId: seller.user.id });
    await api.services.dealTerms.save(auction.id, { paysThroughSite: true, deliveryOptions: OPTIONS });
    expect(
      await deals().buyNow({
        productId: auction.id,
        buyerId: buyers[0].user.id,
        carrier: "ppl",
        requestKey: formKey(),
      }),
    ).toMatchObject({ code: "not_buyable" });
  });

  it("holds the listing: the seller can neither withdraw it nor mark it sold meanwhile; paid, it is sold to the buyer", async () => {
    const id = await classified(300_000);
    const bought = await deals().buyNow({
      productId: id,
      buyerId: buyers[1].user.id,
      carrier: "zasilkovna",
      requestKey: formKey(),
    });
    if (!bought.ok) throw new Error(bought.code);
    expect(await api.services.listings.cancel({ id: seller.user.id }, id, "cs")).toMatchObject({
      code: "held_by_deal",
    });
    expect(await api.services.listings.markSold(seller.user, id, buyers[0].user.id)).toMatchObject({
      code: "held_by_deal",
    });
    // Bought as it was described: the seller cannot change it meanwhile either.
    const asSeller = { ...seller.user, emailConfirmed: true, group: null };
    expect(await api.services.listings.update(asSeller, id, {}, "cs")).toMatchObject({
      code: "held_by_deal",
    });
    // Sold by the payment's job: the copies of public pages that showed it on sale go, on every instance.
    const heard: Invalidation[] = [];
    const stop = caches.onInvalidate((invalidation) => heard.push(invalidation));
    await pay(bought.value.dealId, buyers[1].user.id);
    stop();
    expect(heard).toContainEqual({ tag: PUBLIC_FROM_JOB_TAG });
    expect(await statusOf(id)).toMatchObject({ status: "sold", winnerId: buyers[1].user.id });
    expect(await deals().buyState(id, buyers[0].user.id)).toEqual({ state: "none" });
  });

  it("ended unpaid, the listing is available again to another buyer", async () => {
    const id = await classified(250_000);
    const bought = await deals().buyNow({
      productId: id,
      buyerId: buyers[1].user.id,
      carrier: "ppl",
      requestKey: formKey(),
    });
    if (!bought.ok) throw new Error(bought.code);
    await api.db
      .update(dealsTable)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(dealsTable.id, bought.value.dealId));
    await api.jobs.send(DEADLINE_SWEEP_QUEUE, {});
    await api.jobs.runPending(DEADLINE_SWEEP_QUEUE);
    expect((await deals().page(bought.value.dealId, buyers[1].user.id, "cs"))?.status).toBe(
      "cancelled_unpaid",
    );
    expect(await statusOf(id)).toMatchObject({ status: "active" });
    // Left unpaid, as a won auction: the buyer's strike.
    const strikes = await api.db
      .select()
      .from(buyerStrikes)
      .where(eq(buyerStrikes.dealId, bought.value.dealId));
    expect(strikes).toMatchObject([{ userId: buyers[1].user.id }]);
    expect(await deals().buyState(id, buyers[0].user.id)).toEqual({ state: "buyable" });
    const second = await deals().buyNow({
      productId: id,
      buyerId: buyers[0].user.id,
      carrier: "ppl",
      requestKey: formKey(),
    });
    expect(second).toMatchObject({ ok: true, value: { created: true } });
  });

  it("is refused to a buyer whose buying is suspended for unpaid wins, who keeps the deal made before", async () => {
    const [suspended] = await insertBidders(api.db, 1);
    const buy = (productId: number) =>
      deals().buyNow({ productId, buyerId: suspended.user.id, carrier: "ppl", requestKey: formKey() });
    const first = await buy(await classified(90_000));
    const second = await buy(await classified(90_000));
    if (!first.ok || !second.ok) throw new Error("not bought");
    // Two won auctions left unpaid, as their payment deadlines record them.
    for (const made of [first, second])
      expect(await api.services.unpaidWinsAdmin.strikeForTests(made.value.dealId)).toBe(true);

    const another = await classified(90_000);
    expect(await deals().buyQuote(another, suspended.user.id)).toMatchObject({
      ok: false,
      code: "buyer_suspended",
    });
    expect(await buy(another)).toMatchObject({ ok: false, code: "buyer_suspended" });
    expect((await api.db.select().from(dealsTable).where(eq(dealsTable.productId, another))).length).toBe(0);
    // Anyone else still buys it; the suspended buyer's own deal is still theirs to pay.
    expect(await deals().buyQuote(another, buyers[0].user.id)).toMatchObject({ ok: true });
    const own = await deals().buyQuote((await dealRow(first.value.dealId)).productId, suspended.user.id);
    expect(own).toMatchObject({ ok: true, value: { ownDealId: first.value.dealId } });
  });

  it("holds at most five unpaid purchases per buyer, and counts a buyer's clicks an hour", async () => {
    const [eager] = await insertBidders(api.db, 1);
    const buy = async (productId: number) =>
      deals().buyNow({ productId, buyerId: eager.user.id, carrier: "ppl", requestKey: formKey() });
    const bought = [];
    for (let n = 0; n < MAX_UNPAID_PURCHASES; n += 1) {
      const one = await buy(await classified(50_000));
      if (!one.ok) throw new Error(one.code);
      bought.push(one.value.dealId);
    }
    const sixth = await classified(50_000);
    expect(await buy(sixth)).toMatchObject({ ok: false, code: "unpaid_purchases" });
    // One paid: the next may be bought.
    await pay(bought[0], eager.user.id);
    expect(await buy(sixth)).toMatchObject({ ok: true, value: { created: true } });
    // Thirty clicks an hour, whatever they were for; the next is refused before anything is read.
    for (let n = MAX_UNPAID_PURCHASES + 2; n < PURCHASES_PER_HOUR - 1; n += 1) await buy(0);
    expect(await buy(0)).toMatchObject({ ok: false, code: "not_found" });
    expect(await buy(sixth)).toMatchObject({ ok: false, code: "rate_limited" });
  });
});
