import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { allowedTypos, isTypoOf, searchTokens } from "../search/search-text.ts";
import { parsePgArray, rowsOf } from "./sql-parts.ts";

/**
 * How a query word matches: as the beginning of a word (`words` null), or, when no catalogue word
 * starts with it, as any of the catalogue words that contain it or are a typo away from it.
 */
export type TokenPlan = {
  token: string;
  words: string[] | null;
  /** Some catalogue word starts with it: the visitor typed a real word, typos are not looked for. */
  exact?: boolean;
};

export type SearchPlan = { tokens: TokenPlan[] };

/**
 * Decides how each query word matches, in one statement over the vocabulary (search_words, a
 * trigram index): a word some catalogue word starts with matches as a prefix. Otherwise its
 * stand-ins are the catalogue words that contain it (4+ letters: "allan" -> "macallan"), else
 * the nearest words by trigrams that code accepts as typos ("zakapa" -> "zacapa").
 */
export async function planSearch(db: Db, q: string | undefined): Promise<SearchPlan | null> {
  const tokens = q ? searchTokens(q) : [];
  if (tokens.length === 0) return null;
  // Numbers and short words are never stood in for: they must match as they are.
  const open = tokens.filter((token) => allowedTypos(token) > 0);
  if (open.length === 0) return { tokens: tokens.map((token) => ({ token, words: null })) };
  // One statement; each word's patterns are parameters, so the indexes serve them (word LIKE
  // 'x%' the primary key, LIKE '%x%' and the distance ordering the trigram index). The stand-ins
  // are looked for only when needed: PostgreSQL runs a CASE's uncorrelated subquery (an InitPlan)
  // only when its branch is taken, and the nearest 30 by trigrams cost up to a few milliseconds
  // over the vocabulary of 1 000 000 products, thrown away for a word the catalogue has.
  const result = await db.execute(
    sql.join(
      open.map((token) => {
        const prefix = sql`exists (select 1 from search_words w where w.word like ${`${token}%`})`;
        const inside = `%${token}%`;
        return sql`
          select ${token}::text as token, ${prefix} as prefix,
            case when ${prefix} then null else array (select w.word from search_words w
              where w.word like ${inside} order by length(w.word), w.word limit 20) end as inside,
            case when ${prefix} or exists (select 1 from search_words w where w.word like ${inside}) then null
              else array (select w.word from search_words w order by w.word <-> ${token}::text limit 30) end as near`;
      }),
      sql` union all `,
    ),
  );
  const rows = rowsOf(result);
  const asArray = (value: unknown): string[] =>
    Array.isArray(value) ? (value as string[]) : value ? parsePgArray(String(value)) : [];
  const plans: TokenPlan[] = tokens.map((token) => {
    const row = rows.find((candidate) => candidate.token === token);
    if (!row || row.prefix) return { token, words: null, exact: Boolean(row?.prefix) };
    const inside = asArray(row.inside);
    if (inside.length) return { token, words: inside };
    const typos = asArray(row.near).filter((word) => isTypoOf(token, word));
    return { token, words: typos.length ? typos.slice(0, 8) : null };
  });
  return { tokens: plans };
}

/** A tsquery term for one planned word: the word as a prefix, or any of its stand-ins. */
export function tsTerm(plan: TokenPlan): string {
  if (plan.words?.length) return `(${[`${plan.token}:*`, ...plan.words].join(" | ")})`;
  return `${plan.token}:*`;
}

/** A LIKE pattern for a word at the start of a word of products.search_name. */
function wordStartPattern(word: string): string {
  return `% ${word.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * How many of the query's words the product's names contain (as the start of a word, or one of
 * the word's stand-ins): the relevance of a search hit. It reads search_name (short, normalised in
 * code) with LIKE: parsing the names with to_tsvector for every hit cost more than the match.
 */
export function relevance(search: SearchPlan): SQL {
  const parts = search.tokens.map((plan) => {
    const words = [plan.token, ...(plan.words ?? [])];
    const tests = words.map((word) => sql`names like ${wordStartPattern(word)}`);
    return sql`(${sql.join(tests, sql` or `)})::int`;
  });
  return sql`(select ${sql.join(parts, sql` + `)} from (select ' ' || p.search_name as names) n)`;
}
