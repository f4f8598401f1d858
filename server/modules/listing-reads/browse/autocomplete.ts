import { sql } from "drizzle-orm";
import type { AutocompleteResult } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { isTypoOf, searchTokens } from "#server/modules/catalog/index.ts";
import { type ActiveCategoryRow, activeCategories, ancestorsOf, categoryLink } from "./categories.ts";
import { conditions } from "./filters.ts";
import { estimateHits, newestHits } from "./newest-hits.ts";
import { planSearch, relevance, type SearchPlan, wholeWords } from "./search-plan.ts";
import { type Row, rowsOf } from "./sql-parts.ts";

/**
 * How many of the newest matches are ranked for the 8 suggestions (ADR 0149): enough for 8
 * distinct names, and bounded work a keystroke. Newest by id, read by stretches of ids
 * (newest-hits.ts): the same candidates on every keystroke, where "the first 2 000" of before
 * moved with a synchronised sequential scan (ADR 0038). The first letters typed ("ma") match some
 * 40 000 products at 100 000, and reading them all took half a second a keystroke; the newest
 * 1 000 of before, of which 200 were ranked, cost 3 to 6 times these 200 at 1 000 000 listings.
 */
const CANDIDATES = 200;

/** Up to 8 live products with distinct names, best first. */
async function productSuggestions(db: Db, search: SearchPlan | null, locale: Locale) {
  const english = locale === "en";
  const now = new Date().toISOString();
  const where = conditions({ locale }, { search, now });
  const matches = newestHits(
    sql`p.id`,
    where,
    CANDIDATES,
    search ? await estimateHits(db, where, true, wholeWords(search)) : null,
  );
  const result = await db.execute(sql`
    with matches as (${matches}), ranked as (
      select p.id, ${english ? sql`coalesce(p.name_en, p.name_cs)` : sql`p.name_cs`} as name,
        p.slug_cs, p.slug_en, c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
        ${english ? sql`coalesce(c.name_en, c.name_cs)` : sql`c.name_cs`} as category_name,
        ${search ? relevance(search) : sql`0`} as score
      from matches join products p on p.id = matches.id join categories c on c.id = p.category_id
    )
    select * from ranked order by score desc, name, id desc`);
  return distinctByName(rowsOf(result), locale);
}

function distinctByName(rows: Row[], locale: Locale): AutocompleteResult["products"] {
  const english = locale === "en";
  const seen = new Set<string>();
  const products: AutocompleteResult["products"] = [];
  for (const row of rows) {
    const name = String(row.name);
    if (seen.has(name)) continue;
    seen.add(name);
    const productSlug = String((english && row.slug_en) || row.slug_cs);
    const categorySlug = String((english && row.category_slug_en) || row.category_slug_cs);
    products.push({
      id: Number(row.id),
      name,
      url: localePath("product", locale, {
        id: Number(row.id),
        category: categorySlug,
        product: productSlug,
      }),
      context: (row.category_name as string | null) ?? null,
    });
    if (products.length === 8) break;
  }
  return products;
}

/** Suggestions while typing: up to 8 live products (distinct names) and 5 categories. */
export async function autocomplete(db: Db, q: string, locale: Locale): Promise<AutocompleteResult> {
  const tokens = searchTokens(q);
  if (tokens.length === 0 || tokens.join("").length < 2) return { products: [], categories: [] };
  const [search, categoryRows] = await Promise.all([planSearch(db, q, true), activeCategories(db)]);
  const products = await productSuggestions(db, search, locale);
  const exact = new Set(search?.tokens.filter((plan) => plan.exact).map((plan) => plan.token));
  return { products, categories: matchCategories(categoryRows, tokens, locale, exact) };
}

/** How well a category's names match the words: -1 when one does not match at all. */
function categoryScore(row: ActiveCategoryRow, tokens: string[], exact: Set<string>): number {
  const words = row.searchName.split(/[^\p{L}\p{N}]+/u);
  let score = 0;
  for (const token of tokens) {
    if (words.some((word) => word.startsWith(token))) score += 2;
    else if (token.length >= 4 && words.some((word) => word.includes(token))) score += 1.5;
    else if (!exact.has(token) && words.some((word) => isTypoOf(token, word))) score += 1;
    else return -1;
  }
  return score;
}

/**
 * Categories whose name (either language) contains every query word, exactly or with a typo. A
 * word that some catalogue word starts with (`exact`) is matched as the products match it, without
 * typos: "zaca" is the start of "Zacapa", not a slip for "zapa(lovače)", so the products whose name
 * it starts are the suggestions and a category that only resembles it is not offered above them.
 */
function matchCategories(rows: ActiveCategoryRow[], tokens: string[], locale: Locale, exact: Set<string>) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const scored: { row: ActiveCategoryRow; score: number; depth: number }[] = [];
  for (const row of rows) {
    const score = categoryScore(row, tokens, exact);
    if (score <= 0) continue;
    const ancestors = ancestorsOf(row, byId);
    if (!ancestors) continue;
    scored.push({ row, score, depth: ancestors.length });
  }
  scored.sort((a, b) => b.score - a.score || a.depth - b.depth || a.row.position - b.row.position);
  return scored.slice(0, 5).map(({ row }) => {
    const link = categoryLink(row, locale);
    const ancestors = ancestorsOf(row, byId) ?? [];
    return {
      id: link.id,
      name: link.name,
      url: link.url,
      context: ancestors.length ? ancestors.map((a) => categoryLink(a, locale).name).join(" › ") : null,
    };
  });
}
