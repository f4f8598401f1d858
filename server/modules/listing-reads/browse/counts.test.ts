import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import { insertRecords } from "#server/db/seed/bulk-load.ts";
import { brands } from "#server/modules/catalog/tables.ts";
import { listingCounts } from "#server/modules/listings/tables/listing-counts.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { COUNT_CAP } from "./counts.ts";

/**
 * The listing's counts (ADR 0034) on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): listing_counts follows inserts, status changes, moves and deletes, so a
 * category page's total and facets stay exact; a query the counts cannot answer stops at the cap.
 */

let api: TestApi;
let tree: { root: number; left: number; right: number };
let brand: { oak: number; ash: number };
const NOW = new Date();

beforeAll(async () => {
  api = await createTestApi();
  const db = api.db;
  const root = await insertCategory(db, { depth: 1, slugCs: "pocty", nameCs: "Počty" });
  const left = await insertCategory(db, { depth: 2, parentId: root.id, slugCs: "vlevo", nameCs: "Vlevo" });
  const right = await insertCategory(db, { depth: 2, parentId: root.id, slugCs: "vpravo", nameCs: "Vpravo" });
  tree = { root: root.id, left: left.id, right: right.id };
  const [oak, ash] = await db
    .insert(brands)
    .values([
      { name: "Dub počty", nameKey: "dub pocty" },
      { name: "Jasan počty", nameKey: "jasan pocty" },
    ])
    .returning();
  brand = { oak: oak.id, ash: ash.id };
});

afterAll(async () => {
  await api?.close();
});

const page = (query: Partial<ListingQuery>) =>
  api.services.catalog.listingPage({ locale: "cs", categoryId: tree.root, now: NOW, ...query });

/** The total and the brand facet of a category page. */
async function counts(categoryId = tree.root) {
  const { page: result, facets } = await page({ categoryId });
  return {
    total: result.total,
    capped: result.totalCapped ?? false,
    brands: Object.fromEntries(facets.brands.map((entry) => [entry.id, entry.count])),
  };
}

/** listing_counts equals a count of the products themselves. */
async function expectCountsMatchProducts() {
  const kept = await api.db.execute(sql`
    select category_id, format, type, auction_duration, brand_id, package_id, n from listing_counts where n <> 0
    except
    select category_id, format, type, auction_duration, brand_id, package_id, count(*)::int
    from products where status = 'active' group by 1, 2, 3, 4, 5, 6`);
  const missing = await api.db.execute(sql`
    select category_id, format, type, auction_duration, brand_id, package_id, count(*)::int
    from products where status = 'active' group by 1, 2, 3, 4, 5, 6
    except
    select category_id, format, type, auction_duration, brand_id, package_id, n from listing_counts`);
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  expect(rows(kept)).toEqual([]);
  expect(rows(missing)).toEqual([]);
}

describe("maintained counts", () => {
  it("count a new product, a sold or expired one, a moved one and a deleted one", async () => {
    const db = api.db;
    expect(await counts()).toEqual({ total: 0, capped: false, brands: {} });
    const a = await insertProduct(db, { categoryId: tree.left, brandId: brand.oak });
    const b = await insertProduct(db, { categoryId: tree.left, brandId: brand.oak });
    const c = await insertProduct(db, { categoryId: tree.right, brandId: brand.ash });
    await insertProduct(db, { categoryId: tree.right, brandId: brand.ash, status: "draft" });
    expect(await counts()).toEqual({ total: 3, capped: false, brands: { [brand.oak]: 2, [brand.ash]: 1 } });
    expect((await counts(tree.left)).total).toBe(2);

    // Sold and expired leave the listing; a bid-like update (price, count) changes nothing.
    await db.update(products).set({ status: "sold" }).where(eq(products.id, a.id));
    await db.update(products).set({ status: "expired" }).where(eq(products.id, c.id));
    await db.update(products).set({ priceMinor: 5, views: 9 }).where(eq(products.id, b.id));
    expect(await counts()).toEqual({ total: 1, capped: false, brands: { [brand.oak]: 1 } });

    // Moved to the other branch and to the other brand; back to active.
    await db
      .update(products)
      .set({ categoryId: tree.right, brandId: brand.ash })
      .where(eq(products.id, b.id));
    await db.update(products).set({ status: "active" }).where(eq(products.id, c.id));
    expect(await counts(tree.left)).toEqual({ total: 0, capped: false, brands: {} });
    expect(await counts(tree.right)).toEqual({ total: 2, capped: false, brands: { [brand.ash]: 2 } });

    await db.delete(products).where(inArray(products.id, [a.id, c.id]));
    expect(await counts()).toEqual({ total: 1, capped: false, brands: { [brand.ash]: 1 } });
    await expectCountsMatchProducts();
  });

  it("answer a brand filter and the similar-items list from the counts, exactly", async () => {
    const oak = await insertProduct(api.db, { categoryId: tree.left, brandId: brand.oak });
    const { page: result, facets } = await page({ brandIds: [brand.oak] });
    expect(result.total).toBe(1);
    expect(result.items.map((item) => item.id)).toEqual([oak.id]);
    // The brand facet leaves out its own filter: the other brand stays there to add.
    expect(facets.brands.map((entry) => [entry.id, entry.count])).toEqual([
      [brand.oak, 1],
      [brand.ash, 1],
    ]);
    const similar = await api.services.catalog.listProducts({
      locale: "cs",
      categoryId: tree.root,
      excludeIds: [oak.id],
      sort: "newest",
      perPage: 4,
    });
    expect(similar.total).toBe(1);
    expect(similar.totalCapped).toBeUndefined();
    await expectCountsMatchProducts();
  });
});

