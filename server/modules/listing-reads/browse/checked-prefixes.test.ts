import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { conditions } from "./filters.ts";
import { MAX_COMPLETIONS, matchTerms, planSearch, type SearchPlan, wholeWords } from "./search-plan.ts";

/**
 * A prefix many words start with, beside words that find far fewer live listings, is checked on
 * those words' rows instead of asked of the search index (ADR 0148): the planner's estimates decide,
 * and the products found are the same either way. On a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

let api: TestApi;
const COMMON = 400;

beforeAll(async () => {
  api = await createTestApi();
  const categoryId = (await insertCategory(api.db, { depth: 1, slugCs: "predpony", nameCs: "Předpony" })).id;
  // Every listing has "kzrum" and words starting with "kzp" (more than a prefix is written as);
  // two of them also "kzvzacny", a rare word.
  const kzp = (index: number) =>
    Array.from({ length: 3 }, (_, k) => `kzp${String.fromCharCode(97 + ((index + k) % 26))}${index % 50}`);
  for (let index = 0; index < COMMON; index++)
    await insertProduct(api.db, {
      categoryId,
      // And one of 40 words starting with "kzq": more than the vocabulary's bound, fewer than a
      // live search's (ADR 0149).
      searchText: ["kzrum", ...kzp(index), `kzq${index % 40}`, index < 2 ? "kzvzacny" : ""].join(" "),
    });
  // One ended listing with both words: found neither way.
  await insertProduct(api.db, { categoryId, searchText: "kzvzacny kzpa1", status: "ended" });
  await api.db.execute(sql`analyze products`);
});

afterAll(async () => {
  await api.close();
});

/** The live products a plan finds through the listing conditions, newest first. */
async function found(search: SearchPlan): Promise<number[]> {
  const where = conditions({ locale: "cs" }, { search, now: new Date().toISOString() });
  const result = await api.db.execute(sql`select p.id from products p where ${where} order by p.id desc`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

describe("a prefix checked on the rows of the query's other words (ADR 0148)", () => {
  it("checks a prefix of many words beside a rare word, and finds the same products as the index", async () => {
    const plan = await planSearch(api.db, "kzvzacny kzp", true);
    if (!plan) throw new Error("no plan");
    expect(plan.tokens[1]).toMatchObject({ token: "kzp", checked: true });
    expect(matchTerms(plan)).toEqual({ indexed: "kzvzacny", checked: "kzp:*" });
    // The index is asked whole words only: the stretches may use the ids' buckets (ADR 0143).
    expect(wholeWords(plan)).toBe(true);
    const unchecked = { tokens: plan.tokens.map((token) => ({ ...token, checked: undefined })) };
    expect(matchTerms(unchecked).checked).toBeNull();
    const ids = await found(plan);
    expect(ids).toHaveLength(2);
    expect(ids).toEqual(await found(unchecked));
  });

  it("checks a prefix written as its live words the same way, against the prefix itself (ADR 0149)", async () => {
    const rare = await planSearch(api.db, "kzvzacny kzq", true);
    expect(rare?.tokens[1].completions).toHaveLength(40);
    expect(rare?.tokens[1].checked).toBe(true);
    expect(matchTerms(rare!)).toEqual({ indexed: "kzvzacny", checked: "kzq:*" });
    expect(await found(rare!)).toHaveLength(2);
    // Beside a word as common as it the index is asked its 40 words: whole words, buckets and all.
    const common = await planSearch(api.db, "kzrum kzq", true);
    expect(common?.tokens[1].checked).toBeUndefined();
    expect(matchTerms(common!).indexed).toMatch(/^kzrum & \(kzq0 \| kzq1 \| kzq10 /);
    expect(wholeWords(common!)).toBe(true);
    expect(await found(common!)).toHaveLength(COMMON);
  });

  it("leaves the prefix to the index beside a word as common as it, or alone, or for other statuses", async () => {
    const common = await planSearch(api.db, "kzrum kzp", true);
    expect(common?.tokens.some((token) => token.checked)).toBe(false);
    expect(matchTerms(common!)).toEqual({ indexed: "kzrum & kzp:*", checked: null });
    expect(await found(common!)).toHaveLength(COMMON);
    const alone = await planSearch(api.db, "kzp", true);
    expect(alone?.tokens[0].completions).toBeUndefined();
    expect(alone?.tokens[0].checked).toBeUndefined();
    expect((await planSearch(api.db, "kzvzacny kzp", false))?.tokens[1].checked).toBeUndefined();
    expect(MAX_COMPLETIONS).toBeLessThan(COMMON);
  });
});
