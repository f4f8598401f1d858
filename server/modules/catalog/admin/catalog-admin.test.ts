import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#core/i18n/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { brands, categories, categorySlugHistory, packages } from "../tables.ts";

let api: TestApi;
let editor: string;
beforeAll(async () => {
  api = await createTestApi();
  ({ token: editor } = await api.createUser({ role: "editor" }));
});
afterAll(async () => {
  await api?.close();
});

async function auditOf(action: string, entityId: number) {
  const result = await api.db.execute(
    sql`select actor_id, data from audit_log where action = ${action} and entity_id = ${String(entityId)} order by id`,
  );
  return ((result as { rows?: unknown[] }).rows ?? result) as {
    actor_id: number;
    data: Record<string, unknown>;
  }[];
}

/** A chain of `levels` categories, root first. */
async function chain(levels: number) {
  const rows = [await insertCategory(api.db, { depth: 1 })];
  for (let depth = 2; depth <= levels; depth++)
    rows.push(await insertCategory(api.db, { depth, parentId: rows[rows.length - 1]!.id }));
  return rows;
}

const category = (id: number) =>
  api.db
    .select()
    .from(categories)
    .where(eq(categories.id, id))
    .then((rows) => rows[0]!);

describe("categories", () => {
  it("adds a category under a parent, at most 5 levels deep", async () => {
    const [root, , , , leaf] = await chain(5);
    const added = await api.call("POST", "/api/admin/catalog/categories", {
      token: editor,
      body: { parentId: root!.id, nameCs: "Doutníky", slugCs: "doutniky", isActive: true },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ parentId: root!.id, depth: 2, slugCs: "doutniky", nameEn: null });
    const tooDeep = await api.call("POST", "/api/admin/catalog/categories", {
      token: editor,
      body: { parentId: leaf!.id, nameCs: "Šestá", slugCs: "sesta", isActive: true },
    });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.json.errors.parentId).toBeDefined();
    const badSlug = await api.call("POST", "/api/admin/catalog/categories", {
      token: editor,
      body: { nameCs: "Špatný", slugCs: "Špatný slug", isActive: true },
    });
    expect(badSlug.status).toBe(422);
    expect(badSlug.json.errors.slugCs).toBeDefined();
  });

  it("moves a branch and updates every depth in it; refuses a cycle and a 6th level, changing nothing", async () => {
    const [a1, a2, a3] = await chain(3);
    const [b1, b2] = await chain(2);
    const moved = await api.call("POST", `/api/admin/catalog/categories/${a2!.id}/move`, {
      token: editor,
      body: { parentId: b2!.id },
    });
    expect(moved.status).toBe(200);
    expect(await category(a2!.id)).toMatchObject({ parentId: b2!.id, depth: 3 });
    expect(await category(a3!.id)).toMatchObject({ parentId: a2!.id, depth: 4 });
    const [entry] = await auditOf("category.move", a2!.id);
    expect(entry!.data).toMatchObject({
      before: { parentId: a1!.id, depth: 2 },
      after: { parentId: b2!.id, depth: 3 },
    });

    const before = await api.db.select().from(categories);
    const underItself = await api.call("POST", `/api/admin/catalog/categories/${b1!.id}/move`, {
      token: editor,
      body: { parentId: a3!.id },
    });
    expect(underItself.status).toBe(422);
    const self = await api.call("POST", `/api/admin/catalog/categories/${a2!.id}/move`, {
      token: editor,
      body: { parentId: a2!.id },
    });
    expect(self.status).toBe(422);
    // a2's branch is 2 levels high: under a 4th-level category its leaf would be at level 6.
    const [, , , d4] = await chain(4);
    const sixth = await api.call("POST", `/api/admin/catalog/categories/${a2!.id}/move`, {
      token: editor,
      body: { parentId: d4!.id },
    });
    expect(sixth.status).toBe(422);
    expect(sixth.json.errors.parentId[0]).toMatch(/5/);
    const after = await api.db.select().from(categories);
    expect(after.filter((row) => before.some((old) => old.id === row.id))).toEqual(before);

    const toRoot = await api.call("POST", `/api/admin/catalog/categories/${a2!.id}/move`, {
      token: editor,
      body: { parentId: null },
    });
    expect(toRoot.status).toBe(200);
    expect(await category(a2!.id)).toMatchObject({ parentId: null, depth: 1 });
    expect(await category(a3!.id)).toMatchObject({ depth: 2 });
  });

  it("reorders siblings one step at a time", async () => {
    const [root] = await chain(1);
    const kids = [];
    for (let i = 0; i < 3; i++)
      kids.push(await insertCategory(api.db, { parentId: root!.id, depth: 2, position: 0 }));
    const order = async () =>
      (await api.db.select().from(categories).where(eq(categories.parentId, root!.id)))
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((row) => row.id);
    expect(await order()).toEqual(kids.map((k) => k.id));
    const up = await api.call("POST", `/api/admin/catalog/categories/${kids[2]!.id}/reorder`, {
      token: editor,
      body: { direction: "up" },
    });
    expect(up.json).toEqual({ moved: true });
    expect(await order()).toEqual([kids[0]!.id, kids[2]!.id, kids[1]!.id]);
    const first = await api.call("POST", `/api/admin/catalog/categories/${kids[0]!.id}/reorder`, {
      token: editor,
      body: { direction: "up" },
    });
    expect(first.json).toEqual({ moved: false });
  });

  it("keeps a replaced slug in the history, audited with before and after", async () => {
    const row = await insertCategory(api.db, { slugCs: "stary-slug", slugEn: "old-slug", nameCs: "Staré" });
    const saved = await api.call("PUT", `/api/admin/catalog/categories/${row!.id}`, {
      token: editor,
      body: {
        nameCs: "Nové",
        nameEn: "New",
        slugCs: "novy-slug",
        slugEn: "new-slug",
        isActive: true,
        premoderated: true,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ slugCs: "novy-slug", premoderated: true });
    const history = await api.db
      .select({ locale: categorySlugHistory.locale, slug: categorySlugHistory.slug })
      .from(categorySlugHistory)
      .where(eq(categorySlugHistory.categoryId, row!.id));
    expect(history).toEqual(
      expect.arrayContaining([
        { locale: "cs", slug: "stary-slug" },
        { locale: "en", slug: "old-slug" },
      ]),
    );
    expect(await api.services.catalogAdmin.hadCategorySlug(row!.id, "stary-slug")).toBe(true);
    expect(await api.services.catalogAdmin.hadCategorySlug(row!.id, "novy-slug")).toBe(false);
    const [entry] = await auditOf("category.update", row!.id);
    expect(entry!.data).toMatchObject({
      before: { slugCs: "stary-slug", nameCs: "Staré", premoderated: false },
      after: { slugCs: "novy-slug", nameCs: "Nové", premoderated: true },
    });
  });

  it("PATCH changes only the fields sent, by the same rules, audited with before and after", async () => {
    const row = await insertCategory(api.db, {
      slugCs: "patch-slug",
      nameCs: "Před",
      descriptionCs: "Popis zůstane.",
      isActive: true,
      premoderated: true,
    });
    const path = `/api/admin/catalog/categories/${row!.id}`;
    const renamed = await api.call("PATCH", path, { token: editor, body: { nameEn: "After" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      nameCs: "Před",
      nameEn: "After",
      slugCs: "patch-slug",
      descriptionCs: "Popis zůstane.",
      isActive: true,
      premoderated: true,
    });
    const switched = await api.call("PATCH", path, { token: editor, body: { premoderated: false } });
    expect(switched.json).toMatchObject({ nameEn: "After", isActive: true, premoderated: false });
    const [entry, second] = await auditOf("category.update", row!.id);
    expect(entry!.data).toMatchObject({
      before: { nameEn: row!.nameEn, premoderated: true },
      after: { nameEn: "After", premoderated: true },
    });
    expect(second!.data).toMatchObject({ before: { premoderated: true }, after: { premoderated: false } });

    // The same rules as the whole form: a refusal changes nothing and records nothing.
    for (const body of [
      { slugCs: "Špatný slug" },
      { nameCs: "" },
      { nameCs: "x".repeat(81) },
      { isActive: "ano" },
    ]) {
      const refused = await api.call("PATCH", path, { token: editor, body });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.json.errors)).toEqual(Object.keys(body));
    }
    expect(await category(row!.id)).toMatchObject({
      nameCs: "Před",
      slugCs: "patch-slug",
      premoderated: false,
    });
    expect(await auditOf("category.update", row!.id)).toHaveLength(2);
    // A replaced slug is kept, as with PUT.
    await api.call("PATCH", path, { token: editor, body: { slugCs: "patch-novy" } });
    expect(await api.services.catalogAdmin.hadCategorySlug(row!.id, "patch-slug")).toBe(true);
    expect(
      (await api.call("PATCH", "/api/admin/catalog/categories/2000000000", { token: editor, body: {} }))
        .status,
    ).toBe(404);
    const { token: moderator } = await api.createUser({ role: "moderator" });
    expect((await api.call("PATCH", path, { token: moderator, body: { nameCs: "Hack" } })).status).toBe(403);
  });

  it("documents PATCH in the OpenAPI document with scope catalog and a body of optional fields", async () => {
    const doc = (await api.call("GET", "/api/openapi.json")).json;
    const patch = doc.paths["/admin/catalog/categories/{id}"].patch;
    expect(patch["x-scope"]).toBe("catalog");
    const body = patch.requestBody.content["application/json"].schema;
    expect(body.required ?? []).toEqual([]);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["nameCs", "slugCs", "isActive"]));
    const listing =
      doc.paths["/admin/catalog/listings/{id}"].put.requestBody.content["application/json"].schema;
    expect(listing.required).toEqual(
      expect.arrayContaining(["nameCs", "descriptionCs", "categoryId", "packageId"]),
    );
  });

  it("counts each category's own products and its whole branch's", async () => {
    const [root, middle, leaf] = await chain(3);
    const sibling = await insertCategory(api.db, { depth: 2, parentId: root!.id });
    for (const categoryId of [root!.id, middle!.id, leaf!.id, leaf!.id, sibling!.id])
      await insertProduct(api.db, { categoryId });
    const tree = await api.call("GET", "/api/admin/catalog/categories", { token: editor });
    const counts = (id: number) => {
      const row = tree.json.data.find((entry: { id: number }) => entry.id === id);
      return [row.productCount, row.branchProductCount];
    };
    expect(counts(root!.id)).toEqual([1, 5]);
    expect(counts(middle!.id)).toEqual([1, 3]);
    expect(counts(leaf!.id)).toEqual([2, 2]);
    expect(counts(sibling!.id)).toEqual([1, 1]);
  });

  it("deletes only an empty category, saying why not otherwise", async () => {
    const [parent, child] = await chain(2);
    const withChild = await api.call("DELETE", `/api/admin/catalog/categories/${parent!.id}`, {
      token: editor,
    });
    expect(withChild.status).toBe(409);
    expect(withChild.json.message).toMatch(/podkategori/);
    await insertProduct(api.db, { categoryId: child!.id });
    const withProduct = await api.call("DELETE", `/api/admin/catalog/categories/${child!.id}`, {
      token: editor,
    });
    expect(withProduct.status).toBe(409);
    expect(await category(child!.id)).toBeDefined();
    const empty = await insertCategory(api.db);
    expect(
      (await api.call("DELETE", `/api/admin/catalog/categories/${empty!.id}`, { token: editor })).status,
    ).toBe(204);
    expect(await api.db.select().from(categories).where(eq(categories.id, empty!.id))).toEqual([]);
  });
});

