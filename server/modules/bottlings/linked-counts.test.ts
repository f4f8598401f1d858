import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { derivedColumns, suggestRecords } from "./records.ts";
import { bottlingLinks, bottlings } from "./tables.ts";

/**
 * A bottling's linked listings (ADR 0149) follow every kind of write to bottling_links, as the
 * triggers keep them: one statement linking listings to several bottlings, a link moved (a
 * merge), a listing deleted with its link, and a rebuild gives the same counts. The search box
 * suggests the most linked first, finds a rarely named one among many, and never a merged one
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let api: TestApi;
let category: number;
let seller: number;
const ids: Record<"glenfarclas12" | "glenfarclas25" | "glendronach15" | "macallan18", number> = {
  glenfarclas12: 0,
  glenfarclas25: 0,
  glendronach15: 0,
  macallan18: 0,
};

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Whisky", slugCs: "whisky" })).id;
  seller = (await api.createUser({ username: "LahveSbira" })).user.id;
  const names: [keyof typeof ids, string][] = [
    ["glenfarclas12", "Glenfarclas 12 let"],
    ["glenfarclas25", "Glenfarclas 25 let"],
    ["glendronach15", "GlenDronach 15 Revival"],
    ["macallan18", "Macallan 18 Sherry Oak"],
  ];
  for (const [key, nameCs] of names) {
    const [row] = await api.db
      .insert(bottlings)
      .values({
        status: "active",
        categoryId: category,
        nameCs,
        ...derivedColumns({ nameCs, nameEn: null }, {}, null),
      })
      .returning({ id: bottlings.id });
    ids[key] = row.id;
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function listings(count: number) {
  const made: number[] = [];
  for (let index = 0; index < count; index++)
    made.push(
      (
        await insertProduct(api.db, {
          categoryId: category,
          sellerId: seller,
          status: "active",
          format: "classified",
        })
      ).id,
    );
  return made;
}

/** The kept counts of the given bottlings, by id. */
async function kept(...bottlingIds: number[]) {
  const rows = await api.db
    .select({ id: bottlings.id, n: bottlings.linkedCount })
    .from(bottlings)
    .where(inArray(bottlings.id, bottlingIds));
  return Object.fromEntries(bottlingIds.map((id) => [id, rows.find((row) => row.id === id)?.n ?? -1]));
}

/** The links themselves, counted the slow way. */
async function counted(...bottlingIds: number[]) {
  const rows = await api.db
    .select({ id: bottlingLinks.bottlingId, n: sql<number>`count(*)::int` })
    .from(bottlingLinks)
    .where(inArray(bottlingLinks.bottlingId, bottlingIds))
    .groupBy(bottlingLinks.bottlingId);
  return Object.fromEntries(bottlingIds.map((id) => [id, Number(rows.find((row) => row.id === id)?.n ?? 0)]));
}

const suggested = async (q: string) => (await suggestRecords(api.db, q, 3)).map((record) => record.id);

describe("a bottling's linked listings, kept as links change", () => {
  let made: number[] = [];

  it("counts one statement's links to several bottlings", async () => {
    made = await listings(7);
    await api.db.insert(bottlingLinks).values([
      { productId: made[0], bottlingId: ids.glenfarclas25 },
      { productId: made[1], bottlingId: ids.glenfarclas25 },
      { productId: made[2], bottlingId: ids.glenfarclas25 },
      { productId: made[3], bottlingId: ids.glendronach15 },
      { productId: made[4], bottlingId: ids.glendronach15 },
      { productId: made[5], bottlingId: ids.glenfarclas12 },
    ]);
    expect(await kept(ids.glenfarclas12, ids.glenfarclas25, ids.glendronach15, ids.macallan18)).toEqual({
      [ids.glenfarclas12]: 1,
      [ids.glenfarclas25]: 3,
      [ids.glendronach15]: 2,
      [ids.macallan18]: 0,
    });
  });

  it("suggests the most linked first, a rarely named one by its word, never a merged one", async () => {
    expect(await suggested("glen")).toEqual([ids.glenfarclas25, ids.glendronach15, ids.glenfarclas12]);
    expect(await suggested("glenf 12")).toEqual([ids.glenfarclas12]);
    expect(await suggested("GLENDRONACH")).toEqual([ids.glendronach15]);
    // A word starts a bottling's word: "arclas" is inside "glenfarclas", not its start.
    expect(await suggested("arclas")).toEqual([]);
    expect(await suggested("sherry")).toEqual([ids.macallan18]);
    // The only Macallan link comes in: still one suggestion for "macallan", now counted.
    await api.db.insert(bottlingLinks).values({ productId: made[6], bottlingId: ids.macallan18 });
    expect(await kept(ids.macallan18)).toEqual({ [ids.macallan18]: 1 });
  });

  it("moves a link between bottlings (a merge) and takes a deleted listing's link away", async () => {
    // A moderator's merge moves the links: the survivor now has the most.
    await api.db
      .update(bottlingLinks)
      .set({ bottlingId: ids.glenfarclas12 })
      .where(eq(bottlingLinks.bottlingId, ids.glenfarclas25));
    await api.db
      .update(bottlings)
      .set({ status: "merged", mergedIntoId: ids.glenfarclas12 })
      .where(eq(bottlings.id, ids.glenfarclas25));
    expect(await kept(ids.glenfarclas12, ids.glenfarclas25)).toEqual({
      [ids.glenfarclas12]: 4,
      [ids.glenfarclas25]: 0,
    });
    expect(await suggested("glenfarclas")).toEqual([ids.glenfarclas12]);
    // A listing deleted (an account's deletion cascades) takes its link with it.
    await api.db.delete(products).where(eq(products.id, made[3]));
    expect(await kept(ids.glendronach15)).toEqual({ [ids.glendronach15]: 1 });
    const all = [ids.glenfarclas12, ids.glenfarclas25, ids.glendronach15, ids.macallan18];
    expect(await kept(...all)).toEqual(await counted(...all));
  });

  it("rebuilds to what the links say", async () => {
    const all = [ids.glenfarclas12, ids.glenfarclas25, ids.glendronach15, ids.macallan18];
    await api.db.execute(sql`update bottlings set linked_count = linked_count + 5`);
    await api.db.execute(sql`select bottling_linked_counts_rebuild()`);
    expect(await kept(...all)).toEqual(await counted(...all));
  });
});
