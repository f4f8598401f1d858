import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caches, PUBLIC_TAG } from "#server/lib/cache.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { MAX_COMPLETIONS, MAX_LIVE_COMPLETIONS, planSearch, type SearchPlan, tsTerm } from "./search-plan.ts";
import { rowsOf } from "./sql-parts.ts";

/**
 * A query word is matched as the start of a word; when few catalogue words start with it, the
 * full-text query names those words instead of the prefix (ADR 0054). That must find the same
 * products, so the vocabulary (search_words, migration 0038) must hold every word of the catalogue,
 * numbers and short or long words included.
 */

let api: TestApi;
const LONG = `zzlong${"x".repeat(44)}`;

beforeAll(async () => {
  api = await createTestApi();
  const categoryId = (await insertCategory(api.db, { depth: 1, slugCs: "slovnik", nameCs: "Slovník" })).id;
  const texts = [
    "ron zacapa 23 solera",
    "ron zacapa centenario 230 cl",
    "rum 0.7 l coca-cola",
    "rumy a 23cl",
    `dlouhe ${LONG}`,
    // More words starting with "pp" than a prefix is written as.
    ...Array.from(
      { length: MAX_LIVE_COMPLETIONS + 4 },
      (_, index) => `pp${String.fromCharCode(97 + (index % 26))}${index}`,
    ),
    // More words starting with "qq" than the whole vocabulary's bound, fewer than a live search's.
    ...Array.from({ length: MAX_COMPLETIONS + 8 }, (_, index) => `qq${index}`),
  ];
  for (const [index, text] of texts.entries())
    await insertProduct(api.db, { categoryId, searchText: text, status: index === 1 ? "ended" : "active" });
});

afterAll(async () => {
  await api.close();
});

/** The ids of the live products the plan's full-text query finds, its words as planned or as prefixes. */
async function found(plan: SearchPlan, asPrefixes = false): Promise<number[]> {
  const terms = plan.tokens.map((token) => tsTerm(asPrefixes ? { ...token, completions: undefined } : token));
  const result = await api.db.execute(sql`select p.id from products p
    where p.status = 'active' and p.search_vector @@ to_tsquery('simple'::regconfig, ${terms.join(" & ")})
    order by p.id`);
  return rowsOf(result).map((row) => Number(row.id));
}

describe("the search vocabulary and a query's words", () => {
  it("holds every word of the catalogue, numbers and short and long words too", async () => {
    const missing = await api.db.execute(sql`
      select distinct lexeme from products p, unnest(tsvector_to_array(p.search_vector)) lexeme
      except (select word from search_words union all select word from search_other_words)`);
    expect(rowsOf(missing)).toEqual([]);
    const words = rowsOf(
      await api.db.execute(
        sql`select word from search_other_words where word in ('23', '0.7', 'a', ${LONG})`,
      ),
    ).map((row) => row.word);
    expect(words.sort()).toEqual(["0.7", "23", "a", LONG].sort());
  });

  it("writes a prefix few words start with as those words: a live search's the live listings' words", async () => {
    const all = await planSearch(api.db, "ron 23 rum", false);
    expect(all?.tokens.map((token) => token.completions)).toEqual([
      ["ron"],
      ["23", "230", "23cl"],
      ["rum", "rumy"],
    ]);
    expect(all?.tokens.map(tsTerm)).toEqual(["ron", "(23 | 230 | 23cl)", "(rum | rumy)"]);
    // "230" is only in an ended listing (ADR 0147).
    const live = await planSearch(api.db, "ron 23 rum", true);
    expect(live?.tokens.map(tsTerm)).toEqual(["ron", "(23 | 23cl)", "(rum | rumy)"]);
  });

  it("keeps the prefix when many words, or a word of other characters, start with it", async () => {
    const plan = await planSearch(api.db, "pp 0 coca", true);
    expect(plan?.tokens.map(tsTerm)).toEqual(["pp:*", "0:*", "coca:*"]);
  });

  it("keeps a typo's stand-ins, which the numbers and long words do not change", async () => {
    const plan = await planSearch(api.db, "zakapa ron", true);
    expect(plan?.tokens[0]).toMatchObject({ words: ["zacapa"], completions: [] });
    expect(plan?.tokens.map(tsTerm)).toEqual(["zacapa", "ron"]);
    // A word only a 50-letter word starts with was not a typo look-up's "exact" word before 0038 either.
    const long = (await planSearch(api.db, "zzlong ron", true))?.tokens[0];
    expect(long).toMatchObject({ words: null, completions: [LONG] });
    expect(long?.exact).toBeFalsy();
  });

  it("writes a live search's prefix as up to 64 live words, the whole vocabulary's as up to 32 (ADR 0149)", async () => {
    const live = (await planSearch(api.db, "ron qq", true))?.tokens[1];
    expect(live?.completions).toHaveLength(MAX_COMPLETIONS + 8);
    expect(live && tsTerm(live)).toMatch(/^\(qq0 \| qq1 \| qq10 /);
    const all = (await planSearch(api.db, "ron qq", false))?.tokens[1];
    expect(all && tsTerm(all)).toBe("qq:*");
  });

  it("writes a query of one word as its completions too (ADR 0143)", async () => {
    expect((await planSearch(api.db, "rum", true))?.tokens.map(tsTerm)).toEqual(["(rum | rumy)"]);
    expect((await planSearch(api.db, "zakapa", true))?.tokens.map(tsTerm)).toEqual(["zacapa"]);
    expect((await planSearch(api.db, "pp", true))?.tokens.map(tsTerm)).toEqual(["pp:*"]);
  });

  it("finds the same products as the prefixes", async () => {
    for (const q of [
      "ron",
      "ron 23",
      "23",
      "ron zacapa 23",
      "rum",
      "rum 0",
      "pp",
      "ppa",
      "qq",
      "ron qq1",
      "zakapa",
      "coca",
      "zzlong",
      "xqz",
    ]) {
      for (const live of [true, false]) {
        const plan = await planSearch(api.db, q, live);
        if (!plan) throw new Error(q);
        expect({ q, live, ids: await found(plan) }).toEqual({ q, live, ids: await found(plan, true) });
      }
    }
    expect((await found((await planSearch(api.db, "ron 23", true))!)).length).toBe(1);
  });

  it("keeps a query's plan until a public change, which a new listing's words make", async () => {
    const before = await planSearch(api.db, "zacxpa", true);
    expect(before?.tokens[0].words).toEqual(["zacapa"]);
    expect(await planSearch(api.db, "zacxpa", true)).toBe(before);
    // A listing with the word itself; a write through the API clears the public caches, here by hand.
    const categoryId = (await insertCategory(api.db, { depth: 1, slugCs: "slovnik-2", nameCs: "Slovník 2" }))
      .id;
    await insertProduct(api.db, { categoryId, searchText: "rum zacxpa" });
    expect(await planSearch(api.db, "zacxpa", true)).toBe(before);
    caches.invalidate({ tag: PUBLIC_TAG });
    const after = await planSearch(api.db, "zacxpa", true);
    expect(after?.tokens[0]).toMatchObject({ words: null, exact: true });
  });
});