describe("brands", () => {
  it("merges a duplicate: its products re-pointed to the survivor, the duplicate deleted, audited", async () => {
    const [survivor, duplicate] = await api.db
      .insert(brands)
      .values([
        { name: "Diplomático", nameKey: `diplomatico-${Date.now()}` },
        { name: "Diplomatico Reserva", nameKey: `diplomatico-reserva-${Date.now()}` },
      ])
      .returning();
    const cat = await insertCategory(api.db);
    const one = await insertProduct(api.db, { categoryId: cat!.id, brandId: duplicate!.id });
    const two = await insertProduct(api.db, { categoryId: cat!.id, brandId: duplicate!.id });
    const merged = await api.call("POST", "/api/admin/catalog/brands/merge", {
      token: editor,
      body: { survivorId: survivor!.id, duplicateId: duplicate!.id },
    });
    expect(merged.status).toBe(200);
    expect(merged.json.productIds).toEqual([one!.id, two!.id]);
    const brandIds = await api.db
      .select({ brandId: products.brandId })
      .from(products)
      .where(eq(products.categoryId, cat!.id));
    expect(brandIds).toEqual([{ brandId: survivor!.id }, { brandId: survivor!.id }]);
    expect(await api.db.select().from(brands).where(eq(brands.id, duplicate!.id))).toEqual([]);
    const [entry] = await auditOf("brand.merge", survivor!.id);
    expect(entry!.data).toMatchObject({
      survivorId: survivor!.id,
      duplicateId: duplicate!.id,
      productIds: [one!.id, two!.id],
    });

    const page = await api.call("GET", "/api/admin/catalog/brands?q=diplomatico&sort=products", {
      token: editor,
    });
    expect(page.json.rows).toEqual([expect.objectContaining({ id: survivor!.id, productCount: 2 })]);
  });

  it("refuses merging a brand into itself and renaming to another brand's name, changing nothing", async () => {
    const [a, b] = await api.db
      .insert(brands)
      .values([
        { name: "Zacapa", nameKey: "zacapa" },
        { name: "Zakapa", nameKey: "zakapa" },
      ])
      .returning();
    const before = await api.db.select().from(brands);
    const same = await api.call("POST", "/api/admin/catalog/brands/merge", {
      token: editor,
      body: { survivorId: a!.id, duplicateId: a!.id },
    });
    expect(same.status).toBe(422);
    const clash = await api.call("PUT", `/api/admin/catalog/brands/${b!.id}`, {
      token: editor,
      body: { name: " ZACAPA " },
    });
    expect(clash.status).toBe(422);
    expect(await api.db.select().from(brands)).toEqual(before);
  });
});

