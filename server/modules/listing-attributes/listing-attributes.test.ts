import { asc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEES } from "#server/db/seed/settings-data.ts";
import { auditLog } from "#server/modules/admin/tables.ts";
import { packages } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { settings } from "#server/modules/settings/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { listingAttributeDefinitions } from "./tables.ts";

/**
 * Structured attributes through the listings API on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the category's definitions (inherited from its ancestors) check the values,
 * a required one missing is refused in the request's language, a suggested text typed another way
 * becomes the value other listings have, an edit without them keeps them, the batch read gives
 * numbers as numbers with the evidence's fill level, and the rows carry labels and units.
 */

let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let tree: { spirits: number; whisky: number; accessories: number };
let bottle: number;

beforeAll(async () => {
  api = await createTestApi();
  await api.db.insert(settings).values({ name: "fees", locale: null, value: FEES });
  const spirits = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  const whisky = await insertCategory(api.db, {
    depth: 2,
    parentId: spirits.id,
    nameCs: "Whisky",
    slugCs: "whisky",
  });
  const accessories = await insertCategory(api.db, { depth: 1, nameCs: "Doplňky", slugCs: "doplnky" });
  tree = { spirits: spirits.id, whisky: whisky.id, accessories: accessories.id };
  const base = { unit: null, options: [], required: false, facet: false, suggested: false };
  await api.db.insert(listingAttributeDefinitions).values([
    {
      ...base,
      categoryId: spirits.id,
      key: "bottler_kind",
      type: "enum",
      labelCs: "Stáčitel",
      labelEn: "Bottler",
      required: true,
      facet: true,
      position: 10,
      options: [
        { value: "official", cs: "Oficiální", en: "Official" },
        { value: "independent", cs: "Nezávislý", en: "Independent" },
      ],
    },
    {
      ...base,
      categoryId: spirits.id,
      key: "abv",
      type: "decimal",
      unit: "abv",
      labelCs: "Obsah alkoholu",
      labelEn: "Strength",
      position: 30,
    },
    {
      ...base,
      categoryId: whisky.id,
      key: "age_years",
      type: "integer",
      facet: true,
      unit: "years",
      labelCs: "Stáří",
      labelEn: "Age",
      position: 20,
    },
    {
      ...base,
      categoryId: spirits.id,
      key: "cask_type",
      type: "text",
      suggested: true,
      labelCs: "Typ sudu",
      labelEn: "Cask type",
      position: 40,
    },
  ]);
  [{ id: bottle }] = await api.db
    .insert(packages)
    .values({ nameCs: "Láhev 0,7 l", nameEn: "Bottle 0.7 l" })
    .returning({ id: packages.id });
  [seller] = await insertBidders(api.db, 1, { verifiedAt: new Date() });
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

async function stagedToken() {
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 9, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
  const response = await api.app.request("/api/me/advertisements/images", {
    method: "POST",
    headers: { Accept: "application/json", Authorization: `Bearer ${seller.token}` },
    body: form,
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const whiskyAd = async (
  attributes: Record<string, unknown> | undefined,
  overrides: Record<string, unknown> = {},
) => ({
  type: "supply",
  format: "classified",
  categoryId: tree.spirits,
  subcategoryId: tree.whisky,
  packageId: bottle,
  name: "Glen Grant 1972 Gordon & MacPhail",
  priceMinor: 400_000,
  description: "Láhev v původní krabici, etiketa bez poškození, hladina v hrdle.",
  images: [await stagedToken()],
  attributes,
  ...overrides,
});

const create = (body: unknown, lang = "cs") =>
  api.call("POST", `/api/me/advertisements?lang=${lang}`, { token: seller.token, body });
const valuesOf = async (id: number) =>
  (await api.services.listings.attributes.attributeValuesOf([id])).get(id);

describe("a listing's attributes", () => {
  it("are checked against its category's definitions, its ancestors' included, in the request's language", async () => {
    const refused = await create(await whiskyAd({ age_years: "dvanáct", abv: "41,35" }));
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({
      "attributes.bottler_kind": ["Pole musí být vyplněno"],
      "attributes.age_years": ["Zadejte celé číslo."],
      "attributes.abv": ["Zadejte číslo s nejvýše jedním desetinným místem."],
    });
    const english = await create(await whiskyAd({ bottler_kind: "pirate" }), "en");
    expect(english.json.errors["attributes.bottler_kind"]).toEqual(["Choose one of the offered values."]);
  });

  it("are stored typed, and read back in a batch with numbers as numbers", async () => {
    const created = await create(
      await whiskyAd({
        bottler_kind: "independent",
        age_years: 12,
        abv: "41,3",
        cask_type: "Oloroso Sherry",
      }),
    );
    expect(created.status).toBe(201);
    const id = created.json.data.id as number;
    expect(await valuesOf(id)).toEqual({
      bottler_kind: "independent",
      age_years: 12,
      abv: 41.3,
      cask_type: "Oloroso Sherry",
    });
    const rows = await api.services.listings.attributes.rowsOf(id, tree.whisky, "cs");
    expect(rows.map((row) => [row.label, row.text])).toEqual([
      ["Stáčitel", "Nezávislý"],
      ["Stáří", "12\u00a0let"],
      ["Obsah alkoholu", "41,3\u00a0%"],
      ["Typ sudu", "Oloroso Sherry"],
    ]);
  });

  it("take a suggested text typed another way as the value other listings have", async () => {
    const created = await create(
      await whiskyAd({ bottler_kind: "official", cask_type: "  oloroso-SHERRY " }),
    );
    expect((await valuesOf(created.json.data.id))?.cask_type).toBe("Oloroso Sherry");
  });

  it("stay as they are when an edit does not send them, and go with a category that does not define them", async () => {
    const created = await create(await whiskyAd({ bottler_kind: "official", age_years: 18 }));
    const id = created.json.data.id as number;
    const edited = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: await whiskyAd(undefined, { name: "Glen Grant 18 let" }),
    });
    expect(edited.status).toBe(200);
    expect(await valuesOf(id)).toEqual({ bottler_kind: "official", age_years: 18 });
    const moved = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: await whiskyAd(
        { bottler_kind: "official", age_years: 18 },
        { categoryId: tree.accessories, subcategoryId: null },
      ),
    });
    expect(moved.status).toBe(200);
    expect(await valuesOf(id)).toBeUndefined();
  });

  it("carry the evidence's fill level, never stored twice", async () => {
    const created = await create(
      await whiskyAd(
        { bottler_kind: "official", fill_level: "low_shoulder" },
        { evidence: { photos: {}, fillLevel: "top_shoulder" } },
      ),
    );
    expect(created.status).toBe(201);
    expect(await valuesOf(created.json.data.id)).toEqual({
      bottler_kind: "official",
      fill_level: "top_shoulder",
    });
  });
});

describe("the facets of a category page", () => {
  it("count each value without its own filter, combine with the others, and filter by a range", async () => {
    // Live listings of the whisky subcategory with ages and bottlers of their own.
    const ids: number[] = [];
    for (const [kind, age] of [
      ["official", 10],
      ["official", 12],
      ["independent", 12],
      ["independent", 18],
      ["independent", 25],
    ] as const) {
      const created = await create(await whiskyAd({ bottler_kind: kind, age_years: age }));
      expect(created.status).toBe(201);
      ids.push(created.json.data.id as number);
    }
    // Live, whatever the fees made of them (the page lists live listings).
    await api.db.update(products).set({ status: "active" }).where(inArray(products.id, ids));
    const facets = async (attributes?: { key: string; values?: string[]; min?: number; max?: number }[]) =>
      (await api.services.catalog.listingPage({ locale: "cs", categoryId: tree.whisky, ids, attributes }))
        .facets;
    const page = async (attributes: { key: string; values?: string[]; min?: number; max?: number }[]) =>
      (await api.services.catalog.listingPage({ locale: "cs", categoryId: tree.whisky, ids, attributes }))
        .page;

    const all = await facets();
    const kind = all.attributes?.find((facet) => facet.key === "bottler_kind");
    expect(kind?.values).toEqual([
      { value: "official", label: "Oficiální", count: 2 },
      { value: "independent", label: "Nezávislý", count: 3 },
    ]);
    expect(all.attributes?.find((facet) => facet.key === "age_years")?.range).toEqual({ min: 10, max: 25 });

    // Independent bottlings aged 12 to 20: two listings; the bottler facet still counts both kinds
    // among the 12-to-20-year-olds, the age range is that of the independent ones.
    const filters = [
      { key: "bottler_kind", values: ["independent"] },
      { key: "age_years", min: 12, max: 20 },
    ];
    expect((await page(filters)).total).toBe(2);
    const filtered = await facets(filters);
    expect(filtered.attributes?.find((facet) => facet.key === "bottler_kind")?.values).toEqual([
      { value: "official", label: "Oficiální", count: 1 },
      { value: "independent", label: "Nezávislý", count: 2 },
    ]);
    expect(filtered.attributes?.find((facet) => facet.key === "age_years")?.range).toEqual({
      min: 12,
      max: 25,
    });
  });
});

describe("the facets of a big category", () => {
  it("are counted among the listings that have attributes, however many have none", async () => {
    // A branch whose first live listings, more than the count cap, have no attributes.
    const bourbon = await insertCategory(api.db, {
      depth: 2,
      parentId: tree.spirits,
      nameCs: "Bourbon",
      slugCs: "bourbon",
    });
    await api.db.insert(products).values(
      Array.from({ length: 1_005 }, (_, i) => ({
        format: "classified" as const,
        type: "supply" as const,
        status: "active" as const,
        sellerId: seller.user.id,
        categoryId: bourbon.id,
        nameCs: `Bourbon bez údajů ${i}`,
        slugCs: `bourbon-bez-udaju-${i}`,
        priceMinor: 100_000,
      })),
    );
    const created = await create(
      await whiskyAd({ bottler_kind: "independent" }, { subcategoryId: bourbon.id, name: "Blanton's Gold" }),
    );
    expect(created.status).toBe(201);
    await api.db
      .update(products)
      .set({ status: "active" })
      .where(eq(products.id, created.json.data.id as number));
    const { facets } = await api.services.catalog.listingPage({ locale: "cs", categoryId: bourbon.id });
    expect(facets.attributes?.find((facet) => facet.key === "bottler_kind")?.values).toEqual([
      { value: "independent", label: "Nezávislý", count: 1 },
    ]);
  });
});

describe("the definitions in the back office", () => {
  it("are added, changed and removed, a key twice in one category refused, each change audited", async () => {
    const attributes = api.services.listings.attributes;
    const actor = { id: seller.user.id };
    const input = {
      categoryId: tree.accessories,
      key: "material",
      type: "enum" as const,
      unit: null,
      labelCs: "Materiál",
      labelEn: "Material",
      options: [{ value: "cedar", cs: "Cedr", en: "Cedar" }],
      required: false,
      facet: true,
      suggested: false,
      position: 10,
    };
    const added = await attributes.saveDefinition(actor, input);
    expect(added.ok).toBe(true);
    const id = added.ok ? added.value.id : 0;
    expect((await attributes.saveDefinition(actor, input)).ok).toBe(false);
    await attributes.saveDefinition(actor, { ...input, id, labelEn: "Wood" });
    expect((await attributes.definitionsFor(tree.accessories)).map((d) => [d.key, d.labelEn])).toEqual([
      ["material", "Wood"],
    ]);
    expect((await attributes.removeDefinition(actor, id)).ok).toBe(true);
    expect(await attributes.definitionsFor(tree.accessories)).toEqual([]);
    const audit = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "attribute_definition"))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => row.action)).toEqual([
      "attribute.create",
      "attribute.update",
      "attribute.delete",
    ]);
  });
});
