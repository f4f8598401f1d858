import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { bids } from "./tables.ts";
import { withBiddingTestApi } from "./test-fixtures.ts";

/**
 * "Bid the current minimum" through the API (docs/product/auctions.md, "Bidding the current
 * minimum"; ADR 0044): `{ minimum: true, notAboveMinor }` bids the lowest acceptable amount at the
 * moment of the decision, never above the ceiling. The auctions start at 1 000 Kč, where a step is
 * 50 Kč (5 000 minor units).
 */

const ctx = withBiddingTestApi();

const post = (token: string | undefined, productId: number, body: unknown, lang = "") =>
  ctx.api.call("POST", `/api/auctions/${productId}/bids${lang}`, { token, body });

const minimumBid = (token: string, productId: number, notAboveMinor: number) =>
  post(token, productId, { minimum: true, notAboveMinor });

async function storedBids(productId: number) {
  const rows = await ctx.api.db
    .select()
    .from(bids)
    .where(eq(bids.productId, productId))
    .orderBy(asc(bids.id));
  return rows.map((row) => ({ userId: row.userId, amountMinor: row.amountMinor, kind: row.kind }));
}

describe("bidding the current minimum through the API", () => {
  it("refuses input that names no bid, both kinds, or a minimum without its ceiling: 422 with the field and a translated reason", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [bidder] = await insertBidders(ctx.api.db, 1);
    const either = "Zadejte buď částku příhozu, nebo příhoz minima s hranicí.";

    const none = await post(bidder.token, auction.id, {});
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual({ amount: [either] });

    const both = await post(bidder.token, auction.id, {
      amount: 100_000,
      minimum: true,
      notAboveMinor: 120_000,
    });
    expect(both.status).toBe(422);
    expect(both.json.errors).toEqual({ amount: [either] });

    const noCeiling = await post(bidder.token, auction.id, { minimum: true });
    expect(noCeiling.status).toBe(422);
    expect(noCeiling.json.errors).toEqual({
      notAboveMinor: ["Zadejte hranici, nad kterou nechcete přihodit."],
    });
    const english = await post(bidder.token, auction.id, { minimum: true }, "?lang=en");
    expect(english.json.errors).toEqual({ notAboveMinor: ["Give the limit you will not bid above."] });

    const ceilingWithAmount = await post(bidder.token, auction.id, {
      amount: 100_000,
      notAboveMinor: 120_000,
    });
    expect(ceilingWithAmount.status).toBe(422);
    expect(ceilingWithAmount.json.errors).toEqual({ notAboveMinor: [either] });

    const negative = await post(bidder.token, auction.id, { minimum: true, notAboveMinor: -1 });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.json.errors)).toEqual(["notAboveMinor"]);

    expect(await storedBids(auction.id)).toEqual([]);
  });

  it("bids the minimum the server holds, not the one the bidder saw, and stores it as their bid", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [alice, bob] = await insertBidders(ctx.api.db, 2);

    // Both saw 1 000 Kč as the minimum and agree to up to five steps above it.
    const first = await minimumBid(alice.token, auction.id, 125_000);
    expect(first.status).toBe(201);
    expect(first.json.bids).toMatchObject([{ amountMinor: 100_000, automatic: false }]);
    expect(first.json.you).toMatchObject({ leading: true, maxMinor: 100_000 });
    expect(first.json.auction).toMatchObject({ priceMinor: 100_000, minimumNextBidMinor: 105_000 });

    // Alice was faster: Bob's request goes in one step above hers instead of being refused.
    const second = await minimumBid(bob.token, auction.id, 125_000);
    expect(second.status).toBe(201);
    expect(second.json.bids).toMatchObject([{ amountMinor: 105_000, automatic: false }]);
    expect(second.json.you).toMatchObject({ leading: true, maxMinor: 105_000 });

    expect(await storedBids(auction.id)).toEqual([
      { userId: alice.user.id, amountMinor: 100_000, kind: "manual" },
      { userId: bob.user.id, amountMinor: 105_000, kind: "manual" },
    ]);
    const [row] = await ctx.api.db.select().from(products).where(eq(products.id, auction.id));
    expect(row).toMatchObject({ currentPriceMinor: 105_000, bidCount: 2, leaderId: bob.user.id });
  });

  it("refuses when the minimum has passed the ceiling: 422 minimum_above_ceiling with the new minimum, nothing stored", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [alice, bob] = await insertBidders(ctx.api.db, 2);
    expect((await minimumBid(alice.token, auction.id, 100_000)).status).toBe(201);

    const refused = await minimumBid(bob.token, auction.id, 104_999);
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      error: "minimum_above_ceiling",
      minimumMinor: 105_000,
      errors: {
        notAboveMinor: [
          "Nejnižší možný příhoz je nyní 1\u00a0050,00\u00a0Kč, nad vaší hranicí 1\u00a0049,99\u00a0Kč.",
        ],
      },
    });
    const english = await post(bob.token, auction.id, { minimum: true, notAboveMinor: 104_999 }, "?lang=en");
    expect(english.json.errors.notAboveMinor).toEqual([
      "The lowest possible bid is now CZK\u00a01,050.00, above your limit of CZK\u00a01,049.99.",
    ]);
    expect(await storedBids(auction.id)).toEqual([
      { userId: alice.user.id, amountMinor: 100_000, kind: "manual" },
    ]);

    // Exactly at the ceiling is accepted.
    expect((await minimumBid(bob.token, auction.id, 105_000)).status).toBe(201);
  });

  it("keeps the other refusals and the proxy rules: own item, ended, a maximum below the amount it became, a standing maximum answering", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [alice, bob] = await insertBidders(ctx.api.db, 2);

    const own = await minimumBid(ctx.seller.token, auction.id, 200_000);
    expect(own.status).toBe(403);
    expect(own.json.error).toBe("own_item");
    const over = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, endsInMs: -1000 });
    const late = await minimumBid(alice.token, over.id, 200_000);
    expect(late.status).toBe(409);
    expect(late.json.error).toBe("ended");

    const proxy = await post(alice.token, auction.id, {
      minimum: true,
      notAboveMinor: 100_000,
      max: 150_000,
    });
    expect(proxy.status).toBe(201);
    const maxLow = await post(bob.token, auction.id, { minimum: true, notAboveMinor: 120_000, max: 104_000 });
    expect(maxLow.status).toBe(422);
    expect(maxLow.json.error).toBe("max_below_amount");
    // Bob's minimum (1 050 Kč) meets Alice's maximum, which answers one step above it.
    const answered = await minimumBid(bob.token, auction.id, 120_000);
    expect(answered.status).toBe(201);
    expect(answered.json.you.leading).toBe(false);
    expect(answered.json.bids.map((row: { amountMinor: number }) => row.amountMinor)).toEqual([
      105_000, 110_000,
    ]);
    // The answer names both bidders as the public history does (Bob's name from his session).
    const history = await ctx.api.call("GET", `/api/auctions/${auction.id}/bids`);
    const byId = new Map(
      history.json.bids.map((row: { id: number; bidder: string }) => [row.id, row.bidder]),
    );
    for (const row of answered.json.bids as { id: number; bidder: string }[]) {
      expect(row.bidder).toMatch(/\*\*\*/);
      expect(row.bidder).toBe(byId.get(row.id));
    }
  });

  it("20 bidders at once, each with a ceiling 30 steps above the start: every one accepted, one step after another", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const racers = await insertBidders(ctx.api.db, 20);
    const answers = await Promise.all(racers.map((racer) => minimumBid(racer.token, auction.id, 250_000)));
    expect(answers.map((answer) => answer.status)).toEqual(racers.map(() => 201));
    const stored = await storedBids(auction.id);
    expect(stored.map((row) => row.amountMinor)).toEqual(racers.map((_, index) => 100_000 + index * 5000));
    expect(new Set(stored.map((row) => row.userId)).size).toBe(20);
    const [row] = await ctx.api.db.select().from(products).where(eq(products.id, auction.id));
    expect(row).toMatchObject({ currentPriceMinor: 195_000, bidCount: 20 });
  });

  it("the API document names both forms of the bid", async () => {
    const document = await ctx.api.call("GET", "/api/openapi.json");
    const input = document.json.components.schemas.BidInput;
    expect(Object.keys(input.properties)).toEqual(["amount", "minimum", "notAboveMinor", "max"]);
    expect(input.description).toMatch(/minimum_above_ceiling/);
  });
});