describe("packages", () => {
  it("adds, renames, reorders, and deletes only an unused package", async () => {
    const added = await api.call("POST", "/api/admin/catalog/packages", {
      token: editor,
      body: { nameCs: "Tuba" },
    });
    expect(added.status).toBe(201);
    const renamed = await api.call("PUT", `/api/admin/catalog/packages/${added.json.id}`, {
      token: editor,
      body: { nameCs: "Tuba kovová", nameEn: "Metal tube" },
    });
    expect(renamed.json).toMatchObject({ nameCs: "Tuba kovová", nameEn: "Metal tube" });
    const up = await api.call("POST", `/api/admin/catalog/packages/${added.json.id}/reorder`, {
      token: editor,
      body: { direction: "up" },
    });
    expect(up.status).toBe(200);
    const [used] = await api.db.insert(packages).values({ nameCs: "Dárková krabice" }).returning();
    const cat = await insertCategory(api.db);
    await insertProduct(api.db, { categoryId: cat!.id, packageId: used!.id });
    expect(
      (await api.call("DELETE", `/api/admin/catalog/packages/${used!.id}`, { token: editor })).status,
    ).toBe(409);
    expect(
      (await api.call("DELETE", `/api/admin/catalog/packages/${added.json.id}`, { token: editor })).status,
    ).toBe(204);
  });
});

