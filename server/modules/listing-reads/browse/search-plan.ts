import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { databaseKey } from "#server/db/database-key.ts";
import { type Cache, caches, keptOrRead, PUBLIC_CACHE_TAGS } from "#server/lib/cache.ts";
import { allowedTypos, isTypoOf, searchTokens } from "#server/modules/catalog/index.ts";
import { plannedRows } from "./newest-hits.ts";
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
  /**
   * Every catalogue word that starts with it, when there are at most MAX_COMPLETIONS (ADR 0054):
   * the full-text query asks for these words exactly instead of the prefix. Absent: the prefix.
   */
  completions?: string[];
  /**
   * A prefix many words start with, checked on the rows the query's other words find instead of
   * asked of the search index, which would gather every listing with such a word (ADR 0148).
   */
  checked?: boolean;
};

export type SearchPlan = { tokens: TokenPlan[] };

/**
 * At most this many words stand for a prefix. A short prefix ("ma") starts thousands of words,
 * whose posting lists cost the same either way; a word typed whole starts a handful ("rum": rum,
 * rums, rumy; "23": 23, 230, 23cl).
 */
export const MAX_COMPLETIONS = 32;

/**
 * A live search's bound (ADR 0149): its completions are the live listings' words (ADR 0147), and a
 * number's first digits start some 40 to 60 of them at 1 000 000 listings ("19": 42). Written as
 * whole words the search index finds their stretches by the ids' buckets (ADR 0143); as a prefix
 * it gathered every listing with such a word in each stretch (70 ms for "whisky 19").
 */
export const MAX_LIVE_COMPLETIONS = 64;

const completionsBound = (live: boolean) => (live ? MAX_LIVE_COMPLETIONS : MAX_COMPLETIONS);

/**
 * A word to_tsquery reads as itself, one lexeme: letters and digits only. A word with other
 * characters ("0.375", "coca-cola") may be parsed into several ("coca-cola" becomes a phrase), so a
 * prefix that starts one stays a prefix.
 */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * A string as an SQL literal. The statement's values are written into its text: with no
 * parameters it runs as a simple query, planned for its values as a custom plan would be, and the
 * pool's connection need not switch plan_cache_mode before it (ADR 0057). Query words are letters
 * and digits only (searchTokens); quotes are doubled all the same.
 */
function literal(text: string): SQL {
  return sql.raw(`'${text.replace(/'/g, "''")}'`);
}

/**
 * The row of one query word: its completions, and for a word typos apply to, its stand-ins. A live
 * search's completions are the live listings' words (search_live_words, ADR 0147): "12" starts 108
 * words of the catalogue at 1 000 000 listings (the archive's cask numbers) and one live word.
 */
function tokenRow(word: string, open: boolean, live: boolean): SQL {
  const token = literal(word);
  // Every catalogue word: search_words (the typo look-ups' words) and search_other_words (0038).
  const words = live
    ? sql`select l.word from search_live_words l where l.word ^@ ${token}`
    : sql`select w.word from search_words w where w.word ^@ ${token}
        union all select o.word from search_other_words o where o.word ^@ ${token}`;
  const completions = sql`array (select c.word from (${words}) c
      order by c.word limit ${sql.raw(String(completionsBound(live) + 1))})`;
  if (!open)
    return sql`select ${token}::text as token, ${completions} as completions,
      null::boolean as prefix, null::text[] as inside, null::text[] as near`;
  const prefix = sql`exists (select 1 from search_words w where w.word like ${literal(`${word}%`)})`;
  const inside = literal(`%${word}%`);
  return sql`
    select ${token}::text as token, ${completions} as completions, ${prefix} as prefix,
      case when ${prefix} then null else array (select w.word from search_words w
        where w.word like ${inside} order by length(w.word), w.word limit 20) end as inside,
      case when ${prefix} or exists (select 1 from search_words w where w.word like ${inside}) then null
        else array (select w.word from search_words w order by w.word <-> ${token}::text limit 30) end as near`;
}

/**
 * Decides how each query word matches, in one statement over the vocabulary (search_words, a
 * trigram index): a word some catalogue word starts with matches as a prefix, written as those
 * words when they are few (ADR 0054, ADR 0143). Otherwise its stand-ins are the catalogue words that contain
 * it (4+ letters: "allan" -> "macallan"), else the nearest words by trigrams that code accepts as
 * typos ("zakapa" -> "zacapa").
 */
export async function planSearch(db: Db, q: string | undefined, live: boolean): Promise<SearchPlan | null> {
  const tokens = q ? searchTokens(q) : [];
  if (tokens.length === 0) return null;
  // Kept once read, unless a change was heard meanwhile (it may have added the words looked for).
  const key = `${databaseKey(db)}\n${live ? "live" : "all"}\n${tokens.join(" ")}`;
  return keptOrRead(keptPlans(), key, () => readPlan(db, tokens, live));
}

/**
 * The plans of the queries asked lately (ADR 0123): a typo's look-up in the vocabulary costs 5 to
 * 8 ms of PostgreSQL, and a site's searches repeat. The vocabulary only grows when listings are
 * written, and every write clears the public caches on every instance: a plan is kept no longer
 * than a page showing its hits would be (the `public` tags), and 5 minutes at most. Per database
 * (tests open several in one process).
 */
let plans: Cache<string, Promise<SearchPlan>> | undefined;
const keptPlans = () =>
  (plans ??= caches.create<string, Promise<SearchPlan>>({
    name: "listing-reads.search-plans",
    tags: PUBLIC_CACHE_TAGS,
    maxEntries: 1000,
    ttlMs: 5 * 60_000,
  }));

