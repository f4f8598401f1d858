import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseResultsQuery } from "#core/schemas/results.ts";
import { caches, type Invalidation, PUBLIC_FROM_JOB_TAG } from "#server/lib/cache.ts";
import { withBiddingTestApi } from "#server/modules/bidding/test-fixtures.ts";
import { deals } from "#server/modules/deals/tables.ts";
import { listingEvidence } from "#server/modules/listing-evidence/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { PRICE_INDEX_TAG } from "./index-levels.ts";
import { RECORD_QUEUE } from "./jobs.ts";
import { saleResultCursors, saleResults } from "./tables.ts";

/**
 * Recording results on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a won
 * auction through its close and the job the close creates, a completed deal through the sweep,
 * the results already in the database through the sweep's first run (the backfill), each once
 * however often asked; and the archive's filters over them.
 */
const ctx = withBiddingTestApi();
const results = () => ctx.api.services.saleResults;
const rowsOf = (productId: number) =>
  ctx.api.db.select().from(saleResults).where(eq(saleResults.productId, productId));

async function soldAuction(name: string, categoryId: number, priceMinor: number) {
  const auction = await insertAuction(ctx.api.db, {
    sellerId: ctx.seller.user.id,
    categoryId,
    nameCs: name,
    nameEn: null,
  });
  const [bidder] = await insertBidders(ctx.api.db, 1);
  const bid = await ctx.api.call("POST", `/api/auctions/${auction.id}/bids`, {
    token: bidder.token,
    body: { amount: priceMinor },
  });
  expect(bid.status).toBe(201);
  await ctx.api.db
    .update(products)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(products.id, auction.id));
  expect(await ctx.api.services.bidding.closeAuction(auction.id)).toMatchObject({
    outcome: "sold",
    priceMinor,
  });
  return { auction, bidder };
}

/** An auction sold before the archive existed: only the sweep's backfill records it. */
function soldLongAgo(categoryId: number, nameCs: string, priceMinor: number, endedAt: string) {
  return insertProduct(ctx.api.db, {
    format: "auction",
    status: "sold",
    sellerId: ctx.seller.user.id,
    categoryId,
    nameCs,
    currentPriceMinor: priceMinor,
    endedAt: new Date(endedAt),
  });
}

