import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { intArray, textArray } from "#server/db/sql-arrays.ts";
import type { TermsFilters } from "./facet-sql.ts";
import type { GroupCounts, MemoryFilter, MemoryGroup, TermsMemory } from "./terms-memory.ts";

/**
 * A page's counts from the live listing terms in memory (ADR 0129), in the shapes the SQL path
 * gives them (facet-sql.ts): exact, from one walk of the listings the filters allow.
 */

/** What a page counts: its facets' keys and the groups of its filtered keys. */
export type MemoryFacetRequest = {
  /** The facets no filter is on. */
  keys: readonly string[];
  /** The keys counted as ranges (numbers); the others by value. */
  numberKeys: readonly string[];
  /** Each filtered attribute's facet, counted without its own filter. */
  filtered: readonly { key: string; keys: readonly string[] }[];
  /**
   * The page's list drawn in the same walk: its newest `limit` candidates at `now` (the facets'
   * answer carries them, so the list does not walk again).
   */
  newest?: { limit: number; now: number };
};

/** A row of attributeFacetCountsSql's shape (`sampled` 0: exact, never capped). */
type FacetRow = Record<string, unknown>;

export type MemoryFacets = {
  /** The listings passing every filter. */
  total: number;
  /** The facets' rows (termsFacetCountsSql's shape). */
  rows: FacetRow[];
  /** The filtered keys whose own group would have no filter left: the maintained counts answer them. */
  maintainedKeys: string[];
  /** Brands and packages among the matches (when their filter is off) or without their own filter (when on). */
  brands: Map<number, number>;
  packages: Map<number, number>;
  /** The request's `newest` candidates (memoryNewest's answer), when it asked for them. */
  newest?: number[];
};

/** A group's keys counted by value, and its number keys counted as ranges. */
function byKind(keys: readonly string[], numberKeys: readonly string[]) {
  return {
    keys: keys.filter((key) => !numberKeys.includes(key)),
    rangeKeys: keys.filter((key) => numberKeys.includes(key)),
  };
}

/** The facets and total of a page filtered through the terms (each facet without its own filter). */
export function memoryFacets(
  memory: TermsMemory,
  terms: TermsFilters,
  categoryIds: readonly number[],
  request: MemoryFacetRequest,
): MemoryFacets {
  const { filters, attributeIndex, brandIndex, packageIndex } = memoryFiltersOf(terms);
  const split = (keys: readonly string[]) => byKind(keys, request.numberKeys);
  const main = split(request.keys);
  const groups: MemoryGroup[] = [
    {
      skip: null,
      keys: [...main.keys, ...(brandIndex === null ? ["#b"] : []), ...(packageIndex === null ? ["#p"] : [])],
      rangeKeys: main.rangeKeys,
    },
  ];
  const maintainedKeys: string[] = [];
  for (const group of request.filtered) {
    if (filters.length === 1) maintainedKeys.push(group.key);
    else groups.push({ skip: attributeIndex.get(group.key) ?? null, ...split(group.keys) });
  }
  if (brandIndex !== null) groups.push({ skip: brandIndex, keys: ["#b"], rangeKeys: [] });
  if (packageIndex !== null) groups.push({ skip: packageIndex, keys: ["#p"], rangeKeys: [] });
  const answer = memory.query({ categoryIds, filters, groups, newest: request.newest });
  const counted = answer.groups;
  const ids = (key: "#b" | "#p", skip: number | null) =>
    idCounts(counted[groups.findIndex((group) => group.skip === skip)], key);
  return {
    total: counted[0].matched,
    rows: counted.flatMap(attributeRows),
    maintainedKeys,
    brands: ids("#b", brandIndex),
    packages: ids("#p", packageIndex),
    ...(request.newest ? { newest: [...answer.newest.promoted, ...answer.newest.others] } : {}),
  };
}

/**
 * Whether a page's filters are worth the memory's walk: any filter on attributes, brands or
 * packages (since ADR 0130's sets of slots, one filter too: at 1 000 000 listings a few
 * milliseconds against the SQL path's samples, bench/README.md).
 */
export function worthMemory(filters: {
  attributes?: readonly unknown[];
  brandIds?: readonly number[];
  packageIds?: readonly number[];
}): boolean {
  return Boolean(filters.attributes?.length || filters.brandIds?.length || filters.packageIds?.length);
}

/** The listings passing every filter. */
export function memoryTotal(
  memory: TermsMemory,
  terms: TermsFilters,
  categoryIds: readonly number[],
): number {
  const { filters } = memoryFiltersOf(terms);
  return memory.query({ categoryIds, filters, groups: [{ skip: null, keys: [], rangeKeys: [] }] }).groups[0]
    .matched;
}

/**
 * The candidates of a page of the newest listings passing every filter: the newest `limit`
 * promoted at `now` and the newest `limit` others (the page is the best of them).
 */
export function memoryNewest(
  memory: TermsMemory,
  terms: TermsFilters,
  categoryIds: readonly number[],
  limit: number,
  now: number,
): number[] {
  const { filters } = memoryFiltersOf(terms);
  const { newest } = memory.query({ categoryIds, filters, groups: [], newest: { limit, now } });
  return [...newest.promoted, ...newest.others];
}