describe("capped counts", () => {
  beforeAll(async () => {
    // COUNT_CAP + 5 live products in one statement (the statement trigger counts them at once).
    const rows = Array.from({ length: COUNT_CAP + 5 }, (_, index) => ({
      format: "shop" as const,
      status: "active" as const,
      categoryId: tree.left,
      brandId: index % 2 ? brand.oak : brand.ash,
      nameCs: `Hromada ${index}`,
      slugCs: `hromada-${index}`,
      searchText: `hromada kvasinka ${index}`,
      searchName: `hromada ${index}`,
      priceMinor: 1000 + index,
    }));
    await insertRecords(api.db, products, rows);
  });

  it("keeps the unfiltered total exact from the counts", async () => {
    const result = await counts(tree.left);
    expect(result.total).toBe(COUNT_CAP + 5 + 1);
    expect(result.capped).toBe(false);
    // As the category page asks: filters that are off come as false, empty or undefined.
    const { page: asked } = await page({
      categoryId: tree.left,
      verifiedSellerOnly: false,
      excludeIds: [],
      q: "",
      endingWithinHours: undefined,
    });
    expect([asked.total, asked.totalCapped]).toEqual([COUNT_CAP + 5 + 1, undefined]);
    const none = await api.services.catalog.listProducts({ locale: "cs", categoryId: tree.left, ids: [] });
    expect(none.total).toBe(0);
    await expectCountsMatchProducts();
  });

  it("stops a filtered count at the cap and says so", async () => {
    const { page: result, facets } = await page({ categoryId: tree.left, priceMinMinor: 1000 });
    expect(result.total).toBe(COUNT_CAP);
    expect(result.totalCapped).toBe(true);
    expect(result.pageCount).toBe(Math.ceil(COUNT_CAP / 24));
    expect(result.items).toHaveLength(24);
    expect(facets.capped).toBe(true);
    const small = await page({ categoryId: tree.left, priceMinMinor: 1000, priceMaxMinor: 1009 });
    expect(small.page.total).toBe(10);
    expect(small.page.totalCapped).toBeUndefined();
    expect(small.facets.capped).toBeUndefined();
  });

  it("stops a common word's search at the cap, and a brand filter still finds its own hits", async () => {
    const { page: result, facets } = await page({ categoryId: undefined, q: "kvasinka" });
    expect(result.total).toBe(COUNT_CAP);
    expect(result.totalCapped).toBe(true);
    expect(facets.capped).toBe(true);
    const narrow = await page({ categoryId: undefined, q: "kvasinka 7" });
    expect(narrow.page.totalCapped).toBeUndefined();
    const oak = await page({ categoryId: undefined, q: "kvasinka", brandIds: [brand.oak], perPage: 60 });
    expect(oak.page.items).toHaveLength(60);
    expect(oak.page.items.every((item) => item.brandName === "Dub počty")).toBe(true);
  });

  it("rebuilds to the same rows", async () => {
    const before = await api.db.select().from(listingCounts);
    await api.db.execute(sql`select listing_counts_rebuild()`);
    const after = await api.db.select().from(listingCounts);
    const key = (row: (typeof before)[number]) => JSON.stringify(row);
    expect(
      after
        .filter((row) => row.n !== 0)
        .map(key)
        .sort(),
    ).toEqual(
      before
        .filter((row) => row.n !== 0)
        .map(key)
        .sort(),
    );
  });
});
