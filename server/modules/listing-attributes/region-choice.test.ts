import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchKey } from "#core/rules/listing-attributes.ts";
import { REGION_OPTIONS } from "#server/db/seed/attribute-definitions.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { listingAttributeDefinitions, listingAttributeValues } from "./tables.ts";

/**
 * The region of origin as a choice (issue 37; docs/product/collector-data.md), as the country was
 * made one: once free Czech text ("Toskánsko") shown as such on English pages. Made a choice in
 * the back office, the stored texts naming a region become it, shown in each page's language.
 */

let api: TestApi;
let category: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Lihoviny", slugCs: "lihoviny-r" })).id;
  await api.db.insert(listingAttributeDefinitions).values({
    categoryId: category,
    key: "region",
    type: "text",
    unit: null,
    labelCs: "Oblast",
    labelEn: "Region",
    options: [],
    required: false,
    facet: true,
    suggested: true,
    position: 10,
  });
  for (const [name, region] of [
    ["chianti", "Toskánsko"],
    ["aberlour", "speyside"],
    ["cohiba", "VUELTA ABAJO"],
    ["kendal", "Kendal"],
  ]) {
    const product = await insertProduct(api.db, { categoryId: category, nameCs: `Láhev ${name}` });
    ids[name] = product.id;
    await api.db
      .insert(listingAttributeValues)
      .values({ productId: product.id, key: "region", textValue: region, matchKey: matchKey(region) });
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe("the region made a choice in the back office", () => {
  it("turns the texts naming a region into it, shown in English on English pages", async () => {
    const attributes = api.services.listings.attributes;
    const [definition] = await attributes.definitionsFor(category);
    const staff = await api.createUser();
    const saved = await attributes.saveDefinition(
      { id: staff.user.id },
      { ...definition, categoryId: category, type: "enum", suggested: false, options: REGION_OPTIONS },
    );
    expect(saved.ok).toBe(true);
    expect(await attributes.rowsOf(ids.chianti, category, "en")).toMatchObject([
      { key: "region", label: "Region", text: "Tuscany", value: "tuscany" },
    ]);
    expect((await attributes.rowsOf(ids.chianti, category, "cs"))[0].text).toBe("Toskánsko");
    expect((await attributes.rowsOf(ids.aberlour, category, "en"))[0].text).toBe("Speyside");
    expect((await attributes.rowsOf(ids.cohiba, category, "en"))[0].text).toBe("Vuelta Abajo");
    // A town is no region of the list: it stays as written.
    expect((await attributes.rowsOf(ids.kendal, category, "en"))[0].text).toBe("Kendal");
  });
});
