import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { createMarketplaceDouble } from "#server/test/marketplace-double.ts";
import { AUCTION_DEAL_QUEUE } from "../deals/flow.ts";
import { products } from "../listings/tables/products.ts";

/**
 * Issue 39, item 4: buy-it-now on auctions. What a buyer and a bidder notice: buying ends the
 * auction at once and opens its deal through the site; a repeated click buys nothing twice; the
 * offer disappears with the first bid; a bid and a purchase at the same moment never both win.
 */

let api: TestApi;
const terms = new Map<number, DeliveryOption[]>();
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let people: Awaited<ReturnType<typeof insertBidders>>;

// A fresh database is migrated per file: on a busy machine that takes more than the default minute.
beforeAll(async () => {
  api = await createTestApi(
    {},
    {
      marketplace: createMarketplaceDouble().port,
      dealTerms: {
        termsOf: async (id) =>
          terms.has(id) ? { paysThroughSite: true, deliveryOptions: terms.get(id) ?? [] } : null,
      },
    },
  );
  await insertAuctionSettings(api.db);
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  [seller, ...people] = await insertBidders(api.db, 3);
}, 300_000);
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

const as = (person: (typeof people)[number]) => ({
  id: person.user.id,
  emailConfirmed: true,
  adultConfirmed: true,
});

/** An auction from 1 000 Kč with a buy-it-now price of 1 500 Kč and delivery through the site. */
async function buyNowAuction() {
  const auction = await insertAuction(api.db, { sellerId: seller.user.id, buyNowPriceMinor: 150_000 });
  terms.set(auction.id, [{ carrier: "zasilkovna", priceMinor: 8_900 }]);
  return auction.id;
}

describe("buy it now", () => {
  it("ends the auction at once at its price and opens the deal; a repeated click buys nothing twice", async () => {
    const id = await buyNowAuction();
    const before = await api.services.bidding.history(id);
    expect(before?.live.buyNowPriceMinor).toBe(150_000);
    // The seller cannot buy their own auction.
    expect(await api.services.bidding.buyNow({ productId: id, buyer: as(seller) })).toEqual({
      ok: false,
      reason: "own_item",
    });

    const bought = await api.services.bidding.buyNow({ productId: id, buyer: as(people[0]) });
    expect(bought).toEqual({ ok: true, priceMinor: 150_000, dealFollows: true, repeated: false });
    const [row] = await api.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ status: "sold", winnerId: people[0].user.id, currentPriceMinor: 150_000 });
    const after = await api.services.bidding.history(id);
    expect(after?.live).toMatchObject({ status: "sold", priceMinor: 150_000, buyNowPriceMinor: null });

    // The second click answers the same sale.
    expect(await api.services.bidding.buyNow({ productId: id, buyer: as(people[0]) })).toMatchObject({
      ok: true,
      repeated: true,
    });
    // Someone else is too late, and so is a bid.
    expect(await api.services.bidding.buyNow({ productId: id, buyer: as(people[1]) })).toEqual({
      ok: false,
      reason: "ended",
    });
    expect(
      await api.services.bidding.placeBid({ productId: id, bidder: as(people[1]), amountMinor: 200_000 }),
    ).toMatchObject({ ok: false, reason: "ended" });

    // One deal, for the buyer, at the buy-it-now price.
    await api.jobs.runPending(AUCTION_DEAL_QUEUE);
    const deals = await api.services.deals.list(people[0].user.id, "buyer", "cs");
    const mine = deals.filter((deal) => deal.productId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "awaiting_payment", totalMinor: expect.any(Number) });
    expect(mine[0].totalMinor).toBeGreaterThan(150_000);
    // The buyer's standing on the auction leads to that deal; nobody else's does.
    expect(await api.services.bidding.standing(id, people[0].user.id)).toMatchObject({
      won: true,
      dealId: mine[0].id,
    });
    expect(await api.services.bidding.standing(id, people[1].user.id)).toMatchObject({
      won: false,
      dealId: null,
    });
  });

  it("disappears after the first bid", async () => {
    const id = await buyNowAuction();
    const bid = await api.services.bidding.placeBid({
      productId: id,
      bidder: as(people[1]),
      amountMinor: 100_000,
    });
    expect(bid.ok).toBe(true);
    expect((await api.services.bidding.history(id))?.live.buyNowPriceMinor).toBeNull();
    expect(await api.services.bidding.buyNow({ productId: id, buyer: as(people[0]) })).toEqual({
      ok: false,
      reason: "buy_now_unavailable",
    });
    const [row] = await api.db.select({ status: products.status }).from(products).where(eq(products.id, id));
    expect(row.status).toBe("active");
  });

  it("and a bid at the same moment: exactly one of them wins", async () => {
    const id = await buyNowAuction();
    const [bid, bought] = await Promise.all([
      api.services.bidding.placeBid({ productId: id, bidder: as(people[1]), amountMinor: 100_000 }),
      api.services.bidding.buyNow({ productId: id, buyer: as(people[0]) }),
    ]);
    expect([bid.ok, bought.ok].filter(Boolean)).toHaveLength(1);
    const [row] = await api.db.select().from(products).where(eq(products.id, id));
    if (bought.ok) expect(row).toMatchObject({ status: "sold", bidCount: 0, winnerId: people[0].user.id });
    else expect(row).toMatchObject({ status: "active", bidCount: 1 });
  });
});
