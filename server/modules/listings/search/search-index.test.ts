import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, categories } from "#server/modules/catalog/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { products } from "../tables/products.ts";

/**
 * refreshSearchText on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the stored
 * search text follows renamed brands and categories, so search finds products by their new names.
 */

let api: TestApi;
let ids: { root: number; leaf: number; brand: number; product: number; other: number };

beforeAll(async () => {
  api = await createTestApi();
  const root = await insertCategory(api.db, {
    depth: 1,
    slugCs: "destilaty-test",
    nameCs: "Destiláty zkušební",
    nameEn: "Trial spirits",
  });
  const leaf = await insertCategory(api.db, {
    depth: 2,
    parentId: root.id,
    slugCs: "jamajka-test",
    nameCs: "Ostrov Xamayca",
    nameEn: "Xamayca island",
  });
  const [brand] = await api.db
    .insert(brands)
    .values({ name: "Starý Vulkán", nameKey: "stary vulkan" })
    .returning();
  // Inserted as code other than the seeds would: without search text.
  const product = await insertProduct(api.db, {
    categoryId: leaf.id,
    brandId: brand.id,
    nameCs: "Láhev Qwyrtolenka",
    nameEn: "Qwyrtolenka bottle",
    descriptionCs: "Zapečetěná korková zátka.",
    descriptionEn: "Sealed cork.",
  });
  const other = await insertProduct(api.db, { categoryId: root.id, nameCs: "Jiná láhev" });
  ids = { root: root.id, leaf: leaf.id, brand: brand.id, product: product.id, other: other.id };
});

afterAll(async () => {
  await api?.close();
});

const hits = async (q: string) =>
  (await api.services.catalog.listProducts({ locale: "cs", q, perPage: 60 })).items.map((item) => item.id);
const stored = async (id: number) =>
  (
    await api.db
      .select({ text: products.searchText, name: products.searchName })
      .from(products)
      .where(eq(products.id, id))
  )[0];

describe("refreshSearchText", () => {
  it("builds the text from names, brand, the whole category path and descriptions in both languages", async () => {
    expect(await hits("qwyrtolenka")).toEqual([]);
    expect(await api.services.catalog.refreshSearchText({ productIds: [ids.product, ids.other] })).toBe(2);
    expect(await stored(ids.product)).toEqual({
      text: "lahev qwyrtolenka qwyrtolenka bottle stary vulkan destilaty zkusebni ostrov xamayca trial spirits xamayca island zapecetena korkova zatka. sealed cork.",
      name: "lahev qwyrtolenka qwyrtolenka bottle",
    });
    expect(await hits("qwyrtolenka")).toEqual([ids.product]);
    // The root category's name, in either language, finds the product filed two levels down.
    expect(await hits("destilaty zkusebni qwyrtolenka")).toEqual([ids.product]);
    expect(await hits("trial spirits qwyrtolenka")).toEqual([ids.product]);
    // Nothing changed since: nothing is written again.
    expect(await api.services.catalog.refreshSearchText({ all: true })).toBe(0);
  });

  it("follows a renamed brand: search finds the product by the new name, no longer by the old", async () => {
    await api.db
      .update(brands)
      .set({ name: "Nová Sopka", nameKey: "nova sopka" })
      .where(eq(brands.id, ids.brand));
    expect(await api.services.catalog.refreshSearchText({ brandIds: [ids.brand] })).toBe(1);
    expect(await hits("nova sopka")).toEqual([ids.product]);
    expect(await hits("NOVÁ SOPKA qwyrtolenka")).toEqual([ids.product]);
    expect(await hits("stary vulkan qwyrtolenka")).toEqual([]);
  });

  it("follows a renamed product, names and search_name alike", async () => {
    await api.db
      .update(products)
      .set({ nameCs: "Vzácná Qwyrtolenka", nameEn: "Rare Qwyrtolenka" })
      .where(eq(products.id, ids.other));
    expect(await api.services.catalog.refreshSearchText({ productIds: [ids.other] })).toBe(1);
    expect((await stored(ids.other)).name).toBe("vzacna qwyrtolenka rare qwyrtolenka");
    expect(await hits("vzacna qwyrtolenka")).toEqual([ids.other]);
    expect(new Set(await hits("qwyrtolenka"))).toEqual(new Set([ids.product, ids.other]));
  });

  it("follows a renamed category for every product in its branch", async () => {
    await api.db
      .update(categories)
      .set({ nameCs: "Pálenky zkušební", nameEn: "Trial brandies" })
      .where(eq(categories.id, ids.root));
    expect(await api.services.catalog.refreshSearchText({ categoryIds: [ids.root] })).toBe(2);
    expect(new Set(await hits("palenky zkusebni"))).toEqual(new Set([ids.product, ids.other]));
    expect(await hits("trial brandies bottle")).toEqual([ids.product]);
    expect(await hits("destilaty zkusebni")).toEqual([]);
  });

  it("ignores unknown ids and empty scopes", async () => {
    expect(await api.services.catalog.refreshSearchText({ productIds: [] })).toBe(0);
    expect(await api.services.catalog.refreshSearchText({ brandIds: [] })).toBe(0);
    expect(await api.services.catalog.refreshSearchText({ categoryIds: [2_000_000_000] })).toBe(0);
  });
});
