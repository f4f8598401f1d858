import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture, insertProduct } from "#server/test/fixtures.ts";
import { sellerListingCounts } from "./tables/listing-counts.ts";
import { products } from "./tables/products.ts";

/**
 * The seller counts (ADR 0137) follow every kind of write to products, as the triggers keep them:
 * a statement inserting several sellers' listings, a status change, a seller change, a delete, and
 * a rebuild gives the same rows (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let api: TestApi;
let categoryId: number;
let anna: number;
let boris: number;

beforeAll(async () => {
  api = await createTestApi();
  categoryId = (await insertCatalogFixture(api.db)).categories.jamaica.id;
  anna = (await api.createUser({ username: "AnnaSbira" })).user.id;
  boris = (await api.createUser({ username: "BorisProdava" })).user.id;
});
afterAll(async () => {
  await api?.close();
});

type Counts = { sellerId: number | null; active: number; sold: number };

/** Each seller's counts in `rows` (0 and 0 without a row). */
function bySeller(rows: Counts[], sellerIds: number[]) {
  return Object.fromEntries(
    sellerIds.map((id) => {
      const row = rows.find((candidate) => candidate.sellerId === id);
      return [id, { active: Number(row?.active ?? 0), sold: Number(row?.sold ?? 0) }];
    }),
  );
}

async function countsOf(...sellerIds: number[]) {
  const rows = await api.db
    .select()
    .from(sellerListingCounts)
    .where(inArray(sellerListingCounts.sellerId, sellerIds));
  return bySeller(rows, sellerIds);
}

/** What the products themselves say, counted the slow way. */
async function countedOf(...sellerIds: number[]) {
  const rows = await api.db
    .select({
      sellerId: products.sellerId,
      active: sql<number>`count(*) filter (where ${products.status} = 'active')::int`,
      sold: sql<number>`count(*) filter (where ${products.status} = 'sold')::int`,
    })
    .from(products)
    .where(inArray(products.sellerId, sellerIds))
    .groupBy(products.sellerId);
  return bySeller(rows, sellerIds);
}

describe("a seller's listings on sale and sold, kept as products change", () => {
  it("counts one statement's listings of several sellers, and not drafts", async () => {
    await api.db.insert(products).values(
      [anna, anna, anna, boris, boris].map((sellerId, index) => ({
        categoryId,
        sellerId,
        format: "classified" as const,
        status: index === 2 ? ("draft" as const) : ("active" as const),
        nameCs: `Láhev ${index}`,
        nameEn: `Bottle ${index}`,
        slugCs: `lahev-pocty-${index}`,
        slugEn: `bottle-counts-${index}`,
        priceMinor: 50_000,
      })),
    );
    expect(await countsOf(anna, boris)).toEqual({
      [anna]: { active: 2, sold: 0 },
      [boris]: { active: 2, sold: 0 },
    });
  });

  it("moves a listing from on sale to sold, and a draft into sale", async () => {
    const annas = await api.db
      .select()
      .from(products)
      .where(eq(products.sellerId, anna))
      .orderBy(products.id);
    await api.db.update(products).set({ status: "sold" }).where(eq(products.id, annas[0].id));
    await api.db.update(products).set({ status: "active" }).where(eq(products.id, annas[2].id));
    // A price change never moves a count.
    await api.db.update(products).set({ priceMinor: 60_000 }).where(eq(products.sellerId, anna));
    expect(await countsOf(anna)).toEqual({ [anna]: { active: 2, sold: 1 } });
  });

  it("moves a listing between sellers and takes deleted ones away", async () => {
    const [listing] = await api.db.select().from(products).where(eq(products.sellerId, boris)).limit(1);
    await api.db.update(products).set({ sellerId: anna }).where(eq(products.id, listing.id));
    expect(await countsOf(anna, boris)).toEqual({
      [anna]: { active: 3, sold: 1 },
      [boris]: { active: 1, sold: 0 },
    });
    await api.db.delete(products).where(eq(products.sellerId, boris));
    await insertProduct(api.db, { categoryId, sellerId: boris, status: "sold", format: "classified" });
    expect(await countsOf(anna, boris)).toEqual({
      [anna]: { active: 3, sold: 1 },
      [boris]: { active: 0, sold: 1 },
    });
    expect(await countsOf(anna, boris)).toEqual(await countedOf(anna, boris));
  });

  it("rebuilds to what the products say", async () => {
    await api.db.execute(sql`update seller_listing_counts set active = active + 7`);
    await api.db.execute(sql`select seller_listing_counts_rebuild()`);
    expect(await countsOf(anna, boris)).toEqual(await countedOf(anna, boris));
  });
});