/** planSearch's statement over the vocabulary. */
async function readPlan(db: Db, tokens: string[], live: boolean): Promise<SearchPlan> {
  // A query of one word is written as its completions too: the search index intersects a few whole
  // words with a stretch's buckets of ids as it reads them, where a prefix's matches are all gathered
  // first ("rum:*" at 1 000 000 listings: 59 ms against 0.4 for "rum", ADR 0143).
  const open = tokens.map((token) => allowedTypos(token) > 0);
  // Numbers and short words are never stood in for: they must match as they are. Each word's
  // patterns are literals the planner sees, so the indexes serve them (word ^@ 'x' and LIKE 'x%' the primary keys
  // in the C collation, LIKE '%x%' and the distance ordering the trigram index). The stand-ins are looked for only when
  // needed: PostgreSQL runs a CASE's uncorrelated subquery (an InitPlan) only when its branch is
  // taken, and the nearest 30 by trigrams cost up to a few milliseconds over the vocabulary of
  // 1 000 000 products, thrown away for a word the catalogue has.
  const result = await db.execute(
    sql.join(
      tokens.map((token, index) => tokenRow(token, open[index], live)),
      sql` union all `,
    ),
  );
  const rows = rowsOf(result);
  const asArray = (value: unknown): string[] =>
    Array.isArray(value) ? (value as string[]) : value ? parsePgArray(String(value)) : [];
  const plans: TokenPlan[] = tokens.map((token) => {
    const row = rows.find((candidate) => candidate.token === token);
    const found = asArray(row?.completions);
    const completions =
      row && found.length <= completionsBound(live) && found.every((word) => PLAIN_WORD.test(word))
        ? { completions: found }
        : {};
    if (row?.prefix !== false) return { token, words: null, exact: Boolean(row?.prefix), ...completions };
    const inside = asArray(row.inside);
    if (inside.length) return { token, words: inside, ...completions };
    const typos = asArray(row.near).filter((word) => isTypoOf(token, word));
    return { token, words: typos.length ? typos.slice(0, 8) : null, ...completions };
  });
  return { tokens: live ? await withCheckedPrefixes(db, plans) : plans };
}

/**
 * A prefix many words start with, and no stand-in: more than MAX_COMPLETIONS, whether it stays a
 * prefix or a live search writes it as its live words (up to MAX_LIVE_COMPLETIONS, ADR 0149).
 */
const manyWords = (plan: TokenPlan) =>
  (plan.completions === undefined || plan.completions.length > MAX_COMPLETIONS) && !plan.words?.length;

/**
 * How many times more live listings the prefixes must match than the query's other words for the
 * prefixes to be checked on those words' rows (ADR 0148). A row checked costs some 30 times what a
 * listing of a prefix gathered by the index does, so below this the index stays the cheaper worst case.
 */
const CHECK_RATIO = 16;

/**
 * The plans with their prefixes marked `checked` (ADR 0148) when the planner's estimates of each
 * part alone say the prefixes match CHECK_RATIO times more live listings than the other words
 * ("glenfarclas 2": 10 072 and 379 715 at 1 000 000 listings; "whisky 19": 215 113 and 217 197).
 */
async function withCheckedPrefixes(db: Db, plans: TokenPlan[]): Promise<TokenPlan[]> {
  const prefixes = plans.filter(manyWords);
  const others = plans.filter((plan) => !manyWords(plan));
  if (prefixes.length === 0 || others.length === 0) return plans;
  // Literals, so that the planner estimates these words (ADR 0057).
  const rows = (part: TokenPlan[]) =>
    plannedRows(
      db,
      sql`p.status = 'active' and p.search_vector @@ to_tsquery('simple'::regconfig, ${literal(part.map(tsTerm).join(" & "))})`,
    );
  const [prefixRows, otherRows] = await Promise.all([rows(prefixes), rows(others)]);
  if (prefixRows === null || otherRows === null || prefixRows < CHECK_RATIO * Math.max(otherRows, 1))
    return plans;
  return plans.map((plan) => (manyWords(plan) ? { ...plan, checked: true } : plan));
}

/**
 * Every word of the plan written as whole words (its completions or stand-ins), none as a prefix:
 * such a search's stretches may be found by their ids' buckets (ADR 0143), where a prefix's
 * matches would be gathered whole in every stretch.
 */
export const wholeWords = (search: SearchPlan | null): boolean =>
  search ? !matchTerms(search).indexed.includes(":*") : false;

/**
 * The plan's full-text query in two parts: what the search index is asked, and the prefixes
 * checked on the rows it finds (`checked`, ADR 0148), or null.
 */
export function matchTerms(search: SearchPlan): { indexed: string; checked: string | null } {
  const checked = search.tokens.filter((plan) => plan.checked);
  const indexed = search.tokens.filter((plan) => !plan.checked);
  // A row is checked against the prefix itself: one look at its sorted words, where its live
  // words written out would be a look for each (the same rows: every live word is among them).
  const prefix = (plan: TokenPlan) => tsTerm({ ...plan, completions: undefined });
  return {
    indexed: indexed.map(tsTerm).join(" & "),
    checked: checked.length ? checked.map(prefix).join(" & ") : null,
  };
}

/**
 * A tsquery term for one planned word: the word as a prefix, or the words that start with it when
 * they are known (ADR 0054), or'ed with its stand-ins. A word nothing starts with and nothing
 * stands in for stays a prefix, which matches nothing.
 */
export function tsTerm(plan: TokenPlan): string {
  const start = plan.completions ?? [`${plan.token}:*`];
  const terms = [...new Set([...start, ...(plan.words ?? [])])];
  if (terms.length === 0) return `${plan.token}:*`;
  return terms.length === 1 ? terms[0] : `(${terms.join(" | ")})`;
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
