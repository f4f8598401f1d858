import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { caches, PUBLIC_TAG } from "#server/lib/cache.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { products } from "../tables/products.ts";
import { pruneLiveWords } from "./search-index.ts";

/**
 * The live listings' words (ADR 0147, migration 0078, triggers/search_live_words.sql): a live
 * search writes a query word as the live words that start with it, so the table must hold every
 * word of every live listing, whoever wrote it, and the night's prune may drop only words no live
 * listing has. On a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let api: TestApi;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi();
  categoryId = (await insertCategory(api.db, { depth: 1, slugCs: "slova-zive", nameCs: "Živá slova" })).id;
});

afterAll(async () => {
  await api?.close();
});

const liveWords = async (prefix: string) =>
  rowsOf<{ word: string }>(
    await api.db.execute(sql`select word from search_live_words where word ^@ ${prefix} order by word`),
  ).map((row) => row.word);

/** The ids a visitor's search finds, the public caches cleared first (as every write through the API does). */
async function found(q: string): Promise<number[]> {
  caches.invalidate({ tag: PUBLIC_TAG });
  const page = await api.services.catalog.listProducts({ locale: "cs", q, perPage: 60 });
  return page.items.map((item) => item.id).sort((a, b) => a - b);
}

const setStatus = (id: number, status: "active" | "ended") =>
  api.db.update(products).set({ status }).where(eq(products.id, id));

describe("the live listings' words", () => {
  it("holds the words of a listing inserted live, gone live or edited while live, and no other's", async () => {
    const live = await insertProduct(api.db, { categoryId, searchText: "qlxalfa 1961" });
    const ended = await insertProduct(api.db, { categoryId, searchText: "qlxbeta 1962", status: "ended" });
    const pending = await insertProduct(api.db, {
      categoryId,
      searchText: "qlxgama 1963",
      status: "awaiting_payment",
    });
    expect(await liveWords("qlx")).toEqual(["qlxalfa"]);
    expect(await found("qlx")).toEqual([live.id]);

    await setStatus(pending.id, "active");
    expect(await liveWords("qlx")).toEqual(["qlxalfa", "qlxgama"]);
    await api.db
      .update(products)
      .set({ searchText: "qlxalfa qlxdelta 1961" })
      .where(eq(products.id, live.id));
    expect(await liveWords("qlx")).toEqual(["qlxalfa", "qlxdelta", "qlxgama"]);
    // A number's completions: only the live listings' years.
    expect(await liveWords("196")).toEqual(["1961", "1963"]);
    expect(await found("qlx 196")).toEqual([live.id, pending.id]);
    expect(await found("qlxbeta")).toEqual([]);

    // Every word of every live listing is there.
    const missing = await api.db.execute(sql`
      select distinct lexeme from products p, unnest(tsvector_to_array(p.search_vector)) lexeme
      where p.status = 'active' except select word from search_live_words`);
    expect(rowsOf(missing)).toEqual([]);
    expect(ended.id).toBeGreaterThan(0);
  });

  it("drops at night only the words no live listing has, and not those marked in the last hour", async () => {
    const sold = await insertProduct(api.db, { categoryId, searchText: "qzyprodano qzyspolecne" });
    const kept = await insertProduct(api.db, { categoryId, searchText: "qzyspolecne qzyzustava" });
    await setStatus(sold.id, "ended");
    // Marked minutes ago: a listing may be going live with these words while the prune runs.
    await pruneLiveWords(api.db);
    expect(await liveWords("qzy")).toEqual(["qzyprodano", "qzyspolecne", "qzyzustava"]);

    await api.db.execute(sql`update search_live_words set marked_at = now() - interval '2 hours'`);
    expect(await pruneLiveWords(api.db)).toBeGreaterThanOrEqual(1);
    expect(await liveWords("qzy")).toEqual(["qzyspolecne", "qzyzustava"]);
    expect(await found("qzy")).toEqual([kept.id]);
    // A word of an ended listing is no completion of a live search any more, and finds nothing.
    expect(await found("qzyprod")).toEqual([]);

    // The same listing live again: its word is marked again and found.
    await setStatus(sold.id, "active");
    expect(await liveWords("qzyprod")).toEqual(["qzyprodano"]);
    expect(await found("qzyprod")).toEqual([sold.id]);
  });

  it("drops them 500 words a call, every call its own transaction, until none is left", async () => {
    const words = Array.from({ length: 1100 }, (_, index) => `qdav${String(index).padStart(4, "0")}`);
    const many = await insertProduct(api.db, { categoryId, searchText: words.join(" ") });
    expect((await liveWords("qdav")).length).toBe(1100);
    await setStatus(many.id, "ended");
    await api.db.execute(sql`update search_live_words set marked_at = now() - interval '2 hours'`);
    expect(await pruneLiveWords(api.db)).toBeGreaterThanOrEqual(1100);
    expect(await liveWords("qdav")).toEqual([]);
  });

  it("marks again a word marked more than 30 minutes ago when a listing having it goes live", async () => {
    const product = await insertProduct(api.db, { categoryId, searchText: "qwvstary", status: "ended" });
    await insertProduct(api.db, { categoryId, searchText: "qwvstary" });
    await api.db.execute(sql`update search_live_words set marked_at = now() - interval '2 hours'
      where word = 'qwvstary'`);
    await setStatus(product.id, "active");
    const [row] = rowsOf<{ recent: boolean }>(
      await api.db.execute(sql`select marked_at > now() - interval '1 minute' as recent
        from search_live_words where word = 'qwvstary'`),
    );
    expect(row?.recent).toBe(true);
  });
});
