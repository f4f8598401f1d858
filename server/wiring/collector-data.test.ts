import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withBiddingTestApi } from "#server/modules/bidding/test-fixtures.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { RECORD_QUEUE } from "#server/modules/sale-results/jobs.ts";
import { saleResults } from "#server/modules/sale-results/tables.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";

/**
 * The bottlings and the archive of results wired to each other (wiring/collector-data.ts, issue
 * 37): a result carries its listing's bottling, follows a later link and a merge, and the
 * bottling's page shows its results and price points.
 */
const ctx = withBiddingTestApi();
const services = () => ctx.api.services;
const bottlingOfResult = async (productId: number) =>
  (await ctx.api.db.select().from(saleResults).where(eq(saleResults.productId, productId)))[0]?.bottlingId;

async function auctionIn(categoryId: number, nameCs: string) {
  return insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, categoryId, nameCs, nameEn: null });
}

async function sell(productId: number, priceMinor: number) {
  const [bidder] = await insertBidders(ctx.api.db, 1);
  const bid = await ctx.api.call("POST", `/api/auctions/${productId}/bids`, {
    token: bidder.token,
    body: { amount: priceMinor },
  });
  expect(bid.status).toBe(201);
  await ctx.api.db
    .update(products)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(products.id, productId));
  expect(await services().bidding.closeAuction(productId)).toMatchObject({ outcome: "sold" });
  await ctx.api.jobs.runPending(RECORD_QUEUE);
}

describe("bottlings and results, wired", () => {
  it("a result carries its bottling, follows a later link and a merge, and shows on the bottling's page", async () => {
    const sellerId = ctx.seller.user.id;
    const category = await insertCategory(ctx.api.db, { nameCs: "Whisky" });
    const first = await auctionIn(category.id, "Springbank 21 let 2019");
    const created = await services().bottlings.createFromListing(sellerId, first.id);
    if (!created.ok) throw new Error(created.code);
    const bottlingId = created.value.bottlingId;

    // Sold while linked: the result is the bottling's.
    await sell(first.id, 1_200_000);
    expect(await bottlingOfResult(first.id)).toBe(bottlingId);

    // Sold before its link: the link moves the result to the bottling.
    const later = await auctionIn(category.id, "Springbank 21 let 2019, druhá láhev");
    await sell(later.id, 1_350_000);
    expect(await bottlingOfResult(later.id)).toBeNull();
    expect((await services().bottlings.link(sellerId, later.id, bottlingId)).ok).toBe(true);
    expect(await bottlingOfResult(later.id)).toBe(bottlingId);

    // A duplicate bottling merged into the first: its result moves too.
    const duplicate = await auctionIn(category.id, "Springbank 21 (duplikát)");
    const other = await services().bottlings.createFromListing(sellerId, duplicate.id);
    if (!other.ok) throw new Error(other.code);
    await sell(duplicate.id, 1_100_000);
    expect(await bottlingOfResult(duplicate.id)).toBe(other.value.bottlingId);
    expect(
      (await services().bottlings.admin.merge({ actorId: sellerId }, other.value.bottlingId, bottlingId)).ok,
    ).toBe(true);
    expect(await bottlingOfResult(duplicate.id)).toBe(bottlingId);

    const answer = await services().bottlings.page(bottlingId, "cs");
    if (answer?.kind !== "page") throw new Error(`no page: ${answer?.kind}`);
    expect(answer.page.results.map((result) => result.priceMinor).sort()).toEqual([
      1_100_000, 1_200_000, 1_350_000,
    ]);
    expect(answer.page.pricePoints.reduce((sum, point) => sum + point.count, 0)).toBe(3);
  });
});

describe("the search box, wired to the bottlings", () => {
  it("suggests the bottlings whose words start with those typed, linking to their pages", async () => {
    const category = await insertCategory(ctx.api.db, { nameCs: "Whisky" });
    const listing = await auctionIn(category.id, "Glendronach 15 Revival");
    const created = await services().bottlings.createFromListing(ctx.seller.user.id, listing.id);
    if (!created.ok) throw new Error(created.code);
    const suggest = async (q: string, lang: "cs" | "en") => {
      const response = await ctx.api.app.request(
        `/api/catalog/autocomplete?q=${encodeURIComponent(q)}&lang=${lang}`,
        { headers: { Accept: "application/json" } },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { bottlings?: { id: number; name: string; url: string }[] };
    };
    const english = await suggest("glendr revi", "en");
    expect(english.bottlings).toEqual([
      expect.objectContaining({
        id: created.value.bottlingId,
        url: expect.stringMatching(new RegExp(`^/en/bottlings/${created.value.bottlingId}-`)),
      }),
    ]);
    expect((await suggest("glendronach", "cs")).bottlings?.[0].url).toMatch(
      new RegExp(`^/lahve/${created.value.bottlingId}-`),
    );
    // A word that starts none of its words: no bottlings in the answer.
    expect((await suggest("ronach", "cs")).bottlings).toBeUndefined();
  });
});
