import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import { matchKey } from "#core/rules/listing-attributes.ts";
import { productSearchText } from "#server/modules/catalog/index.ts";
import {
  listingAttributeDefinitions,
  listingAttributeValues,
} from "#server/modules/listing-attributes/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";

/**
 * The attribute facets of a search without a category (issue 37; docs/product/collector-data.md):
 * every subtree's facet definitions merged by key (the top-most one's label), counted over the
 * search's hits and offered only when some hit has a value; a search filters by them and ignores
 * a key no facet has. On a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Twice:
 * the hits' values counted by PostgreSQL (ADR 0121), and in the live terms in memory (ADR 0132).
 */

describe.each([
  { path: "PostgreSQL", memory: false },
  { path: "the terms in memory", memory: true },
])("searches' attribute facets, the hits' values counted by $path", ({ memory }) => {
  let api: TestApi;
  let tree: { spirits: number; whisky: number; tobacco: number };

  const base = { unit: null, options: [], required: false, facet: true, suggested: false };

  beforeAll(async () => {
    api = await createTestApi();
    if (memory) await api.startTermsMemory();
    const db = api.db;
    const spirits = await insertCategory(db, { depth: 1, nameCs: "Lihoviny", slugCs: "lihoviny-f" });
    const whisky = await insertCategory(db, {
      depth: 2,
      parentId: spirits.id,
      nameCs: "Whisky",
      slugCs: "whisky-f",
    });
    const tobacco = await insertCategory(db, { depth: 1, nameCs: "Tabák", slugCs: "tabak-f" });
    tree = { spirits: spirits.id, whisky: whisky.id, tobacco: tobacco.id };
    await db.insert(listingAttributeDefinitions).values([
      {
        ...base,
        categoryId: spirits.id,
        key: "age_years",
        type: "integer",
        unit: "years",
        labelCs: "Stáří",
        labelEn: "Age",
        position: 10,
      },
      // The same key deeper: the search shows the top-most label.
      {
        ...base,
        categoryId: whisky.id,
        key: "age_years",
        type: "integer",
        unit: "years",
        labelCs: "Stáří whisky",
        labelEn: "Whisky age",
        position: 10,
      },
      {
        ...base,
        categoryId: spirits.id,
        key: "country",
        type: "text",
        labelCs: "Země",
        labelEn: "Country",
        position: 20,
      },
      {
        ...base,
        categoryId: spirits.id,
        key: "cask_number",
        type: "text",
        facet: false,
        labelCs: "Číslo sudu",
        labelEn: "Cask number",
        position: 30,
      },
      {
        ...base,
        categoryId: tobacco.id,
        key: "vitola",
        type: "text",
        labelCs: "Vitola",
        labelEn: "Vitola",
        position: 10,
      },
    ]);
    const product = async (categoryId: number, nameCs: string, values: Record<string, string | number>) => {
      const row = await insertProduct(db, {
        categoryId,
        nameCs,
        searchText: productSearchText({ nameCs, brand: null, categories: [], descriptionCs: "" }),
      });
      await db.insert(listingAttributeValues).values(
        Object.entries(values).map(([key, value]) => ({
          productId: row.id,
          key,
          textValue: typeof value === "string" ? value : null,
          matchKey: typeof value === "string" ? matchKey(value) : null,
          numberValue: typeof value === "number" ? value : null,
        })),
      );
      return row.id;
    };
    await product(whisky.id, "Fasetka whisky dvanáct", {
      age_years: 12,
      country: "Skotsko",
      cask_number: "7",
    });
    await product(whisky.id, "Fasetka whisky druhá", { age_years: 12, country: "Irsko" });
    await product(whisky.id, "Fasetka whisky stará", { age_years: 18, country: "Skotsko" });
    await product(tobacco.id, "Fasetka doutník robusto", { vitola: "Robusto" });
    await product(tobacco.id, "Fasetka doutník corona", { vitola: "Corona" });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  const search = (q: string, more: Partial<ListingQuery> = {}) =>
    api.services.catalog.listingPage({ locale: "cs", q, ...more });

  describe("the attribute facets of a search without a category", () => {
    it("follow a change of a hit's value at once", async () => {
      const before = await search("fasetka whisky dvanáct");
      expect(before.facets.attributes?.find((facet) => facet.key === "country")?.values).toEqual([
        { value: "skotsko", label: "Skotsko", count: 1 },
      ]);
      const [hit] = before.page.items;
      const where = and(
        eq(listingAttributeValues.productId, hit.id),
        eq(listingAttributeValues.key, "country"),
      );
      await api.db
        .update(listingAttributeValues)
        .set({ textValue: "Japonsko", matchKey: "japonsko" })
        .where(where);
      const after = await search("fasetka whisky dvanáct");
      expect(after.facets.attributes?.find((facet) => facet.key === "country")?.values).toEqual([
        { value: "japonsko", label: "Japonsko", count: 1 },
      ]);
      await api.db
        .update(listingAttributeValues)
        .set({ textValue: "Skotsko", matchKey: "skotsko" })
        .where(where);
    });

    it("are those of the hits' subtrees, merged by key with the top-most label, counted over the hits", async () => {
      const { page, facets } = await search("fasetka whisky");
      expect(page.total).toBe(3);
      expect(facets.attributes?.map((facet) => [facet.key, facet.label])).toEqual([
        ["age_years", "Stáří"],
        ["country", "Země"],
      ]);
      expect(facets.attributes?.[0].range).toEqual({ min: 12, max: 18 });
      expect(facets.attributes?.[1].values).toEqual([
        { value: "irsko", label: "Irsko", count: 1 },
        { value: "skotsko", label: "Skotsko", count: 2 },
      ]);
      const english = await search("fasetka whisky", { locale: "en" });
      expect(english.facets.attributes?.[0].label).toBe("Age");
    });

    it("leave out a facet no hit has a value of: a search for cigars shows no age", async () => {
      const { facets } = await search("fasetka doutník");
      expect(facets.attributes?.map((facet) => facet.key)).toEqual(["vitola"]);
      expect(facets.attributes?.[0].values.map((value) => [value.label, value.count])).toEqual([
        ["Corona", 1],
        ["Robusto", 1],
      ]);
    });

    it("filter the search, each counted without its own filter, and ignore a key no facet has", async () => {
      const old = await search("fasetka", { attributes: [{ key: "age_years", min: 15 }] });
      expect(old.page.total).toBe(1);
      expect(old.facets.attributes?.find((facet) => facet.key === "age_years")?.range).toEqual({
        min: 12,
        max: 18,
      });
      expect(old.facets.attributes?.find((facet) => facet.key === "country")?.values).toEqual([
        { value: "skotsko", label: "Skotsko", count: 1 },
      ]);
      const scotch = await search("fasetka", { attributes: [{ key: "country", values: ["skotsko"] }] });
      expect(scotch.page.total).toBe(2);
      // An unknown key, and a key that is no facet, filter nothing instead of emptying the page.
      const unknown = await search("fasetka", {
        attributes: [
          { key: "nonsense", values: ["x"] },
          { key: "cask_number", values: ["7"] },
        ],
      });
      expect(unknown.page.total).toBe(5);
      // A category page offers and takes only its own subtree's keys.
      const whiskyPage = await api.services.catalog.listingPage({
        locale: "cs",
        categoryId: tree.whisky,
        attributes: [{ key: "vitola", values: ["robusto"] }],
      });
      expect(whiskyPage.page.total).toBe(3);
      expect(whiskyPage.facets.attributes?.map((facet) => [facet.key, facet.label])).toEqual([
        ["age_years", "Stáří whisky"],
        ["country", "Země"],
      ]);
    });

    it("follow a change of the definitions in the back office at once", async () => {
      const attributes = api.services.listings.attributes;
      const definition = (await attributes.allDefinitions()).find(
        (entry) => entry.key === "country" && entry.categoryId === tree.spirits,
      )!;
      const { id: _id, categoryId, ...input } = definition;
      // Warm: the definitions are kept in memory now.
      await search("fasetka whisky");
      const staff = await api.createUser();
      const saved = await attributes.saveDefinition(
        { id: staff.user.id },
        { ...input, id: definition.id, categoryId, labelCs: "Země původu" },
      );
      expect(saved.ok).toBe(true);
      const { facets } = await search("fasetka whisky");
      expect(facets.attributes?.find((facet) => facet.key === "country")?.label).toBe("Země původu");
    });
  });
});
