import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchKey } from "#core/rules/listing-attributes.ts";
import { COUNTRY_OPTIONS } from "#server/db/seed/attribute-definitions.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { listingAttributeDefinitions, listingAttributeValues } from "./tables.ts";

/**
 * The country of origin as a choice (issue 37; docs/product/collector-data.md): once free Czech
 * text ("Skotsko"), shown as such on English pages. Made a choice in the back office, the stored
 * texts that name an option become it, and every page shows it in its own language: the table,
 * the API, the facets. On a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let api: TestApi;
let category: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Lihoviny", slugCs: "lihoviny-z" })).id;
  await api.db.insert(listingAttributeDefinitions).values({
    categoryId: category,
    key: "country",
    type: "text",
    unit: null,
    labelCs: "Země",
    labelEn: "Country",
    options: [],
    required: false,
    facet: true,
    suggested: true,
    position: 10,
  });
  // Written before the change the way sellers wrote them: Czech, English, and a region.
  for (const [name, country] of [
    ["speyside", "Skotsko"],
    ["islay", "SCOTLAND"],
    ["moravia", "Morava"],
  ]) {
    const product = await insertProduct(api.db, { categoryId: category, nameCs: `Lahev ${name}` });
    ids[name] = product.id;
    await api.db
      .insert(listingAttributeValues)
      .values({ productId: product.id, key: "country", textValue: country, matchKey: matchKey(country) });
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe("the country made a choice in the back office", () => {
  it("turns the texts naming a country into it, shown in each page's language", async () => {
    const attributes = api.services.listings.attributes;
    const [definition] = await attributes.definitionsFor(category);
    const staff = await api.createUser();
    const saved = await attributes.saveDefinition(
      { id: staff.user.id },
      {
        ...definition,
        categoryId: category,
        type: "enum",
        suggested: false,
        options: COUNTRY_OPTIONS,
      },
    );
    expect(saved.ok).toBe(true);
    expect(await attributes.rowsOf(ids.speyside, category, "en")).toMatchObject([
      { key: "country", label: "Country", text: "Scotland", value: "scotland" },
    ]);
    expect((await attributes.rowsOf(ids.islay, category, "cs"))[0].text).toBe("Skotsko");
    // A text that names no country stays as written.
    expect((await attributes.rowsOf(ids.moravia, category, "en"))[0].text).toBe("Morava");

    const response = await api.app.request(`/api/products/${ids.islay}/attributes?lang=en`, {
      headers: { Accept: "application/json" },
    });
    expect(JSON.stringify(await response.json())).toContain('"Scotland"');

    const { facets } = await api.services.catalog.listingPage({ locale: "en", categoryId: category });
    expect(facets.attributes?.[0].values).toEqual([
      { value: "scotland", label: "Scotland", count: 2 },
      { value: "morava", label: "Morava", count: 1 },
    ]);
    // The listing preview's table: the form's strings described the same way, a refused one left out.
    expect(await attributes.describeInput(category, { country: "scotland" }, "en")).toMatchObject([
      { key: "country", text: "Scotland" },
    ]);
    expect(await attributes.describeInput(category, { country: "Skotsko" }, "en")).toEqual([]);

    const scotch = await api.services.catalog.listingPage({
      locale: "en",
      categoryId: category,
      attributes: [{ key: "country", values: ["scotland"] }],
    });
    expect(scotch.page.total).toBe(2);
  });
});
