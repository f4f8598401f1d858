import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumNextBid } from "#core/rules/bid-step.ts";
import type { Db } from "#server/db/client.ts";
import { BID_STEPS } from "#server/db/seed/settings-data.ts";
import { visibleBidsOf } from "#server/modules/bidding/index.ts";
import { bids } from "#server/modules/bidding/tables.ts";
import { brands, packages } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { reviews } from "#server/modules/reviews/tables.ts";
import { createSettingsService } from "#server/modules/settings/index.ts";
import { users } from "#server/modules/users/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture, insertProduct, insertProductImage } from "#server/test/fixtures.ts";
import { pagePeople } from "#server/wiring/page-people.ts";
import { createProductDetailService, maskUsername } from "./product-detail.ts";

let api: TestApi;
let catalog: Awaited<ReturnType<typeof insertCatalogFixture>>;
let seller: typeof users.$inferSelect;
let bidderA: typeof users.$inferSelect;
let bidderB: typeof users.$inferSelect;
let auction: typeof products.$inferSelect;
const DAY = 24 * 3600 * 1000;
const now = new Date();

beforeAll(async () => {
  api = await createTestApi();
  catalog = await insertCatalogFixture(api.db);
  await api.services.settings.put("bid", null, BID_STEPS);
  seller = (
    await api.createUser({ username: "RumovyKabinet", verifiedAt: new Date(now.getTime() - 400 * DAY) })
  ).user;
  bidderA = (
    await api.createUser({ username: "SberatelKarel", verifiedAt: new Date("2026-03-15T10:00:00Z") })
  ).user;
  bidderB = (await api.createUser({ username: "jana" })).user;
  const [brand] = await api.db.insert(brands).values({ name: "Hampden", nameKey: "hampden" }).returning();
  const [pack] = await api.db.insert(packages).values({ nameCs: "Láhev", nameEn: "Bottle" }).returning();
  auction = await insertProduct(api.db, {
    categoryId: catalog.categories.jamaica.id,
    format: "auction",
    sellerId: seller.id,
    brandId: brand.id,
    packageId: pack.id,
    nameCs: "Hampden Great House 2020",
    nameEn: "Hampden Great House 2020 (EN)",
    slugCs: "hampden-great-house-2020",
    slugEn: "hampden-great-house-2020-en",
    descriptionCs: "První odstavec.\n\nDruhý odstavec.",
    descriptionEn: null,
    priceMinor: null,
    startPriceMinor: 450_000,
    currentPriceMinor: 520_000,
    reservePriceMinor: 600_000,
    bidCount: 3,
    auctionDuration: "week",
    activationAt: new Date(now.getTime() - 3 * DAY),
    endsAt: new Date(now.getTime() + 4 * DAY),
    createdAt: new Date(now.getTime() - 5 * DAY - 3600_000),
  });
  await api.db.insert(bids).values([
    {
      productId: auction.id,
      userId: bidderA.id,
      amountMinor: 450_000,
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      productId: auction.id,
      userId: bidderB.id,
      amountMinor: 500_000,
      createdAt: new Date(now.getTime() - DAY),
    },
    {
      productId: auction.id,
      userId: bidderA.id,
      amountMinor: 520_000,
      createdAt: new Date(now.getTime() - 3600_000),
    },
  ]);
  for (let i = 0; i < 3; i++)
    await insertProductImage(api.db, auction.id, {
      position: 2 - i,
      path: "/uploads/products/a/",
      fileName: `${2 - i}.svg`,
    });
  // Reviews of the seller (4 and 5 stars) from finished deals, and one active listing besides the auction.
  const sold = await insertProduct(api.db, {
    categoryId: catalog.categories.jamaica.id,
    format: "auction",
    sellerId: seller.id,
    status: "sold",
    priceMinor: null,
    startPriceMinor: 100_000,
    currentPriceMinor: 150_000,
    bidCount: 2,
  });
  const sold2 = await insertProduct(api.db, {
    categoryId: catalog.categories.jamaica.id,
    format: "classified",
    sellerId: seller.id,
    status: "sold",
  });
  await api.db.insert(reviews).values([
    { productId: sold.id, authorId: bidderA.id, subjectId: seller.id, stars: 5, comment: "Super" },
    { productId: sold2.id, authorId: bidderB.id, subjectId: seller.id, stars: 4, comment: "Dobré" },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("productDetail", () => {
  it("returns an auction with its category path, seller figures, images, bids and the next minimum bid", async () => {
    const detail = await api.services.productPages.productDetail(auction.id, "cs", now);
    expect(detail).not.toBeNull();
    expect(detail).toMatchObject({
      id: auction.id,
      format: "auction",
      status: "active",
      isPending: false,
      name: "Hampden Great House 2020",
      slug: "hampden-great-house-2020",
      description: "První odstavec.\n\nDruhý odstavec.",
      url: `/${auction.id}/jamajka/hampden-great-house-2020`,
      paths: {
        cs: `/${auction.id}/jamajka/hampden-great-house-2020`,
        // The leaf category has no English slug: it falls back to Czech.
        en: `/en/${auction.id}/jamajka/hampden-great-house-2020-en`,
      },
      brand: "Hampden",
      package: "Láhev",
      priceMinor: 520_000,
      daysSinceInsertion: 5,
    });
    expect(detail!.categoryPath.map((c) => c.slug)).toEqual(["alkohol", "rum", "jamajka"]);
    expect(detail!.categoryPath[0].url).toBe(`/${catalog.categories.root.id}/alkohol`);
    expect(detail!.category.id).toBe(catalog.categories.jamaica.id);
    expect(detail!.images.map((image) => image.url)).toEqual([
      "/uploads/products/a/0.svg",
      "/uploads/products/a/1.svg",
      "/uploads/products/a/2.svg",
    ]);
    expect(detail!.seller).toMatchObject({
      id: seller.id,
      username: "RumovyKabinet",
      verified: true,
      ratingAverage: 4.5,
      ratingCount: 2,
      activeAdverts: 1,
      profileUrl: `/uzivatel/${seller.id}`,
    });
    expect(detail!.auction).toMatchObject({
      startPriceMinor: 450_000,
      currentPriceMinor: 520_000,
      bidCount: 3,
      hasReserve: true,
      reserveMet: false,
      duration: "week",
      // 5 200 CZK lies in the 5 000–10 000 range: step 100 CZK.
      minimumNextBidMinor: minimumNextBid(
        { currentPriceMinor: 520_000, startPriceMinor: 450_000, bidCount: 3 },
        BID_STEPS,
      ),
    });
    expect(detail!.auction!.minimumNextBidMinor).toBe(530_000);
    expect(detail!.auction!.bids.map((bid) => [bid.amountMinor, bid.bidder])).toEqual([
      [450_000, "S***l"],
      [500_000, "j***a"],
      [520_000, "S***l"],
    ]);
    // Nothing private leaves the service.
    expect(JSON.stringify(detail)).not.toContain("@example.cz");
    expect(JSON.stringify(detail)).not.toContain("600000");
  });

  it("uses English names and slugs and falls back to Czech", async () => {
    const detail = await api.services.productPages.productDetail(auction.id, "en", now);
    expect(detail).toMatchObject({
      name: "Hampden Great House 2020 (EN)",
      slug: "hampden-great-house-2020-en",
      description: "První odstavec.\n\nDruhý odstavec.",
      url: `/en/${auction.id}/jamajka/hampden-great-house-2020-en`,
      package: "Bottle",
    });
    expect(detail!.categoryPath.map((c) => [c.slug, c.name])).toEqual([
      ["spirits", "Spirits"],
      ["rum", "Rum"],
      ["jamajka", "Jamajka"],
    ]);
    expect(detail!.categoryPath[1].url).toBe(`/en/${catalog.categories.rum.id}/rum`);
    expect(detail!.seller!.profileUrl).toBe(`/en/user/${seller.id}`);
  });

  it("takes the category path from the categories kept in memory, and from the database for an inactive one", async () => {
    const fromDatabase = createProductDetailService(api.db, api.services.settings, {
      bidsOf: (productId) => visibleBidsOf(api.db, productId),
      people: (ids, ratedId) => pagePeople(api.db, ids, ratedId),
    });
    const rows = await api.services.catalog.activeCategoryRows();
    const kept = (keptRows: typeof rows) =>
      createProductDetailService(api.db, api.services.settings, {
        bidsOf: (productId) => visibleBidsOf(api.db, productId),
        people: (ids, ratedId) => pagePeople(api.db, ids, ratedId),
        categoryRows: async () => keptRows,
      });
    for (const locale of ["cs", "en"] as const) {
      const expected = (await fromDatabase.productDetail(auction.id, locale, now))!.categoryPath;
      expect(expected.map((c) => c.id)).toEqual([
        catalog.categories.root.id,
        catalog.categories.rum.id,
        catalog.categories.jamaica.id,
      ]);
      expect((await kept(rows).productDetail(auction.id, locale, now))!.categoryPath).toEqual(expected);
      // The parent not among the active ones (made inactive since): the database gives the path.
      const withoutRum = rows.filter((row) => row.id !== catalog.categories.rum.id);
      expect((await kept(withoutRum).productDetail(auction.id, locale, now))!.categoryPath).toEqual(expected);
    }
  });

  it("asks the first bid to equal the start price", async () => {
    const fresh = await insertProduct(api.db, {
      categoryId: catalog.categories.rum.id,
      format: "auction",
      sellerId: seller.id,
      priceMinor: null,
      startPriceMinor: 99_000,
      auctionDuration: "month",
      endsAt: new Date(now.getTime() + 10 * DAY),
    });
    const detail = await api.services.productPages.productDetail(fresh.id, "cs", now);
    expect(detail!.auction).toMatchObject({
      currentPriceMinor: 99_000,
      minimumNextBidMinor: 99_000,
      bidCount: 0,
      bids: [],
      hasReserve: false,
      reserveMet: true,
    });
    expect(detail!.images).toEqual([]);
  });

  it("shows a shop product with its sale price and no seller", async () => {
    await api.db
      .update(products)
      .set({ isPriceSaleActive: true, originalPriceMinor: 219_000, stock: 4 })
      .where(sqlEq(catalog.products.hampden.id));
    const detail = await api.services.productPages.productDetail(catalog.products.hampden.id, "cs", now);
    expect(detail).toMatchObject({
      format: "shop",
      priceMinor: 189_000,
      originalPriceMinor: 219_000,
      isPriceSaleActive: true,
      stock: 4,
      seller: null,
      auction: null,
    });
    expect(detail!.images.map((image) => image.url)).toEqual([
      "/uploads/products/h/front.webp",
      "/uploads/products/h/back.webp",
    ]);
  });

  it("shows pending listings marked, and hides drafts, rejected and expired ones and unknown ids", async () => {
    const make = (status: typeof products.$inferInsert.status) =>
      insertProduct(api.db, {
        categoryId: catalog.categories.rum.id,
        format: "classified",
        sellerId: seller.id,
        status,
        priceMinor: null,
      });
    for (const status of ["awaiting_payment", "scheduled", "ended", "sold", "cancelled"] as const) {
      const row = await make(status);
      const detail = await api.services.productPages.productDetail(row.id, "cs", now);
      expect(detail, status).toMatchObject({ status, isPending: true, priceMinor: null });
    }
    for (const status of ["draft", "rejected", "expired"] as const) {
      const row = await make(status);
      expect(await api.services.productPages.productDetail(row.id, "cs", now), status).toBeNull();
      expect(await api.services.productPages.canonicalPath(row.id, "cs"), status).toBeNull();
    }
    expect(await api.services.productPages.productDetail(999_999, "cs")).toBeNull();
    expect(await api.services.productPages.productDetail(0, "cs")).toBeNull();
    expect(await api.services.productPages.productDetail(Number.NaN, "cs")).toBeNull();
    expect(await api.services.productPages.productDetail(99_999_999_999, "cs")).toBeNull();
  });

  it("hides a blocked seller's identity but keeps the listing", async () => {
    const blocked = (await api.createUser({ username: "blokovany" })).user;
    const row = await insertProduct(api.db, {
      categoryId: catalog.categories.rum.id,
      format: "classified",
      sellerId: blocked.id,
      priceMinor: 50_000,
    });
    await api.db.update(users).set({ blockedAt: new Date() }).where(eqUser(blocked.id));
    const detail = await api.services.productPages.productDetail(row.id, "cs", now);
    expect(detail!.seller).toBeNull();
  });

  it("reads a constant number of queries whatever the number of bids and images", async () => {
    const many = await insertProduct(api.db, {
      categoryId: catalog.categories.jamaica.id,
      format: "auction",
      sellerId: seller.id,
      priceMinor: null,
      startPriceMinor: 10_000,
      currentPriceMinor: 10_000 + 39 * 1_000,
      bidCount: 40,
      endsAt: new Date(now.getTime() + DAY),
    });
    await api.db.insert(bids).values(
      Array.from({ length: 40 }, (_, i) => ({
        productId: many.id,
        userId: i % 2 ? bidderA.id : bidderB.id,
        amountMinor: 10_000 + i * 1_000,
        createdAt: new Date(now.getTime() - (40 - i) * 3600_000),
      })),
    );
    for (let i = 0; i < 8; i++) await insertProductImage(api.db, many.id, { position: i });

    const counted = countingDb(api.db);
    // Wired as server/wiring wires it, every module on the counted connection.
    const service = createProductDetailService(counted.db, createSettingsService(counted.db), {
      bidsOf: (productId) => visibleBidsOf(counted.db, productId),
      people: (ids, ratedId) => pagePeople(counted.db, ids, ratedId),
    });
    // A first request builds the statements kept per database (the product's, prepared once:
    // ADR 0050); the count is of the statements built for each request after it.
    await service.productDetail(auction.id, "cs", now);
    counted.reset();
    const detail = await service.productDetail(many.id, "cs", now);
    expect(detail!.auction!.bids).toHaveLength(40);
    // Oldest first by id, as the live history: the page's stream continues after the newest.
    const ids = detail!.auction!.bids.map((bid) => bid.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(40);
    expect(detail!.auction!.bids.every((bid) => bid.automatic === false)).toBe(true);
    expect(detail!.images).toHaveLength(8);
    const manyQueries = counted.count();
    counted.reset();
    await service.productDetail(auction.id, "cs", now);
    expect(counted.count()).toBe(manyQueries);
    // Built per request besides the product's prepared statement: the bids, the people (accounts,
    // trust checks and the seller's rating in one: server/wiring/page-people.ts), the images, the
    // category path (no categories kept in memory here) and the bid table's setting.
    expect(manyQueries).toBeLessThanOrEqual(5);
    // A bidder's badges keep them hidden: checks by month only, no trader data, no rating.
    for (const bid of detail!.auction!.bids) {
      expect(bid.badges.rating).toBeNull();
      expect(bid.badges.trader).toBeNull();
      expect(bid.badges.phone).toEqual(
        bid.bidder === maskUsername("SberatelKarel") ? { on: "2026-03" } : null,
      );
    }
  });
});

describe("canonicalPath, productStates, sitemap", () => {
  it("gives the canonical path in each language", async () => {
    expect(await api.services.productPages.canonicalPath(auction.id, "cs")).toBe(
      `/${auction.id}/jamajka/hampden-great-house-2020`,
    );
    expect(await api.services.productPages.canonicalPath(auction.id, "en")).toBe(
      `/en/${auction.id}/jamajka/hampden-great-house-2020-en`,
    );
    expect(await api.services.productPages.canonicalPath(123_456, "cs")).toBeNull();
  });

  it("reports lifecycle states of several products in one call", async () => {
    const states = await api.services.productPages.productStates([
      auction.id,
      catalog.products.hampden.id,
      424_242,
    ]);
    expect(states[auction.id]).toMatchObject({ status: "active", format: "auction", bidCount: 3 });
    expect(states[auction.id].endsAt).toBe(auction.endsAt!.toISOString());
    expect(states[catalog.products.hampden.id]).toMatchObject({ status: "active", format: "shop" });
    expect(states[424_242]).toBeUndefined();
    expect(await api.services.productPages.productStates([])).toEqual({});
  });

  it("lists active, ended and sold products with both paths, in pages", async () => {
    const { count, lastModified } = await api.services.productPages.sitemapProductStats();
    expect(lastModified).toBeInstanceOf(Date);
    const all = await api.services.productPages.sitemapProducts();
    expect(all).toHaveLength(count);
    const paths = all.map((entry) => entry.paths.cs);
    expect(paths).toContain(`/${auction.id}/jamajka/hampden-great-house-2020`);
    expect(all.every((entry) => entry.paths.en.startsWith("/en/") && entry.updatedAt instanceof Date)).toBe(
      true,
    );
    const statuses = await api.services.productPages.productStates(
      all.map((entry) => Number(entry.paths.cs.split("/")[1])),
    );
    expect(new Set(Object.values(statuses).map((s) => s.status))).toEqual(
      new Set(["active", "ended", "sold"]),
    );
    const firstTwo = await api.services.productPages.sitemapProducts({ offset: 0, limit: 2 });
    const nextTwo = await api.services.productPages.sitemapProducts({ offset: 2, limit: 2 });
    expect([...firstTwo, ...nextTwo].map((e) => e.paths.cs)).toEqual(paths.slice(0, 4));
  });

  it("lists categories with both languages' paths", async () => {
    const entries = await api.services.productPages.sitemapCategories();
    expect(entries.map((entry) => entry.paths)).toEqual(
      expect.arrayContaining([
        { cs: `/${catalog.categories.root.id}/alkohol`, en: `/en/${catalog.categories.root.id}/spirits` },
        {
          cs: `/${catalog.categories.jamaica.id}/jamajka`,
          en: `/en/${catalog.categories.jamaica.id}/jamajka`,
        },
      ]),
    );
  });
});

describe("maskUsername", () => {
  it("keeps the first and last letter", () => {
    expect(maskUsername("SberatelKarel")).toBe("S***l");
    expect(maskUsername("ab")).toBe("a***");
    expect(maskUsername("Šimon")).toBe("Š***n");
  });
});

function sqlEq(id: number) {
  return eq(products.id, id);
}
function eqUser(id: number) {
  return eq(users.id, id);
}

/** The database with a counter on every query the service starts (select and execute). */
function countingDb(db: Db) {
  let count = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (
        (property === "select" || property === "execute" || property === "selectDistinctOn") &&
        typeof value === "function"
      )
        return (...args: unknown[]) => {
          count++;
          return value.apply(target, args);
        };
      return value;
    },
  });
  return {
    db: proxy as Db,
    count: () => count,
    reset: () => {
      count = 0;
    },
  };
}
