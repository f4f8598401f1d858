import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BidRange } from "#core/rules/bid-step.ts";
import { BID_STEPS } from "#server/db/seed/settings-data.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { waitUntil } from "#server/test/crash-helpers.ts";
import { products } from "../listings/tables/products.ts";
import { copyListedState } from "./listed-copy.ts";
import { decideInDatabase } from "./place-bid.ts";
import { withBiddingTestApi } from "./test-fixtures.ts";

/**
 * The listings' copy of an auction's price and bid count (ADR 0053, migration 0037): no index
 * holds the live columns a bid writes, the copy follows the bids when brought up to date, an
 * insert and the close copy them.
 */

const ctx = withBiddingTestApi();

async function priceAndCounts(id: number) {
  const [row] = await ctx.api.db
    .select({
      currentPriceMinor: products.currentPriceMinor,
      bidCount: products.bidCount,
      listedPriceMinor: products.listedPriceMinor,
      listedBidCount: products.listedBidCount,
    })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

const bidder = (user: { id: number }) => ({ id: user.id, emailConfirmed: true, adultConfirmed: true });
const rules = { bidTable: BID_STEPS as BidRange[], softCloseMs: 120_000 };
/** The decision alone (no copy scheduled, unlike placeBid). */
const decide = (productId: number, user: { id: number }, amountMinor: number) =>
  decideInDatabase(ctx.api.db, { productId, bidder: bidder(user), amountMinor }, rules);

describe("the listings' copy of an auction's price and bid count", () => {
  it("is in no index's place of the live columns, so a bid's update of its row can be HOT", async () => {
    const result = await ctx.api.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'products' order by indexname`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      indexdef: string;
    }[];
    const definitions = rows.map((row) => String(row.indexdef));
    expect(definitions.some((definition) => definition.includes("listed_price_minor"))).toBe(true);
    for (const definition of definitions) {
      expect(definition).not.toMatch(/(?<!listed_)(current_price_minor|bid_count)/);
    }
  });

  it("is left behind by a bid and brought up to date by bid_listed_copy(), once", async () => {
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      startPriceMinor: 100_000,
    });
    const [first, second] = await insertBidders(ctx.api.db, 2);
    expect(await decide(auction.id, first.user, 100_000)).toMatchObject({ ok: true });
    expect(await decide(auction.id, second.user, 105_000)).toMatchObject({ ok: true });
    expect(await priceAndCounts(auction.id)).toEqual({
      currentPriceMinor: 105_000,
      bidCount: 2,
      listedPriceMinor: null,
      listedBidCount: 0,
    });
    await copyListedState(ctx.api.db, auction.id);
    await copyListedState(ctx.api.db, auction.id);
    expect(await priceAndCounts(auction.id)).toEqual({
      currentPriceMinor: 105_000,
      bidCount: 2,
      listedPriceMinor: 105_000,
      listedBidCount: 2,
    });
  });

  it("is copied on insert (an auction inserted with its bids) and by the close", async () => {
    const seeded = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      currentPriceMinor: 150_000,
      bidCount: 4,
    });
    expect(await priceAndCounts(seeded.id)).toMatchObject({ listedPriceMinor: 150_000, listedBidCount: 4 });

    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      startPriceMinor: 100_000,
    });
    const [user] = await insertBidders(ctx.api.db, 1);
    expect(await decide(auction.id, user.user, 100_000)).toMatchObject({ ok: true });
    expect(await priceAndCounts(auction.id)).toMatchObject({ listedPriceMinor: null, listedBidCount: 0 });
    const closed = await ctx.api.services.bidding.closeAuction(
      auction.id,
      new Date(Date.now() + 2 * 86_400_000),
    );
    expect(closed).toMatchObject({ status: "closed" });
    expect(await priceAndCounts(auction.id)).toEqual({
      currentPriceMinor: 100_000,
      bidCount: 1,
      listedPriceMinor: 100_000,
      listedBidCount: 1,
    });
  });

  it("follows the bids placed through the service by itself, a moment later", async () => {
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      startPriceMinor: 100_000,
    });
    const [user] = await insertBidders(ctx.api.db, 1);
    const answer = await ctx.api.services.bidding.placeBid({
      productId: auction.id,
      bidder: bidder(user.user),
      minimum: true,
      notAboveMinor: 200_000,
    });
    expect(answer.ok).toBe(true);
    await waitUntil("the listed copy", async () => (await priceAndCounts(auction.id))?.listedBidCount === 1, {
      timeoutMs: 30_000,
    });
    expect(await priceAndCounts(auction.id)).toMatchObject({ listedPriceMinor: 100_000, listedBidCount: 1 });
  });
});