describe("listings", () => {
  it("finds any listing, and an edit of its texts and filing is audited; the price stays", async () => {
    const cat = await insertCategory(api.db);
    const other = await insertCategory(api.db);
    const [pack] = await api.db.insert(packages).values({ nameCs: "Láhev" }).returning();
    const product = await insertProduct(api.db, {
      categoryId: cat!.id,
      nameCs: "Havana Club Máximo",
      priceMinor: 5_000_000,
    });
    await api.services.catalog.refreshSearchText({ productIds: [product!.id] });
    const found = await api.call("GET", `/api/admin/catalog/listings?q=maximo&categoryId=${cat!.id}`, {
      token: editor,
    });
    expect(found.json.rows.map((row: { id: number }) => row.id)).toEqual([product!.id]);
    const byId = await api.call("GET", `/api/admin/catalog/listings?q=${product!.id}`, { token: editor });
    expect(byId.json.rows[0].id).toBe(product!.id);

    const saved = await api.call("PUT", `/api/admin/catalog/listings/${product!.id}`, {
      token: editor,
      body: {
        nameCs: "Havana Club Máximo Extra Añejo",
        descriptionCs: "Opravený popis láhve a jejího stavu.",
        categoryId: other!.id,
        packageId: pack!.id,
      },
    });
    expect(saved.status).toBe(200);
    const [row] = await api.db.select().from(products).where(eq(products.id, product!.id));
    expect(row).toMatchObject({
      nameCs: "Havana Club Máximo Extra Añejo",
      slugCs: "havana-club-maximo-extra-anejo",
      categoryId: other!.id,
      priceMinor: 5_000_000,
      status: "active",
    });
    const [entry] = await auditOf("listing.update", product!.id);
    expect(entry!.data).toMatchObject({ before: { categoryId: cat!.id }, after: { categoryId: other!.id } });

    const missing = await api.call("PUT", `/api/admin/catalog/listings/${product!.id}`, {
      token: editor,
      body: {
        nameCs: "Jiný název",
        descriptionCs: "Opravený popis láhve a jejího stavu.",
        categoryId: 2_000_000_000,
        packageId: pack!.id,
      },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ categoryId: ["Kategorie neexistuje."] });
    const detail = await api.call("GET", `/api/admin/catalog/listings/${product!.id}`, { token: editor });
    expect(detail.json).toMatchObject({
      product: { nameCs: "Havana Club Máximo Extra Añejo" },
      images: [],
      history: [],
    });
  });
});

