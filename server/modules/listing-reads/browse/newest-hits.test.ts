import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { conditions, type Resolved } from "./filters.ts";
import { estimateHits, newestHits, stretchBounds } from "./newest-hits.ts";
import { rowsOf } from "./sql-parts.ts";

/**
 * A search keeps its newest hits (ADR 0038); read by stretches of ids sized from an estimate of
 * the hits (ADR 0045), they must be the same hits, in the same order, whether the estimate is
 * right, far too high (the first stretches hold too few) or far too low.
 */

let api: TestApi;
const WHERE = sql`p.status = 'active' and p.search_vector @@ to_tsquery('simple', 'strecha:*') and p.demoted_at is null`;
let hitIds: number[] = [];

beforeAll(async () => {
  api = await createTestApi();
  const categoryId = (await insertCategory(api.db, { depth: 1, slugCs: "strechy", nameCs: "Střechy" })).id;
  for (let index = 0; index < 60; index++) {
    const hit = index % 3 !== 0;
    const row = await insertProduct(api.db, {
      categoryId,
      searchText: hit ? `strecha ${index}` : `jine ${index}`,
      // Some hits are not found: ended, or demoted by moderation.
      status: hit && index % 7 === 0 ? "ended" : "active",
      demotedAt: hit && index % 11 === 0 ? new Date() : null,
    });
    if (hit && index % 7 !== 0 && index % 11 !== 0) hitIds.push(row.id);
  }
  hitIds = hitIds.sort((a, b) => b - a);
});

afterAll(async () => {
  await api.close();
});

async function ids(
  limit: number,
  estimate: Parameters<typeof newestHits>[3],
  literal = false,
  where = WHERE,
): Promise<number[]> {
  const result = await api.db.execute(sql`${newestHits(sql`p.id`, where, limit, estimate, literal)}`);
  return rowsOf(result).map((row) => Number(row.id));
}

describe("the newest hits of a search", () => {
  it("are the same read at once and by stretches, whatever the estimate says", async () => {
    const maxId = Math.max(...hitIds) + 2;
    // The bounds bound as parameters, and written into the text (ADR 0057).
    for (const literal of [false, true]) {
      expect(await ids(5, null, literal)).toEqual(hitIds.slice(0, 5));
      // A right estimate, one far too high (three stretches, the last needed), one far too low.
      for (const hits of [hitIds.length, 5_000, 1_000_000, 2])
        expect(await ids(5, { hits, maxId }, literal)).toEqual(hitIds.slice(0, 5));
      // Fewer hits than the limit: all of them, newest first.
      expect(await ids(500, { hits: 100_000, maxId }, literal)).toEqual(hitIds);
    }
  });

  it("are the same with the query's words written into the text", async () => {
    const resolved: Resolved = {
      search: { tokens: [{ token: "strecha", words: null }] },
      now: new Date().toISOString(),
    };
    const bound = conditions({ locale: "cs", q: "strecha" }, resolved);
    const literal = conditions({ locale: "cs", q: "strecha" }, resolved, { literalSearch: true });
    expect(new PgDialect().sqlToQuery(literal).params).toEqual([]);
    const read = async (where: SQL) =>
      rowsOf(await api.db.execute(newestHits(sql`p.id`, where, 500, null))).map((row) => Number(row.id));
    expect(await read(literal)).toEqual(hitIds);
    expect(await read(bound)).toEqual(hitIds);
  });

  it("are estimated from the planner, with the largest id of the products a search can find", async () => {
    // A result (a sold listing, ADR 0101) newer than every live listing: a search never finds it,
    // so the stretches start from the newest live listing, not from it.
    const categoryId = Number(
      rowsOf(await api.db.execute(sql`select max(category_id) as id from products`))[0].id,
    );
    const sold = await insertProduct(api.db, { categoryId, searchText: "strecha prodana", status: "sold" });
    const newestLive = Number(
      rowsOf(
        await api.db.execute(
          sql`select max(id) as id from products where status = 'active' and demoted_at is null`,
        ),
      )[0].id,
    );
    expect(sold.id).toBeGreaterThan(newestLive);
    const estimate = await estimateHits(api.db, WHERE);
    expect(estimate?.hits).toBeGreaterThan(0);
    expect(estimate?.maxId).toBe(newestLive);
    // A query that finds other statuses too starts from the newest product of all.
    expect((await estimateHits(api.db, WHERE, false))?.maxId).toBe(sold.id);
  });

  it("are the same when each stretch also matches its buckets of ids (ADR 0143)", async () => {
    const categoryId = Number(
      rowsOf(await api.db.execute(sql`select max(category_id) as id from products`))[0].id,
    );
    // Live hits whose ids jump past buckets of every width (2^12, 2^15, 2^18 ids), three of them on
    // the stretches' bounds below (the last id of a finest bucket whose others are newer).
    const spread: number[] = [];
    for (const id of [5_000, 40_000, 300_000, 300_500, 290 * 4096, 291 * 4096, 292 * 4096, 1_200_000]) {
      await api.db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), ${id - 1})`);
      spread.unshift((await insertProduct(api.db, { categoryId, searchText: `strecha ${id}` })).id);
    }
    const newest = [...spread, ...hitIds];
    const resolved: Resolved = {
      search: { tokens: [{ token: "strecha", words: null }] },
      now: new Date().toISOString(),
    };
    const maxId = spread[0];
    // 2 000 hits estimated: stretches end at 292 × 4096 and 291 × 4096.
    expect(stretchBounds(3, { hits: 2_000, maxId }, 4096)).toEqual([292 * 4096, 291 * 4096]);
    for (const literal of [false, true]) {
      // A live search's condition, as every search page's.
      const where = conditions({ locale: "cs", q: "strecha" }, resolved, { literalSearch: literal });
      const read = new PgDialect().sqlToQuery(
        newestHits(sql`p.id`, where, 3, { hits: 2_000, maxId, buckets: true }, literal),
      );
      expect(read.sql + JSON.stringify(read.params)).toContain("~i");
      for (const hits of [newest.length, 2_000, 50_000, 1_000_000, 2])
        for (const limit of [1, 3, 500])
          expect(await ids(limit, { hits, maxId, buckets: true }, literal, where)).toEqual(
            newest.slice(0, limit),
          );
    }
  });
});