describe("recording results", () => {
  it("records a won auction once, by the close's job and again by the sweep, with its fill level", async () => {
    const spirits = await insertCategory(ctx.api.db, { nameCs: "Lihoviny", nameEn: "Spirits", depth: 1 });
    const { auction } = await soldAuction("Glenfarclas 25 let", spirits.id, 250_000);
    await ctx.api.db.insert(listingEvidence).values({ productId: auction.id, fillLevel: "top_shoulder" });
    await ctx.api.jobs.runPending(RECORD_QUEUE);
    await results().sweep();
    await ctx.api.jobs.runPending(RECORD_QUEUE);
    const rows = await rowsOf(auction.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "auction",
      categoryId: spirits.id,
      nameCs: "Glenfarclas 25 let",
      priceMinor: 250_000,
      fillLevel: "top_shoulder",
      bottlingId: null,
    });
    expect(rows[0].searchText).toBe("glenfarclas 25 let lihoviny spirits");
    expect(rows[0].pathCs).toMatch(new RegExp(`^/${auction.id}/`));
    // The same sale asked again records nothing more, and leaves the kept public pages alone.
    const heard: Invalidation[] = [];
    const stop = caches.onInvalidate((invalidation) => heard.push(invalidation));
    expect(
      await results().record([{ productId: auction.id, kind: "auction", priceMinor: 1, at: new Date() }]),
    ).toBe(0);
    stop();
    expect(heard).toEqual([]);
    expect(await rowsOf(auction.id)).toHaveLength(1);
  });

  it("clears the kept public pages on every instance when it records a new result", async () => {
    const spirits = await insertCategory(ctx.api.db, { nameCs: "Lihoviny", nameEn: "Spirits", depth: 1 });
    const { auction } = await soldAuction("Port Ellen 1979", spirits.id, 900_000);
    const heard: Invalidation[] = [];
    const stop = caches.onInvalidate((invalidation) => heard.push(invalidation));
    await ctx.api.jobs.runPending(RECORD_QUEUE);
    stop();
    expect(await rowsOf(auction.id)).toHaveLength(1);
    expect(heard).toContainEqual({ tag: PUBLIC_FROM_JOB_TAG });
  });

  it("records an auction ended without a winner as nothing", async () => {
    const category = await insertCategory(ctx.api.db);
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      categoryId: category.id,
    });
    await ctx.api.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(products.id, auction.id));
    expect(await ctx.api.services.bidding.closeAuction(auction.id)).toMatchObject({ outcome: "unsold" });
    await ctx.api.jobs.runPending(RECORD_QUEUE);
    await results().sweep();
    expect(await rowsOf(auction.id)).toHaveLength(0);
  });

  it("backfills sold auctions and completed deals already in the database, once, and not a refunded or an auction's deal", async () => {
    const category = await insertCategory(ctx.api.db, { nameCs: "Rum" });
    const old = await soldLongAgo(category.id, "Caroni 1996", 900_000, "2024-03-10T12:00:00Z");
    const [buyer] = await insertBidders(ctx.api.db, 1);
    const classified = async (name: string) =>
      insertProduct(ctx.api.db, {
        format: "classified",
        status: "sold",
        sellerId: ctx.seller.user.id,
        categoryId: category.id,
        nameCs: name,
        priceMinor: 300_000,
      });
    const deal = async (
      productId: number,
      status: "completed" | "partially_refunded",
      source = "buy_now" as const,
    ) =>
      ctx.api.db.insert(deals).values({
        source,
        productId,
        buyerId: buyer.user.id,
        sellerId: ctx.seller.user.id,
        status,
        priceMinor: 300_000,
        deliveryMinor: 0,
        buyerFeeMinor: 0,
        sellerCommissionMinor: 0,
        totalMinor: 300_000,
        payBy: new Date(),
        requestKey: `k${productId}`,
        closedAt: new Date("2025-05-05T10:00:00Z"),
      });
    const completed = await classified("Hampden 8");
    const refunded = await classified("Worthy Park");
    await deal(completed.id, "completed");
    await deal(refunded.id, "partially_refunded");
    // The first run of the sweep (no cursor yet) is the backfill.
    await ctx.api.db.delete(saleResultCursors);
    await results().sweep();
    await results().sweep();
    expect(await rowsOf(old.id)).toMatchObject([{ kind: "auction", priceMinor: 900_000 }]);
    expect(await rowsOf(completed.id)).toMatchObject([{ kind: "deal", priceMinor: 300_000 }]);
    expect(await rowsOf(refunded.id)).toHaveLength(0);
  });

  it("stops a sweep whose process is stopping before its next page; the next sweep records what it left", async () => {
    const category = await insertCategory(ctx.api.db, { nameCs: "Armagnac" });
    const old = await soldLongAgo(category.id, "Darroze 1975", 1_200_000, "2024-06-10T12:00:00Z");
    await ctx.api.db.delete(saleResultCursors);
    const stopping = new AbortController();
    stopping.abort();
    expect(await results().sweep(stopping.signal)).toBe(0);
    expect(await rowsOf(old.id)).toHaveLength(0);
    expect(await results().sweep()).toBeGreaterThan(0);
    expect(await rowsOf(old.id)).toMatchObject([{ kind: "auction", priceMinor: 1_200_000 }]);
  });
});