describe("a listing edit keeps to the seller's own data rules", () => {
  it("refuses each with the translated reason at its field, changing and recording nothing", async () => {
    const home = await insertCategory(api.db);
    const [pack] = await api.db.insert(packages).values({ nameCs: "Krabička" }).returning();
    const [brand] = await api.db
      .insert(brands)
      .values({ name: "Pravidla", nameKey: `pravidla-${Date.now()}` })
      .returning();
    const product = await insertProduct(api.db, {
      categoryId: home!.id,
      nameCs: "Původní název láhve",
      descriptionCs: "Původní popis, dost dlouhý na pravidla.",
      packageId: pack!.id,
    });
    const parentOfActive = await insertCategory(api.db);
    await insertCategory(api.db, { depth: 2, parentId: parentOfActive!.id });
    const hidden = await insertCategory(api.db, { isActive: false });
    const underHidden = await insertCategory(api.db, { depth: 2, parentId: hidden!.id });
    const good = {
      nameCs: "Opravený název",
      descriptionCs: "Opravený popis láhve a jejího stavu.",
      categoryId: home!.id,
      brandId: brand!.id,
      packageId: pack!.id,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nameCs: "ab" }, "nameCs", translate("cs", "validation.min", { length: 3 })],
      [{ nameCs: "x".repeat(121) }, "nameCs", translate("cs", "validation.max", { length: 120 })],
      [{ nameEn: "ab" }, "nameEn", translate("cs", "validation.min", { length: 3 })],
      [
        { descriptionCs: "Krátký popis." },
        "descriptionCs",
        translate("cs", "validation.min", { length: 20 }),
      ],
      // Cleaned as the seller's: control characters and blank-line runs do not count.
      [{ descriptionCs: "  \n\n\n  " }, "descriptionCs", translate("cs", "validation.required")],
      [{ descriptionEn: "Too short." }, "descriptionEn", translate("cs", "validation.min", { length: 20 })],
      [
        { descriptionCs: "x".repeat(5001) },
        "descriptionCs",
        translate("cs", "validation.max", { length: 5000 }),
      ],
      [{ packageId: undefined }, "packageId", translate("cs", "listings.errors.chooseValue")],
      [{ packageId: 2_000_000_000 }, "packageId", "Balení neexistuje."],
      [{ brandId: 2_000_000_000 }, "brandId", "Značka neexistuje."],
      [
        { categoryId: parentOfActive!.id },
        "categoryId",
        "Kategorie má podkategorie: vyberte některou z nich, jako to musí prodávající.",
      ],
      [
        { categoryId: hidden!.id },
        "categoryId",
        "Kategorie je skrytá (nebo leží ve skryté), inzerát do ní nelze zařadit.",
      ],
      [
        { categoryId: underHidden!.id },
        "categoryId",
        "Kategorie je skrytá (nebo leží ve skryté), inzerát do ní nelze zařadit.",
      ],
    ];
    for (const [change, field, message] of cases) {
      const refused = await api.call("PUT", `/api/admin/catalog/listings/${product!.id}`, {
        token: editor,
        body: { ...good, ...change },
      });
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(refused.json.errors[field], JSON.stringify(change)).toEqual([message]);
    }
    const english = await api.call("PUT", `/api/admin/catalog/listings/${product!.id}`, {
      token: editor,
      headers: { "Accept-Language": "en" },
      body: { ...good, categoryId: hidden!.id },
    });
    expect(english.json.errors.categoryId).toEqual([
      "The category is hidden (or lies in a hidden one): a listing cannot be filed in it.",
    ]);
    const [unchanged] = await api.db.select().from(products).where(eq(products.id, product!.id));
    expect(unchanged).toMatchObject({ nameCs: "Původní název láhve", categoryId: home!.id });
    expect(await auditOf("listing.update", product!.id)).toEqual([]);
  });

  it("saves what a seller could, refreshes the search text, and keeps a category hidden since", async () => {
    const root = await insertCategory(api.db, { nameCs: "Doutníky pravidel" });
    const sub = await insertCategory(api.db, { depth: 2, parentId: root!.id, nameCs: "Kubánské pravidel" });
    const deep = await insertCategory(api.db, { depth: 3, parentId: sub!.id, nameCs: "Regionální pravidel" });
    const [pack] = await api.db.insert(packages).values({ nameCs: "Tuba pravidel" }).returning();
    const product = await insertProduct(api.db, { categoryId: root!.id, packageId: pack!.id });
    const body = {
      nameCs: "  Cohiba Behike 56  ",
      nameEn: "   ",
      descriptionCs: "Krabička deseti doutníků,\r\n\r\n\r\n\r\nnikdy neotevřená.   ",
      descriptionEn: "",
      packageId: pack!.id,
    };
    for (const categoryId of [sub!.id, deep!.id]) {
      const saved = await api.call("PUT", `/api/admin/catalog/listings/${product!.id}`, {
        token: editor,
        body: { ...body, categoryId },
      });
      expect(saved.status).toBe(200);
    }
    const [row] = await api.db.select().from(products).where(eq(products.id, product!.id));
    expect(row).toMatchObject({
      nameCs: "Cohiba Behike 56",
      nameEn: null,
      slugEn: null,
      descriptionCs: "Krabička deseti doutníků,\n\nnikdy neotevřená.",
      descriptionEn: null,
      categoryId: deep!.id,
    });
    expect(row!.searchText).toContain("cohiba behike");
    expect(row!.searchText).toContain("regionalni pravidel");

    // Hidden since it was filed there: its texts can still be corrected where it is.
    await api.db.update(categories).set({ isActive: false }).where(eq(categories.id, deep!.id));
    const again = await api.call("PUT", `/api/admin/catalog/listings/${product!.id}`, {
      token: editor,
      body: { ...body, nameCs: "Cohiba Behike 56 (2010)", categoryId: deep!.id },
    });
    expect(again.status).toBe(200);
  });
});

describe("who may", () => {
  it("refuses guests (401), plain users, moderators and staff without the second factor (403), changing nothing", async () => {
    const row = await insertCategory(api.db);
    const body = { nameCs: "Hack", slugCs: "hack", isActive: true };
    const { token: user } = await api.createUser();
    const { token: moderator } = await api.createUser({ role: "moderator" });
    const { token: noSecond } = await api.createUser({ role: "editor" }, undefined, { secondFactor: false });
    expect((await api.call("PUT", `/api/admin/catalog/categories/${row!.id}`, { body })).status).toBe(401);
    for (const token of [user, moderator, noSecond])
      expect(
        (await api.call("PUT", `/api/admin/catalog/categories/${row!.id}`, { token, body })).status,
      ).toBe(403);
    expect(await category(row!.id)).toEqual(row);
    const { token: owner } = await api.createUser({ role: "admin" });
    expect((await api.call("GET", "/api/admin/catalog/categories", { token: owner })).status).toBe(200);
  });
});