/**
 * A search's attribute facets over its hits (ADR 0132): the values of `keys` and the ranges of
 * `numberKeys` among the given listings, counted in memory instead of reading each hit's values
 * from PostgreSQL, in attributeFacetCountsSql's shape (`sampled`: the hits, so that more than the
 * cap reads as capped there too), the text values spelled.
 */
function memoryFacetsOverHits(
  db: Db,
  memory: TermsMemory,
  productIds: readonly number[],
  { keys, numberKeys, textKeys }: Record<"keys" | "numberKeys" | "textKeys", readonly string[]>,
): Promise<FacetRow[]> {
  const { counts, categoryIds } = memory.countProducts(productIds, byKind(keys, numberKeys));
  const rows = attributeRows(counts).map((row) => ({ ...row, sampled: productIds.length }));
  return spelled(db, rows, textKeys, categoryIds);
}

/**
 * The hits' side of a search's attribute facets counted in memory (ADR 0132): what the search's
 * statement selects over its hits' ids (the ids), and the rows counted from its answer.
 */
export function memoryOverHits(
  db: Db,
  memory: TermsMemory,
  request: Record<"keys" | "numberKeys" | "textKeys", readonly string[]>,
) {
  return {
    overHits: (hitIds: SQL) => sql`select coalesce(array_agg(s.id), '{}') as ids from (${hitIds}) s`,
    rows: (answer: FacetRow[]) =>
      memoryFacetsOverHits(db, memory, (answer[0]?.ids as number[] | undefined) ?? [], request),
  };
}

/** The memory's rows with each text value's spelling in the categories (it knows match keys only). */
export async function spelled(
  db: Db,
  rows: FacetRow[],
  textKeys: readonly string[],
  categoryIds: readonly number[],
): Promise<FacetRow[]> {
  if (textKeys.length === 0 || !rows.some((row) => row.value !== null)) return rows;
  const texts = rowsOf<FacetRow>(await db.execute(attributeTextsSql(textKeys, categoryIds)));
  const spelling = new Map(texts.map((row) => [`${row.key}\n${row.value}`, row.text]));
  return rows.map((row) =>
    row.value === null ? row : { ...row, text: spelling.get(`${row.key}\n${row.value}`) ?? null },
  );
}

/**
 * The spelling of each text value of `keys` in the categories (rows `key`, `value`, `text`): the
 * memory knows match keys only.
 */
function attributeTextsSql(keys: readonly string[], categoryIds: readonly number[]): SQL {
  return sql`select c.key, c.value, min(c.text_value) as text from live_attribute_counts c
    where c.category_id = any(${intArray(categoryIds)}) and c.key = any(${textArray(keys)})
      and c.n > 0 and c.number_value is null
    group by c.key, c.value`;
}

function idCounts(group: GroupCounts | undefined, key: "#b" | "#p"): Map<number, number> {
  return new Map([...(group?.values.get(key) ?? [])].map(([id, count]) => [Number(id), count]));
}

/** A group's attribute values and ranges as rows (the brands' `#b` and packages' `#p` left out). */
function attributeRows(group: GroupCounts): FacetRow[] {
  const rows: FacetRow[] = [];
  for (const [key, values] of group.values) {
    if (key.startsWith("#")) continue;
    for (const [value, count] of values)
      rows.push({ key, value, text: null, count, min: null, max: null, sampled: 0 });
  }
  for (const [key, { min, max }] of group.ranges)
    rows.push({ key, value: null, text: null, count: null, min, max, sampled: 0 });
  return rows;
}

/** What the memory filters by: an attribute's values or range, brands (`b:`) and packages (`p:`). */
export type MemoryFilterInput = {
  attributes: readonly { key: string; values?: readonly string[]; min?: number; max?: number }[];
  brandIds?: readonly number[];
  packageIds?: readonly number[];
};

/**
 * A page's filters as the memory's (the terms as `live_listing_terms` writes them, ADR 0107), and
 * where each one is in the list: a group that counts a facet without its own filter skips it.
 */
export function memoryFiltersOf(input: MemoryFilterInput): {
  filters: MemoryFilter[];
  attributeIndex: Map<string, number>;
  brandIndex: number | null;
  packageIndex: number | null;
} {
  const filters: MemoryFilter[] = [];
  const attributeIndex = new Map<string, number>();
  for (const filter of input.attributes) {
    attributeIndex.set(filter.key, filters.length);
    filters.push(
      filter.values?.length
        ? { terms: filter.values.map((value) => `a:${filter.key}=${value}`) }
        : { key: filter.key, min: filter.min, max: filter.max },
    );
  }
  const idFilter = (prefix: "b" | "p", ids: readonly number[] | undefined) => {
    if (!ids?.length) return null;
    filters.push({ terms: ids.map((id) => `${prefix}:${id}`) });
    return filters.length - 1;
  };
  const brandIndex = idFilter("b", input.brandIds);
  const packageIndex = idFilter("p", input.packageIds);
  return { filters, attributeIndex, brandIndex, packageIndex };
}