describe("the archive", () => {
  it("searches by words without accents, filters by branch, price, dates, fill level and kind, and sorts", async () => {
    const root = await insertCategory(ctx.api.db, { nameCs: "Whisky", depth: 1 });
    const leaf = await insertCategory(ctx.api.db, { nameCs: "Skotská", parentId: root.id, depth: 2 });
    const other = await insertCategory(ctx.api.db, { nameCs: "Doutníky", depth: 1 });
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const sale = async (
      name: string,
      categoryId: number,
      crowns: number,
      day: string,
      kind: "auction" | "deal",
    ) => {
      const product = await insertProduct(ctx.api.db, { categoryId, nameCs: name });
      await results().record([{ productId: product.id, kind, priceMinor: crowns * 100, at: at(day) }]);
      return product;
    };
    const lagavulin = await sale("Lagavulin Šestnáct", leaf.id, 4_000, "2026-02-10", "auction");
    await ctx.api.db
      .update(saleResults)
      .set({ fillLevel: "in_neck" })
      .where(eq(saleResults.productId, lagavulin.id));
    await sale("Lagavulin Distillers Edition", leaf.id, 2_500, "2026-03-01", "deal");
    await sale("Cohiba Behike", other.id, 9_000, "2026-02-15", "auction");
    const names = async (params: string, categoryIds: number[] | null = null) =>
      (
        await results().archive(parseResultsQuery(new URLSearchParams(params)), { locale: "cs", categoryIds })
      ).rows.map((row) => row.name);
    expect(await names("q=sestnact")).toEqual(["Lagavulin Šestnáct"]);
    expect(await names("q=lagav&sort=price_asc")).toEqual([
      "Lagavulin Distillers Edition",
      "Lagavulin Šestnáct",
    ]);
    expect(await names("q=whisky&sort=oldest")).toEqual([
      "Lagavulin Šestnáct",
      "Lagavulin Distillers Edition",
    ]);
    expect(await names("sort=price_desc", [root.id, leaf.id])).toEqual([
      "Lagavulin Šestnáct",
      "Lagavulin Distillers Edition",
    ]);
    expect(await names("q=lagavulin&priceFrom=3000&priceTo=5000")).toEqual(["Lagavulin Šestnáct"]);
    expect(await names("q=lagavulin&from=2026-03-01&to=2026-03-01")).toEqual([
      "Lagavulin Distillers Edition",
    ]);
    expect(await names("q=lagavulin&fill=in_neck")).toEqual(["Lagavulin Šestnáct"]);
    expect(await names("kind=auction&q=behike")).toEqual(["Cohiba Behike"]);
    expect(await names("kind=deal&q=behike")).toEqual([]);
  });

  it("counts up to its cap, says when there are more, and pages on past it after a result", async () => {
    const category = await insertCategory(ctx.api.db, { nameCs: "Počítaná", depth: 1 });
    for (const [index, day] of ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"].entries()) {
      const product = await insertProduct(ctx.api.db, {
        categoryId: category.id,
        nameCs: `Kapslík ${index}`,
      });
      await results().record([
        {
          productId: product.id,
          kind: "auction",
          priceMinor: 1_000 - index,
          at: new Date(`${day}T12:00:00Z`),
        },
      ]);
    }
    const archive = (params: string, cap: number) =>
      results().archive(parseResultsQuery(new URLSearchParams(params)), {
        locale: "cs",
        categoryIds: [category.id],
        cap,
      });
    const names = (page: { rows: { name: string }[] }) => page.rows.map((row) => row.name);
    // Four matches under a cap of 10: counted exactly, one page.
    expect(await archive("q=kapslik", 10)).toMatchObject({ total: 4, totalCapped: false, next: null });
    // Exactly the cap is not "more than".
    expect(await archive("q=kapslik", 4)).toMatchObject({ total: 4, totalCapped: false, next: null });
    // Under a cap of 2: "more than 2", a page of 2, and the pages go on after its last result.
    const first = await archive("q=kapslik", 2);
    expect(first).toMatchObject({ total: 2, totalCapped: true, page: 1 });
    expect(names(first)).toEqual(["Kapslík 3", "Kapslík 2"]);
    const second = await archive(`q=kapslik&after=${first.next}&page=2`, 2);
    expect(second).toMatchObject({ total: null, page: 2, next: null });
    expect(names(second)).toEqual(["Kapslík 1", "Kapslík 0"]);
    // Each order has its own cursor: the cheapest first, after the second cheapest.
    const cheapest = await archive("q=kapslik&sort=price_asc", 2);
    expect(names(cheapest)).toEqual(["Kapslík 3", "Kapslík 2"]);
    expect(names(await archive(`q=kapslik&sort=price_asc&after=${cheapest.next}&page=2`, 2))).toEqual([
      "Kapslík 1",
      "Kapslík 0",
    ]);
    // A later page is not capped: up to a page of rows after the cursor.
    expect(names(await archive(`q=kapslik&sort=oldest&after=${second.rows[1].id}&page=2`, 2))).toEqual([
      "Kapslík 1",
      "Kapslík 2",
      "Kapslík 3",
    ]);
    expect(await archive("q=nicnenajde", 10)).toMatchObject({
      total: 0,
      totalCapped: false,
      rows: [],
      next: null,
    });
  });
});

