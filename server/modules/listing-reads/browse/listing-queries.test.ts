import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingQuery, ProductCardData } from "#core/contracts/catalog.ts";
import { seedDemoIfEmpty } from "#server/db/seed/index.ts";
import { createLogger } from "#server/logger.ts";
import {
  editDistance,
  isTypoOf,
  productSearchName,
  productSearchText,
  searchText,
  searchTokens,
} from "#server/modules/catalog/index.ts";
import { brands, categories, packages } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct, insertProductImage } from "#server/test/fixtures.ts";

/**
 * The listing and search queries on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the demo catalogue for search, plus a small branch of known products for exact filter and sort
 * expectations.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = new Date();
const at = (ms: number) => new Date(NOW.getTime() + ms);

let api: TestApi;
let dataDir: string;
let tree: { root: number; child: number; leaf: number; hidden: number };
let brand: { oak: number; ash: number };
let pack: { box: number; tube: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-listing-"));
  await seedDemoIfEmpty(api.db, { dataDir, logger: createLogger("silent") });
  const verified = await api.createUser({ verifiedAt: new Date() });
  const plain = await api.createUser();
  const db = api.db;

  const root = await insertCategory(db, {
    depth: 1,
    slugCs: "sklep",
    slugEn: "cellar",
    nameCs: "Sklep",
    nameEn: "Cellar",
  });
  const child = await insertCategory(db, {
    depth: 2,
    parentId: root.id,
    slugCs: "doutniky-test",
    slugEn: null,
    nameCs: "Doutníky test",
    nameEn: null,
    descriptionCs: "Krabice a tuby.",
  });
  const leaf = await insertCategory(db, {
    depth: 3,
    parentId: child.id,
    slugCs: "kuba",
    slugEn: "cuba",
    nameCs: "Kuba",
    nameEn: "Cuba",
  });
  const hidden = await insertCategory(db, {
    depth: 2,
    parentId: root.id,
    slugCs: "skryta",
    slugEn: "hidden",
    nameCs: "Skrytá",
    nameEn: "Hidden",
    isActive: false,
  });
  tree = { root: root.id, child: child.id, leaf: leaf.id, hidden: hidden.id };
  const [oak, ash] = await db
    .insert(brands)
    .values([
      { name: "Dubový sud", nameKey: "dubovy sud test" },
      { name: "Jasan", nameKey: "jasan test" },
    ])
    .returning();
  brand = { oak: oak.id, ash: ash.id };
  const [box, tube] = await db
    .insert(packages)
    .values([
      { nameCs: "Krabička test", nameEn: "Test box", position: 90 },
      { nameCs: "Tuba test", nameEn: null, position: 91 },
    ])
    .returning();
  pack = { box: box.id, tube: tube.id };

  const auction = {
    format: "auction" as const,
    type: "supply" as const,
    status: "active" as const,
    priceMinor: null,
  };
  const text = (nameCs: string, description = "") =>
    productSearchText({
      nameCs,
      brand: null,
      categories: [{ nameCs: "Doutníky test" }],
      descriptionCs: description,
    });
  const a = await insertProduct(db, {
    ...auction,
    categoryId: leaf.id,
    sellerId: verified.user.id,
    nameCs: "Tabák Ambra",
    nameEn: "Tobacco Ambra",
    slugCs: "tabak-ambra",
    slugEn: "tobacco-ambra",
    searchText: text("Tabák Ambra", "Tobacco Ambra"),
    auctionDuration: "week",
    startPriceMinor: 100_000,
    currentPriceMinor: 150_000,
    bidCount: 3,
    brandId: brand.oak,
    packageId: pack.box,
    activationAt: at(-5 * DAY),
    endsAt: at(2 * HOUR),
  });
  await insertProductImage(db, a.id, { position: 1, path: "/uploads/products/a", fileName: "second.svg" });
  await insertProductImage(db, a.id, {
    position: 0,
    path: "/uploads/products/a/",
    fileName: "main.svg",
    alt: "Ambra",
  });
  const b = await insertProduct(db, {
    ...auction,
    categoryId: child.id,
    sellerId: plain.user.id,
    nameCs: "Krabice Bolivar",
    slugCs: "krabice-bolivar",
    searchText: text("Krabice Bolivar"),
    auctionDuration: "month",
    startPriceMinor: 500_000,
    brandId: brand.ash,
    activationAt: at(-2 * DAY),
    endsAt: at(10 * DAY),
    toppedUntil: at(DAY),
  });
  const c = await insertProduct(db, {
    format: "classified",
    categoryId: leaf.id,
    sellerId: plain.user.id,
    nameCs: "Humidor cedr",
    slugCs: "humidor-cedr",
    searchText: text("Humidor cedr", "Kourova bomba z cedru."),
    priceMinor: 300_000,
    brandId: brand.oak,
    activationAt: at(-1 * DAY),
    endsAt: at(50 * DAY),
  });
  const d = await insertProduct(db, {
    format: "classified",
    type: "demand",
    categoryId: leaf.id,
    sellerId: verified.user.id,
    nameCs: "Hledám Kouřová bomba",
    slugCs: "hledam-kourova-bomba",
    searchText: text("Hledám Kouřová bomba"),
    priceMinor: null,
    activationAt: at(-3 * DAY),
    endsAt: at(40 * DAY),
  });
  const e = await insertProduct(db, {
    format: "shop",
    categoryId: child.id,
    nameCs: "Řezačka Tabal",
    slugCs: "rezacka-tabal",
    searchText: text("Řezačka Tabal"),
    priceMinor: 200_000,
    originalPriceMinor: 250_000,
    isPriceSaleActive: true,
    brandId: brand.ash,
    packageId: pack.tube,
    stock: 3,
    activationAt: at(-10 * DAY),
  });
  const f = await insertProduct(db, {
    ...auction,
    status: "ended",
    categoryId: leaf.id,
    sellerId: plain.user.id,
    nameCs: "Skončená aukce",
    slugCs: "skoncena-aukce",
    searchText: text("Skončená aukce"),
    auctionDuration: "week",
    startPriceMinor: 50_000,
    activationAt: at(-9 * DAY),
    endsAt: at(-2 * DAY),
  });
  const g = await insertProduct(db, {
    ...auction,
    categoryId: leaf.id,
    sellerId: plain.user.id,
    nameCs: "Dýmka vřes",
    slugCs: "dymka-vres",
    searchText: text("Dýmka vřes"),
    auctionDuration: "week",
    startPriceMinor: 80_000,
    activationAt: at(-6 * HOUR),
    endsAt: at(30 * HOUR),
  });
  const h = await insertProduct(db, {
    format: "shop",
    categoryId: hidden.id,
    nameCs: "Ve skryté kategorii",
    slugCs: "ve-skryte-kategorii",
    searchText: text("Ve skryté kategorii"),
  });
  // Only the first product has English texts; the others fall back to Czech.
  await db
    .update(products)
    .set({ nameEn: null, slugEn: null })
    .where(inArray(products.id, [b.id, c.id, d.id, e.id, f.id, g.id, h.id]));
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id, f: f.id, g: g.id, h: h.id });
  // The names search ranks by, as product code stores them beside the search text.
  for (const row of await db
    .select()
    .from(products)
    .where(inArray(products.id, Object.values(ids))))
    await db
      .update(products)
      .set({ searchName: productSearchName(row.nameCs, row.nameEn) })
      .where(eq(products.id, row.id));
});

afterAll(async () => {
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const list = (query: Partial<ListingQuery>) =>
  api.services.catalog.listProducts({ locale: "cs", categoryId: tree.root, now: NOW, ...query });
const idsOf = (items: ProductCardData[]) => items.map((item) => item.id);
const named = (...keys: string[]) => keys.map((key) => ids[key]);

describe("listProducts: filters", () => {
  it("lists the active products of a category and its active descendants", async () => {
    const page = await list({});
    expect(new Set(idsOf(page.items))).toEqual(new Set(named("a", "b", "c", "d", "e", "g")));
    expect(page.total).toBe(6);
    expect((await list({ categoryId: tree.leaf })).total).toBe(4);
    expect((await list({ categoryId: tree.hidden })).total).toBe(0);
  });

  it("filters by format, type and auction duration", async () => {
    expect(new Set(idsOf((await list({ formats: ["auction"] })).items))).toEqual(
      new Set(named("a", "b", "g")),
    );
    expect(new Set(idsOf((await list({ formats: ["shop", "classified"] })).items))).toEqual(
      new Set(named("c", "d", "e")),
    );
    expect(idsOf((await list({ types: ["demand"] })).items)).toEqual(named("d"));
    expect(new Set(idsOf((await list({ durations: ["week"] })).items))).toEqual(new Set(named("a", "g")));
    expect(idsOf((await list({ durations: ["month"] })).items)).toEqual(named("b"));
  });

  it("filters by the effective price: current, else start price for auctions; price otherwise", async () => {
    // a: 1 500 (current), b: 5 000 (start), c: 3 000, d: by agreement, e: 2 000, g: 800.
    const between = await list({ priceMinMinor: 150_000, priceMaxMinor: 300_000 });
    expect(new Set(idsOf(between.items))).toEqual(new Set(named("a", "c", "e")));
    expect(new Set(idsOf((await list({ priceMaxMinor: 100_000 })).items))).toEqual(new Set(named("g")));
  });

  it("filters by brand, package, verified seller, ending within hours, seller, ids and topped", async () => {
    expect(new Set(idsOf((await list({ brandIds: [brand.oak] })).items))).toEqual(new Set(named("a", "c")));
    expect(new Set(idsOf((await list({ packageIds: [pack.box, pack.tube] })).items))).toEqual(
      new Set(named("a", "e")),
    );
    // The operator's shop counts as a verified seller.
    expect(new Set(idsOf((await list({ verifiedSellerOnly: true })).items))).toEqual(
      new Set(named("a", "d", "e")),
    );
    expect(idsOf((await list({ endingWithinHours: 24 })).items)).toEqual(named("a"));
    expect(new Set(idsOf((await list({ endingWithinHours: 48 })).items))).toEqual(new Set(named("a", "g")));
    const seller = (await api.db.select().from(products).where(eq(products.id, ids.a)))[0].sellerId!;
    expect(new Set(idsOf((await list({ sellerId: seller })).items))).toEqual(new Set(named("a", "d")));
    expect(new Set(idsOf((await list({ ids: named("a", "f", "e") })).items))).toEqual(
      new Set(named("a", "e")),
    );
    expect((await list({ ids: [] })).total).toBe(0);
    expect(new Set(idsOf((await list({ excludeIds: named("a", "b") })).items))).toEqual(
      new Set(named("c", "d", "e", "g")),
    );
    expect(idsOf((await list({ toppedOnly: true })).items)).toEqual(named("b"));
    expect(idsOf((await list({ onSale: true })).items)).toEqual(named("e"));
  });

  it("lists other statuses when asked, greyed as pending", async () => {
    const ended = await list({ statuses: ["ended"] });
    expect(idsOf(ended.items)).toEqual(named("f"));
    expect(ended.items[0]).toMatchObject({ status: "ended", pending: true });
    expect((await list({})).items.every((item) => !item.pending)).toBe(true);
  });
});

describe("listProducts: sorting and pages", () => {
  // b is the one topped (promoted) product: a monthly auction at 5 000 Kč, no bids, ending in 10
  // days. Every sort a visitor picks is obeyed exactly; only the default ("recommended") lets
  // promotion decide.
  it("sorts by price both ways (by agreement last), a topped product in its place", async () => {
    // g 800, a 1 500, e 2 000, c 3 000, b 5 000 (topped), d by agreement.
    expect(idsOf((await list({ sort: "price_asc" })).items)).toEqual(named("g", "a", "e", "c", "b", "d"));
    expect(idsOf((await list({ sort: "price_desc" })).items)).toEqual(named("b", "c", "e", "a", "g", "d"));
    expect(idsOf((await list({ sort: "price_asc", formats: ["auction"] })).items)).toEqual(
      named("g", "a", "b"),
    );
  });

  it("sorts auctions ending soonest first, most bids, newest, a topped product in its place", async () => {
    // Auctions by their end (a 2 h, g 30 h, b 10 days), then the rest (classifieds d 40 days,
    // c 50 days; the shop product without an end last).
    expect(idsOf((await list({ sort: "ending" })).items)).toEqual(named("a", "g", "b", "d", "c", "e"));
    expect(idsOf((await list({ sort: "ending", formats: ["auction"] })).items)).toEqual(named("a", "g", "b"));
    // a has 3 bids, the others none: newest first.
    expect(idsOf((await list({ sort: "bids" })).items)).toEqual(named("a", "g", "c", "b", "d", "e"));
    // Newest by activation: g (6 h), c (1 day), b (2 days), d (3 days), a (5 days), e (10 days).
    expect(idsOf((await list({ sort: "newest" })).items)).toEqual(named("g", "c", "b", "d", "a", "e"));
  });

  it("sorts a search by relevance exactly; the recommended search order puts the topped product first", async () => {
    const search = (sort?: ListingQuery["sort"]) =>
      api.services.catalog.listingPage({
        locale: "cs",
        categoryId: tree.root,
        now: NOW,
        q: "doutniky",
        sort,
      });
    // Every hit matches only through its category, so relevance ties and the newest lead.
    expect(idsOf((await search("relevance")).page.items)).toEqual(named("g", "c", "b", "d", "a", "e"));
    expect(idsOf((await search()).page.items)).toEqual(named("b", "g", "c", "d", "a", "e"));
    expect(idsOf((await search("recommended")).page.items)).toEqual(named("b", "g", "c", "d", "a", "e"));
  });

  it("the default (recommended) order puts topped products first, then the list's own order", async () => {
    // Newest after the topped one; for a list of auctions, the end.
    expect(idsOf((await list({})).items)).toEqual(named("b", "g", "c", "d", "a", "e"));
    expect(idsOf((await list({ sort: "recommended" })).items)).toEqual(named("b", "g", "c", "d", "a", "e"));
    expect(idsOf((await list({ formats: ["auction"] })).items)).toEqual(named("b", "a", "g"));
    expect(idsOf((await list({ durations: ["week", "month"] })).items)).toEqual(named("b", "a", "g"));
  });

  it("pages through the results", async () => {
    const all = idsOf((await list({ sort: "price_asc" })).items);
    const second = await list({ sort: "price_asc", perPage: 4, page: 2 });
    expect(second).toMatchObject({ total: 6, page: 2, perPage: 4, pageCount: 2 });
    expect(idsOf(second.items)).toEqual(all.slice(4));
    expect((await list({ perPage: 1000 })).perPage).toBe(60);
    const beyond = await list({ page: 9 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(6);
  });

  it("returns cards with canonical URLs, the first image, prices and badges", async () => {
    const items = (await list({ sort: "price_asc" })).items;
    const a = items.find((item) => item.id === ids.a)!;
    expect(a).toEqual({
      id: ids.a,
      name: "Tabák Ambra",
      url: `/${ids.a}/kuba/tabak-ambra`,
      image: { src: "/uploads/products/a/main.svg", alt: "Ambra" },
      priceMinor: 150_000,
      originalPriceMinor: null,
      format: "auction",
      type: "supply",
      status: "active",
      pending: false,
      topped: false,
      endsAt: at(2 * HOUR).toISOString(),
      bidCount: 3,
      sellerVerified: true,
      sellerRating: null,
      brandName: "Dubový sud",
    });
    const b = items.find((item) => item.id === ids.b)!;
    expect(b).toMatchObject({ priceMinor: 500_000, topped: true, sellerVerified: false, image: null });
    expect(items.find((item) => item.id === ids.d)).toMatchObject({
      priceMinor: null,
      type: "demand",
      endsAt: null,
    });
    expect(items.find((item) => item.id === ids.e)).toMatchObject({
      priceMinor: 200_000,
      originalPriceMinor: 250_000,
      sellerVerified: true,
    });
    const english = await list({ locale: "en", ids: named("a", "b") });
    expect(english.items.find((item) => item.id === ids.a)).toMatchObject({
      name: "Tobacco Ambra",
      url: `/en/${ids.a}/cuba/tobacco-ambra`,
    });
    // No English slug for the category nor the product: the Czech ones are used.
    expect(english.items.find((item) => item.id === ids.b)?.url).toBe(
      `/en/${ids.b}/doutniky-test/krabice-bolivar`,
    );
  });
});

describe("sale (/produkty/akce)", () => {
  it("the demo data has shop products on sale and no auction shown as one", async () => {
    const sale = await api.services.catalog.listProducts({ locale: "cs", onSale: true, perPage: 60 });
    expect(sale.total).toBeGreaterThan(0);
    expect(sale.items.every((item) => item.format === "shop")).toBe(true);
    for (const item of sale.items) expect(item.originalPriceMinor!).toBeGreaterThan(item.priceMinor!);
    // No seeded auction keeps an old start price to strike through.
    const seeded = await api.db
      .select({ id: products.id })
      .from(products)
      .where(and(ne(products.format, "shop"), eq(products.isPriceSaleActive, true)));
    expect(seeded).toEqual([]);
  });

  it("lists shop products with an active sale price below the original, never an auction", async () => {
    const db = api.db;
    const bidder = await api.createUser();
    const owner = await api.createUser();
    const root = await insertCategory(db, { depth: 1, slugCs: "vyprodej-test", nameCs: "Výprodej test" });
    const auction = {
      format: "auction" as const,
      status: "active" as const,
      categoryId: root.id,
      sellerId: owner.user.id,
      priceMinor: null,
      auctionDuration: "week" as const,
      activationAt: at(-DAY),
      endsAt: at(5 * DAY),
    };
    // An auction whose seller lowered the start price (the old start kept as if it were a sale
    // price, as earlier code stored it): still just an auction.
    const lowered = await insertProduct(db, {
      ...auction,
      startPriceMinor: 100_000,
      originalPriceMinor: 150_000,
      isPriceSaleActive: true,
    });
    const bidUnder = await insertProduct(db, {
      ...auction,
      startPriceMinor: 100_000,
      currentPriceMinor: 120_000,
      bidCount: 2,
      originalPriceMinor: 150_000,
      isPriceSaleActive: true,
    });
    const shop = await insertProduct(db, {
      categoryId: root.id,
      priceMinor: 90_000,
      originalPriceMinor: 100_000,
      isPriceSaleActive: true,
    });
    // A shop product with the sale switched off, or an "original" not above the price.
    await insertProduct(db, { categoryId: root.id, priceMinor: 90_000 });
    await insertProduct(db, { categoryId: root.id, priceMinor: 90_000, originalPriceMinor: 100_000 });
    await insertProduct(db, {
      categoryId: root.id,
      priceMinor: 100_000,
      originalPriceMinor: 100_000,
      isPriceSaleActive: true,
    });
    // Classifieds have no sale price.
    const classified = await insertProduct(db, {
      format: "classified",
      categoryId: root.id,
      sellerId: bidder.user.id,
      priceMinor: 90_000,
      originalPriceMinor: 100_000,
      isPriceSaleActive: true,
      activationAt: at(-DAY),
      endsAt: at(50 * DAY),
    });
    for (const sort of [undefined, "newest", "price_asc", "price_desc"] as const) {
      const sale = await api.services.catalog.listingPage({
        locale: "cs",
        categoryId: root.id,
        onSale: true,
        sort,
      });
      expect(idsOf(sale.page.items)).toEqual([shop.id]);
      expect(sale.page.total).toBe(1);
      expect(sale.page.items[0]).toMatchObject({
        format: "shop",
        priceMinor: 90_000,
        originalPriceMinor: 100_000,
      });
    }
    // Only the shop product on sale shows a struck-through price; the auctions show their price.
    const all = await api.services.catalog.listProducts({ locale: "cs", categoryId: root.id, perPage: 60 });
    expect(all.items.filter((item) => item.originalPriceMinor !== null).map((item) => item.id)).toEqual([
      shop.id,
    ]);
    expect(all.items.find((item) => item.id === lowered.id)).toMatchObject({
      priceMinor: 100_000,
      originalPriceMinor: null,
    });
    expect(all.items.find((item) => item.id === bidUnder.id)?.originalPriceMinor).toBeNull();
    expect(all.items.find((item) => item.id === classified.id)?.originalPriceMinor).toBeNull();
    // The product page says the same.
    for (const id of [lowered.id, bidUnder.id, classified.id])
      expect(await api.services.productPages.productDetail(id, "cs", NOW)).toMatchObject({
        originalPriceMinor: null,
        isPriceSaleActive: false,
      });
    expect(await api.services.productPages.productDetail(shop.id, "cs", NOW)).toMatchObject({
      originalPriceMinor: 100_000,
      isPriceSaleActive: true,
    });
  });
});

describe("listingFacets", () => {
  it("counts brands and packages among the matching products, each facet ignoring its own filter", async () => {
    const facets = await api.services.catalog.listingFacets({
      locale: "cs",
      categoryId: tree.root,
      now: NOW,
    });
    expect(facets.brands).toEqual([
      { id: brand.oak, name: "Dubový sud", count: 2 },
      { id: brand.ash, name: "Jasan", count: 2 },
    ]);
    expect(facets.packages).toEqual([
      { id: pack.box, name: "Krabička test", count: 1 },
      { id: pack.tube, name: "Tuba test", count: 1 },
    ]);
    const filtered = await api.services.catalog.listingFacets({
      locale: "en",
      categoryId: tree.root,
      brandIds: [brand.oak],
      now: NOW,
    });
    expect(filtered.brands.map((entry) => entry.id)).toEqual([brand.oak, brand.ash]);
    expect(filtered.packages).toEqual([{ id: pack.box, name: "Test box", count: 1 }]);
  });
});

describe("listingPage", () => {
  it("gives the same cards, total and facets as listProducts and listingFacets, with and without facet filters", async () => {
    for (const extra of [
      {},
      { brandIds: [brand.oak] },
      { packageIds: [pack.box] },
      { brandIds: [brand.ash], packageIds: [pack.tube] },
    ]) {
      const query: ListingQuery = {
        locale: "cs",
        categoryId: tree.root,
        now: NOW,
        sort: "price_asc",
        ...extra,
      };
      const combined = await api.services.catalog.listingPage(query);
      expect(combined.page).toEqual(await api.services.catalog.listProducts(query));
      expect(combined.facets).toEqual(await api.services.catalog.listingFacets(query));
    }
  });

  it("answers a search page in one pass with the same cards, total and facets", async () => {
    const base: ListingQuery = { locale: "en", q: "whisky", now: NOW, perPage: 6, page: 2 };
    const plain = await api.services.catalog.listingPage(base);
    expect(plain.page.total).toBeGreaterThan(6);
    const [brandA, brandB] = plain.facets.brands;
    const [packageA] = plain.facets.packages;
    for (const extra of [
      {},
      { sort: "price_desc" as const, page: 1 },
      { brandIds: [brandA.id] },
      { packageIds: [packageA.id] },
      { brandIds: [brandA.id, brandB.id], packageIds: [packageA.id], page: 1 },
      { formats: ["auction" as const], sort: "ending" as const, page: 1 },
      { q: "qqxxzzy" },
    ]) {
      const query: ListingQuery = { ...base, ...extra };
      const combined = await api.services.catalog.listingPage(query);
      expect(combined.page, JSON.stringify(extra)).toEqual(await api.services.catalog.listProducts(query));
      expect(combined.facets, JSON.stringify(extra)).toEqual(await api.services.catalog.listingFacets(query));
    }
  });

  it("lists what went live within the last days (new products)", async () => {
    expect(new Set(idsOf((await list({ activatedWithinDays: 2 })).items))).toEqual(
      new Set(named("b", "c", "g")),
    );
  });
});

describe("findCategory", () => {
  it("returns the category with its path, description and subcategories, English falling back to Czech", async () => {
    const cs = await api.services.catalog.findCategory(tree.child, "cs");
    expect(cs).toEqual({
      id: tree.child,
      slug: "doutniky-test",
      name: "Doutníky test",
      url: `/${tree.child}/doutniky-test`,
      description: "Krabice a tuby.",
      path: [{ id: tree.root, slug: "sklep", name: "Sklep", url: `/${tree.root}/sklep` }],
      children: [{ id: tree.leaf, slug: "kuba", name: "Kuba", url: `/${tree.leaf}/kuba` }],
      urls: { cs: `/${tree.child}/doutniky-test`, en: `/en/${tree.child}/doutniky-test` },
      slugs: { cs: "doutniky-test", en: "doutniky-test" },
    });
    const en = await api.services.catalog.findCategory(tree.leaf, "en");
    expect(en).toMatchObject({ name: "Cuba", url: `/en/${tree.leaf}/cuba`, description: null });
    expect(en?.path.map((entry) => entry.name)).toEqual(["Cellar", "Doutníky test"]);
  });

  it("returns null for an unknown or inactive category", async () => {
    expect(await api.services.catalog.findCategory(tree.hidden, "cs")).toBeNull();
    expect(await api.services.catalog.findCategory(999_999, "cs")).toBeNull();
    expect(await api.services.catalog.findCategory(-1, "cs")).toBeNull();
  });
});

describe("search", () => {
  const search = (q: string, extra: Partial<ListingQuery> = {}) =>
    api.services.catalog.listProducts({ locale: "cs", q, ...extra });

  it("ignores letter case and diacritics", async () => {
    const zacapa = await search("rum zacapa");
    expect(zacapa.total).toBeGreaterThan(0);
    expect(zacapa.items.every((item) => /zacapa/i.test(item.name))).toBe(true);
    const champagne = await search("sampanske");
    expect(champagne.total).toBeGreaterThan(0);
    expect(idsOf((await search("ŠAMPAŇSKÉ")).items)).toEqual(idsOf(champagne.items));
    // The Czech category name matched; the products are champagnes.
    expect(champagne.items.some((item) => /Dom Pérignon|Krug|Cristal|Bollinger/.test(item.name))).toBe(true);
  });

  it("tolerates a typo", async () => {
    const macallan = await search("macalan");
    expect(macallan.total).toBeGreaterThan(0);
    expect(macallan.items.every((item) => /macallan/i.test(item.name))).toBe(true);
    const zacapa = await search("zakapa");
    expect(zacapa.items.map((item) => item.name).some((name) => name.includes("Zacapa"))).toBe(true);
    expect((await search("rum zakapa")).total).toBe((await search("rum zacapa")).total);
  });

  it("finds words inside longer words, and English texts", async () => {
    expect((await search("allan")).items.every((item) => /macallan/i.test(item.name))).toBe(true);
    expect((await search("tobacco ambra")).items.map((item) => item.id)).toContain(ids.a);
  });

  it("ranks name matches above description matches, and exact words suppress typo neighbours", async () => {
    // "kourova bomba": the demand ad's name vs. the humidor's description.
    const hits = await search("kourova bomba", { categoryId: tree.root, now: NOW });
    expect(idsOf(hits.items)).toEqual(named("d", "c"));
    // "tabak" exists as written, so "tabal" (one typo away) is not mixed in; "tabal" itself exists too.
    expect(idsOf((await search("tabak", { categoryId: tree.root })).items)).toEqual(named("a"));
    expect(idsOf((await search("tabal", { categoryId: tree.root })).items)).toEqual(named("e"));
  });

  it("combines search with filters and sorts, and returns nothing for nonsense", async () => {
    const auctions = await search("macallan", { formats: ["auction"], sort: "price_desc" });
    expect(auctions.items.every((item) => item.format === "auction")).toBe(true);
    const prices = auctions.items.map((item) => item.priceMinor ?? 0);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    expect((await search("xqzwv")).total).toBe(0);
    expect((await search("   ")).total).toBeGreaterThan(100);
    // Characters with a meaning in tsquery syntax are only separators here.
    expect((await search("zacapa & | ! ( ) : * '")).total).toBe((await search("zacapa")).total);
  });
});

describe("autocomplete", () => {
  it("GET /api/catalog/autocomplete suggests products and categories, typo tolerant", async () => {
    const response = await api.call("GET", "/api/catalog/autocomplete?q=zakapa&lang=cs");
    expect(response.status).toBe(200);
    expect(response.json.products.length).toBeGreaterThan(0);
    expect(response.json.products.length).toBeLessThanOrEqual(8);
    expect(response.json.products[0].name).toContain("Zacapa");
    expect(response.json.products[0].url).toMatch(/^\/\d+\/[a-z0-9-]+\/[a-z0-9-]+$/);
    const categories = await api.call("GET", "/api/catalog/autocomplete?q=sampan&lang=en");
    expect(categories.json.categories[0]).toMatchObject({ name: "Champagne" });
    expect(categories.json.categories[0].url).toMatch(/^\/en\/\d+\/champagne$/);
    expect(categories.json.categories[0].context).toContain("›");
  });

  it("puts products whose name starts with the typed word before a category that only resembles it", async () => {
    // "zaca" starts "Zacapa" (products) and is one letter from "zapa(lovače)" (a category): the
    // visitor typed a real word, so the products come and the look-alike category does not.
    const response = await api.call("GET", "/api/catalog/autocomplete?q=zaca&lang=cs");
    expect(response.status).toBe(200);
    expect(response.json.products.length).toBeGreaterThan(0);
    expect(response.json.products[0].name).toContain("Zacapa");
    expect(response.json.categories.map((category: { name: string }) => category.name)).not.toContain(
      "Ořezávače a zapalovače",
    );
    // The category is still suggested for what its name starts with, and for a typo of it.
    const exact = await api.call("GET", "/api/catalog/autocomplete?q=zapalov&lang=cs");
    expect(exact.json.categories.map((category: { name: string }) => category.name)).toContain(
      "Ořezávače a zapalovače",
    );
    const typo = await api.call("GET", "/api/catalog/autocomplete?q=zapalivace&lang=cs");
    expect(typo.json.categories.map((category: { name: string }) => category.name)).toContain(
      "Ořezávače a zapalovače",
    );
  });

  it("answers an empty or one-letter query with empty lists, and rejects a bad language", async () => {
    expect((await api.call("GET", "/api/catalog/autocomplete?q=&lang=cs")).json).toEqual({
      products: [],
      categories: [],
    });
    expect((await api.call("GET", "/api/catalog/autocomplete?q=r")).json).toEqual({
      products: [],
      categories: [],
    });
    expect((await api.call("GET", "/api/catalog/autocomplete?q=rum&lang=de")).status).toBe(422);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await api.call("GET", "/api/openapi.json");
    expect(doc.json.paths["/catalog/autocomplete"]).toBeDefined();
  });
});

describe("search text", () => {
  it("normalises like the stored text, and splits queries into safe words", () => {
    expect(searchText(["Šampaňské", "  Kouřová  BOMBA "])).toBe("sampanske kourova bomba");
    expect(searchTokens("Rum & Zacapa | (23) rum")).toEqual(["rum", "zacapa", "23"]);
    expect(searchTokens("a b c d e f g h i j").length).toBe(8);
  });

  it("counts typos by length: none under 4 letters, one from 4, two from 8, never in numbers", () => {
    expect(editDistance("zakapa", "zacapa")).toBe(1);
    expect(editDistance("macalan", "macallan")).toBe(1);
    expect(editDistance("wihsky", "whisky")).toBe(1);
    expect(isTypoOf("zakapa", "zacapa")).toBe(true);
    expect(isTypoOf("rom", "rum")).toBe(false);
    expect(isTypoOf("1990", "1991")).toBe(false);
    expect(isTypoOf("glenfidic", "glenfiddich")).toBe(true);
    expect(isTypoOf("makal", "macallan")).toBe(true);
  });

  it("keeps the vocabulary in step with the products' texts", async () => {
    const [category] = await api.db.select().from(categories).limit(1);
    await insertProduct(api.db, {
      categoryId: category.id,
      nameCs: "Qwertzuiop",
      slugCs: "qwertzuiop",
      searchText: productSearchText({ nameCs: "Qwertzuiop" }),
    });
    expect((await search2("qwertzuiopp")).total).toBe(1);
    const [row] = await api.db.select().from(products).where(eq(products.slugCs, "qwertzuiop"));
    await api.db
      .update(products)
      .set({ searchText: productSearchText({ nameCs: "Qwertzuiop Asdfghjkl" }) })
      .where(eq(products.id, row.id));
    expect((await search2("asdfghjkll")).total).toBe(1);
  });
});

function search2(q: string) {
  return api.services.catalog.listProducts({ locale: "cs", q });
}