describe("the price index job", () => {
  it("freezes each closed month once, from the documented example, and never changes a frozen month", async () => {
    const category = await insertCategory(ctx.api.db, { nameCs: "Indexovaná", depth: 1 });
    // The worked example of docs/product/price-index.md (core/rules/price-index.test.ts), in 2019
    // (before any other test's results), bottlings 9001-9004.
    const example: [number, string, number][] = [
      [9001, "2019-01", 1000],
      [9002, "2019-01", 2000],
      [9003, "2019-01", 4000],
      [9001, "2019-02", 1100],
      [9002, "2019-02", 2000],
      [9003, "2019-02", 4400],
      [9001, "2019-03", 1210],
      [9001, "2019-04", 1320],
      [9002, "2019-04", 2400],
      [9003, "2019-04", 4000],
      [9004, "2019-04", 500],
    ];
    for (const [bottlingId, month, priceMinor] of example) {
      const product = await insertProduct(ctx.api.db, { categoryId: category.id });
      await results().record([
        { productId: product.id, kind: "deal", priceMinor, at: new Date(`${month}-15T12:00:00Z`) },
      ]);
      await ctx.api.db.update(saleResults).set({ bottlingId }).where(eq(saleResults.productId, product.id));
    }
    // On 2019-05-01 the grace after April's close has not passed: March is the last month frozen.
    await results().freezeIndex(new Date("2019-05-01T10:00:00Z"));
    expect((await results().indexLevels(category.id)).map((level) => level.month)).toEqual([
      "2019-01",
      "2019-02",
      "2019-03",
    ]);
    // The frozen months are kept in memory: the same answer until a freeze adds months, and that
    // freeze's invalidation is what cache-invalidations.ts sends to the other instances.
    const kept = await results().indexLevels(category.id);
    expect(await results().indexLevels(category.id)).toBe(kept);
    const heard: Invalidation[] = [];
    const stop = caches.onInvalidate((invalidation) => heard.push(invalidation));
    await results().freezeIndex(new Date("2019-05-03T10:00:00Z"));
    stop();
    expect(heard).toContainEqual({ tag: PRICE_INDEX_TAG });
    expect(heard).toContainEqual({ tag: PUBLIC_FROM_JOB_TAG });
    const levels = await results().indexLevels(category.id);
    expect(levels).not.toBe(kept);
    expect(levels).toEqual([
      { month: "2019-01", level: 10000, pairs: 0, carried: false },
      { month: "2019-02", level: 11000, pairs: 3, carried: false },
      { month: "2019-03", level: 11000, pairs: 1, carried: true },
      { month: "2019-04", level: 12000, pairs: 3, carried: false },
    ]);
    // A result recorded late into a frozen month changes nothing; a second run freezes nothing.
    const late = await insertProduct(ctx.api.db, { categoryId: category.id });
    await results().record([
      { productId: late.id, kind: "deal", priceMinor: 9_999, at: new Date("2019-02-20T12:00:00Z") },
    ]);
    await ctx.api.db.update(saleResults).set({ bottlingId: 9002 }).where(eq(saleResults.productId, late.id));
    expect(await results().freezeIndex(new Date("2019-05-03T10:00:00Z"))).toBe(0);
    expect(await results().indexLevels(category.id)).toEqual(levels);
    // The whole market has its own series, and the category is offered.
    expect((await results().indexLevels(null))[0]).toMatchObject({ month: "2019-01", level: 10000 });
    expect(await results().indexCategories()).toContain(category.id);
  });
});

describe("what the bottlings ask and tell", () => {
  it("lists a bottling's results and price points, and follows a relink and a merge", async () => {
    const category = await insertCategory(ctx.api.db);
    const ids: number[] = [];
    for (const [crowns, day] of [
      [1_000, "2025-01-10"],
      [1_200, "2025-02-10"],
      [1_500, "2025-03-10"],
    ] as const) {
      const product = await insertProduct(ctx.api.db, { categoryId: category.id, nameCs: `Láhev ${crowns}` });
      await results().record([
        { productId: product.id, kind: "deal", priceMinor: crowns * 100, at: new Date(`${day}T12:00:00Z`) },
      ]);
      ids.push(product.id);
    }
    expect(await results().relink(ids.slice(0, 2), 7001)).toBe(2);
    expect(await results().relink([ids[2]], 7002)).toBe(1);
    expect((await results().resultsOf(7001, { limit: 1 })).map((row) => row.name)).toEqual(["Láhev 1200"]);
    expect(await results().pricePoints(7001)).toEqual([
      { month: "2025-01", medianMinor: 100_000, minMinor: 100_000, maxMinor: 100_000, count: 1 },
      { month: "2025-02", medianMinor: 120_000, minMinor: 120_000, maxMinor: 120_000, count: 1 },
    ]);
    // The chart is kept (ADR 0144): a merge and a new result each show on the next read.
    expect(await results().pricePoints(7001)).toBe(await results().pricePoints(7001));
    expect(await results().mergeBottlings(7002, 7001)).toBe(1);
    expect((await results().resultsOf(7001)).map((row) => row.priceMinor)).toEqual([
      150_000, 120_000, 100_000,
    ]);
    expect(await results().resultsOf(7002)).toEqual([]);
    expect((await results().pricePoints(7001)).map((point) => point.month)).toEqual([
      "2025-01",
      "2025-02",
      "2025-03",
    ]);
    expect(await results().pricePoints(7002)).toEqual([]);
    const later = await insertProduct(ctx.api.db, { categoryId: category.id, nameCs: "Láhev 900" });
    await results().record([
      { productId: later.id, kind: "deal", priceMinor: 90_000, at: new Date("2025-04-10T12:00:00Z") },
    ]);
    await results().relink([later.id], 7001);
    expect((await results().pricePoints(7001)).at(-1)).toMatchObject({ month: "2025-04", count: 1 });
  });

  it("aggregates a bottling's chart per Prague month and pages its results below a result", async () => {
    const category = await insertCategory(ctx.api.db);
    // Five sales in March 2025 (one on its last evening, Prague time, one on April's first
    // night, which Prague counts to April) and one in May.
    const sales = [
      [1_000, "2025-03-02T12:00:00Z"],
      [3_000, "2025-03-05T12:00:00Z"],
      [2_000, "2025-03-10T12:00:00Z"],
      [9_000, "2025-03-20T12:00:00Z"],
      [4_000, "2025-03-31T20:00:00Z"],
      [5_000, "2025-03-31T22:30:00Z"],
      [7_000, "2025-05-15T12:00:00Z"],
    ] as const;
    const ids: number[] = [];
    for (const [crowns, at] of sales) {
      const product = await insertProduct(ctx.api.db, { categoryId: category.id, nameCs: `Sud ${crowns}` });
      await results().record([
        { productId: product.id, kind: "deal", priceMinor: crowns * 100, at: new Date(at) },
      ]);
      ids.push(product.id);
    }
    await results().relink(ids, 7101);
    expect(await results().pricePoints(7101)).toEqual([
      { month: "2025-03", medianMinor: 300_000, minMinor: 100_000, maxMinor: 900_000, count: 5 },
      { month: "2025-04", medianMinor: 500_000, minMinor: 500_000, maxMinor: 500_000, count: 1 },
      { month: "2025-05", medianMinor: 700_000, minMinor: 700_000, maxMinor: 700_000, count: 1 },
    ]);

    // Pages of three, newest first: each starts below the last one of the page before.
    const firstPage = await results().resultsOf(7101, { limit: 3 });
    expect(firstPage.map((row) => row.priceMinor)).toEqual([700_000, 500_000, 400_000]);
    const secondPage = await results().resultsOf(7101, { limit: 3, before: firstPage[2].id });
    expect(secondPage.map((row) => row.priceMinor)).toEqual([900_000, 200_000, 300_000]);
    const lastPage = await results().resultsOf(7101, { limit: 3, before: secondPage[2].id });
    expect(lastPage.map((row) => row.priceMinor)).toEqual([100_000]);
  });
});
