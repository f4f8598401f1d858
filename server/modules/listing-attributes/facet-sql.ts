import { type SQL, sql } from "drizzle-orm";
import type { AttributeFilter } from "#core/contracts/listing-attributes.ts";

/**
 * The SQL this module hands the catalogue's read side (listing-reads, ADR 0090) for the facets of
 * issue 37: a listing's filter on one attribute, and the counts of values and the ranges of
 * numbers among a set of listings. Its tables stay named only here (tests/architecture's raw-SQL
 * owners).
 *
 * A query of live listings only (a category page, a search: the default) reads
 * `live_attribute_values` (ADR 0098): the live listings' values with their category, indexed by
 * key, value and category. Any other (a list of
 * ended listings) reads every listing's values, `listing_attribute_values`, through its two
 * indexes, (key, match_key, product_id) and (key, number_value, product_id).
 */

/** Which values a statement reads: the live listings' (of these categories, when given) or all. */
export type AttributeScope = { live: boolean; categoryIds?: readonly number[] };

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const table = (scope: AttributeScope) =>
  scope.live ? sql`live_attribute_values` : sql`listing_attribute_values`;

/** The filter's own conditions on the values aliased `alias`: its key, and one of its values or its range. */
function filterWhere(filter: AttributeFilter, alias = "v"): SQL[] {
  const v = sql.raw(alias);
  const where: SQL[] = [sql`${v}.key = ${filter.key}`];
  if (filter.values?.length) where.push(sql`${v}.match_key in (${list(filter.values)})`);
  if (filter.min !== undefined) where.push(sql`${v}.number_value >= ${filter.min}`);
  if (filter.max !== undefined) where.push(sql`${v}.number_value <= ${filter.max}`);
  return where;
}

/**
 * The listing whose id is `productId` has one of the filter's values, or a number in its range.
 *
 * Live and unordered (a count's sample): `productId in (…)` the live values of the branch's
 * categories, which the planner reads first through their index (a branch's few thousand live
 * listings) and then looks the listings up by key.
 *
 * `perListing` (a page read in its order, category by category) is an `exists` with `offset 0`,
 * which keeps it a check of each listing by the values' primary key (PostgreSQL does not turn a
 * subquery with an offset into a join): the page walks its categories' listings through their own
 * index. Turned into a join over every listing's values, the planner started from the values of
 * every category and status (105 000 "independent" at 1 000 000 listings) and probed the listings
 * hundreds of thousands of times (3.4 s against 0.5; bench/README.md).
 */
export function attributeConditionSql(
  productId: SQL,
  filter: AttributeFilter,
  { perListing = false, scope = { live: false } }: { perListing?: boolean; scope?: AttributeScope } = {},
): SQL {
  const where = filterWhere(filter);
  if (scope.live && !perListing) {
    if (scope.categoryIds?.length) where.push(sql`v.category_id in (${list(scope.categoryIds)})`);
    return sql`${productId} in (select v.product_id from live_attribute_values v where ${sql.join(where, sql` and `)})`;
  }
  where.unshift(sql`v.product_id = ${productId}`);
  return sql`exists (select 1 from ${table(scope)} v where ${sql.join(where, sql` and `)}${perListing ? sql` offset 0` : sql``})`;
}

/**
 * `exists (…)`: the listing whose id is `productId` has a value of one of the keys. A facet's
 * sample above the count cap is drawn among these, not among the first listings the planner
 * meets: those may all be without attributes, and the facets would vanish (bench/README.md).
 */
export function hasAnyAttributeSql(productId: SQL, keys: readonly string[], scope: AttributeScope): SQL {
  return sql`exists (select 1 from ${table(scope)} v where v.product_id = ${productId} and v.key in (${list(keys)}))`;
}

/**
 * The values and ranges of the keys among the listings `productIds` (a subquery of ids), read
 * once: rows of key, value (the match key), text (a spelling of it) and count for the values,
 * and of key, min and max (value null) for the numbers; each row with `sampled`, how many
 * listings the subquery gave (the caller's cap tells whether the counts are a sample's).
 */
export function attributeFacetCountsSql(
  productIds: SQL,
  keys: readonly string[],
  scope: AttributeScope,
): SQL {
  return sql`with s as materialized (${productIds}),
    v as materialized (
      select v.key, v.match_key, v.text_value, v.number_value from ${table(scope)} v
      where v.key in (${list(keys)}) and v.product_id in (select s.id from s))
    select v.key, v.match_key as value, min(v.text_value) as text, count(*)::int as count,
      null::float8 as min, null::float8 as max, (select count(*) from s)::int as sampled
    from v where v.match_key is not null group by v.key, v.match_key
    union all
    select v.key, null, null, null, min(v.number_value), max(v.number_value), (select count(*) from s)::int
    from v where v.number_value is not null group by v.key`;
}

/**
 * The same rows as attributeFacetCountsSql for every live listing of the categories, exact and
 * whatever their number: added up from `live_attribute_counts` (ADR 0104), a few rows per
 * category and value, instead of reading the listings' values. One pass over the counts (ADR
 * 0140): a text value is its own group, a key's numbers one group without a value (its range);
 * the table is small enough that PostgreSQL reads it whole, and two passes, one for each kind,
 * were two thirds of a category page's PostgreSQL time.
 */
export function maintainedAttributeCountsSql(keys: readonly string[], categoryIds: readonly number[]): SQL {
  return sql`select c.key, c.value, min(c.text_value) as text,
      case when c.value is null then null else sum(c.n)::int end as count,
      min(c.number_value) as min, max(c.number_value) as max
    from (select key, case when number_value is null then value end as value, text_value, number_value, n
      from live_attribute_counts
      where category_id in (${list(categoryIds)}) and key in (${list(keys)}) and n > 0) c
    group by c.key, c.value`;
}

/**
 * The live values `v` whose listing passes every filter: the first by `v`'s own index, the others
 * checked row by row by key (`offset 0`, as attributeConditionSql's per-listing check): as joins,
 * the planner read every value of the other filters in the branch into a hash (65 000 ages at
 * 1 000 000 listings) to keep the first thousand rows.
 */
function matchesWhere(filters: readonly AttributeFilter[], category: SQL): SQL {
  const [first, ...others] = filters;
  const where = [...filterWhere(first), category];
  for (const filter of others)
    where.push(
      sql`exists (select 1 from live_attribute_values o where o.product_id = v.product_id and ${sql.join(filterWhere(filter, "o"), sql` and `)} offset 0)`,
    );
  return sql.join(where, sql` and `);
}

/**
 * The live listings of one category (`categoryId`, e.g. a lateral's `c.id`) that pass every
 * filter, read from the live values' index by the first filter's key, value and category, the
 * others checked by the primary key: a subquery of `product_id`s, at most `limit` when given.
 */
export function liveMatchesSql(filters: readonly AttributeFilter[], categoryId: SQL, limit?: SQL): SQL {
  const where = matchesWhere(filters, sql`v.category_id = ${categoryId}`);
  return sql`select v.product_id from live_attribute_values v where ${where}${limit ? sql` limit ${limit}` : sql``}`;
}

/**
 * A filter's condition on the live listing terms `d` (ADR 0107): one of its values, or one of the
 * numbers of its key in its range that the categories' live listings have (their counts, ADR 0104,
 * know every such number: a few dozen ages, a few hundred strengths).
 */
function termCondition(filter: AttributeFilter, categoryIds: readonly number[]): SQL {
  if (filter.values?.length)
    return sql`d.terms && array[${list(filter.values.map((value) => `a:${filter.key}=${value}`))}]::text[]`;
  return sql`d.terms && array(select distinct 'a:' || c.key || '=' || c.value from live_attribute_counts c
    where c.category_id in (${list(categoryIds)}) and c.key = ${filter.key} and c.n > 0
      and ${countedChoice(filter)})`;
}

/** The rows of `live_attribute_counts c` of the filter's values, or of the numbers in its range. */
function countedChoice(filter: AttributeFilter): SQL {
  if (filter.values?.length) return sql`c.value in (${list(filter.values)})`;
  const where = [sql`c.number_value is not null`];
  if (filter.min !== undefined) where.push(sql`c.number_value >= ${filter.min}`);
  if (filter.max !== undefined) where.push(sql`c.number_value <= ${filter.max}`);
  return sql.join(where, sql` and `);
}

/**
 * What a page read from the live listing terms filters by (ADR 0107): attributes, and brands and
 * packages beside them (a distillery and an age, the issue's own example; the terms carry `b:` and
 * `p:`). A listing without attributes has no terms: at least one attribute filter is on.
 */
export type TermsFilters = {
  attributes: readonly AttributeFilter[];
  brandIds?: readonly number[];
  packageIds?: readonly number[];
  /**
   * With brands or packages: per category of the branch, rows of `id`, `n` (its live listings of
   * the brands and packages) and `of` (all its live listings), for the expected matches. The
   * caller's (listing_counts is not this module's).
   */
  listedShare?: SQL;
};

/** The terms of a brand or package filter: `b:<id>` or `p:<id>`. */
const idTerms = (prefix: "b" | "p", ids: readonly number[]) =>
  sql`array[${list(ids.map((id) => `${prefix}:${id}`))}]::text[]`;

/**
 * The live listing terms `d` passing every filter, as conditions the terms' GIN index answers
 * (ADR 0107); the numbers of a range are those the categories' listings have.
 */
function termsWhere(filters: TermsFilters, categoryIds: readonly number[]): SQL {
  const where = filters.attributes.map((filter) => termCondition(filter, categoryIds));
  if (filters.brandIds?.length) where.push(sql`d.terms && ${idTerms("b", filters.brandIds)}`);
  if (filters.packageIds?.length) where.push(sql`d.terms && ${idTerms("p", filters.packageIds)}`);
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}

/**
 * A category's listings are walked newest first, each one's terms checked in the covering index
 * (live_listing_terms_newest_idx: no table read), when finding the rows wanted that way reads
 * fewer than this many (about `wanted × rows / expected`); otherwise the terms' GIN index gives
 * the category's matches. The GIN index reads the whole of every posting list it is given before
 * the first row (108 000 Scottish whiskies: 40 to 76 ms at 1 000 000 listings; two common filters
 * in one category 2 to 6 ms), the walk about a microsecond a row.
 */
const WALK_ROWS = 5000;

/** Whether the category `e` is walked for `wanted` rows (WALK_ROWS). */
const walked = (wanted: SQL) => sql`(${wanted} * e.rows < ${WALK_ROWS} * e.expected)`;

/**
 * Per category of the branch (`id`) whose listings can pass every filter, the matches expected
 * (`expected`) among about `rows` listings: each filter's share of the category's listings with
 * its key, from the maintained counts (ADR 0104), multiplied as if the filters were independent,
 * times the most listings any of the keys has there (`rows`). A category where a filter has no
 * match is left out.
 */
function expectedMatchesSql(terms: TermsFilters, categoryIds: readonly number[]): SQL {
  const filters = terms.attributes;
  const shares = filters.map(
    (filter, index) => sql`(
      select c.category_id as id, (sum(c.n) filter (where ${countedChoice(filter)}))::float8 as n,
        sum(c.n)::float8 as of
      from live_attribute_counts c
      where c.category_id in (${list(categoryIds)}) and c.key = ${filter.key} and c.n > 0
      group by c.category_id) ${sql.raw(`f${index}`)}`,
  );
  const listed = terms.listedShare && (terms.brandIds?.length || terms.packageIds?.length);
  const joined = sql.join(
    [
      ...shares.map((share, index) => (index === 0 ? share : sql`join ${share} using (id)`)),
      ...(listed ? [sql`join (${terms.listedShare}) fl using (id)`] : []),
    ],
    sql` `,
  );
  const most = sql.raw(`greatest(${filters.map((_, index) => `f${index}.of`).join(", ")})`);
  const factors = filters.map((_, index) => `(f${index}.n / f${index}.of)`);
  const positives = filters.map((_, index) => `f${index}.n > 0`);
  // A brand's share of the category's live listings, taken as its share of those with the keys.
  if (listed) {
    factors.push("(fl.n / fl.of)");
    positives.push("fl.n > 0");
  }
  const product = sql.raw(factors.join(" * "));
  const positive = sql.raw(positives.join(" and "));
  return sql`select id, ${most} * ${product} as expected, ${most} as rows from ${joined} where ${positive}`;
}

/**
 * At most `cap` live listings of the categories passing every filter (ADR 0107), as rows of
 * `d.product_id` and `d.terms`, category by category until the cap: through the terms' GIN
 * index where the matches are a small share (WALK_ROWS; one scan for all such categories read
 * 28 000 matches where the first category's gave the 1 001), else walking the category's
 * listings newest first and checking their terms (`(…) is true` keeps the planner off the GIN
 * index; the order puts it on the covering newest index, which stops at the cap).
 */
function termsSampleSql(filters: TermsFilters, categoryIds: readonly number[], cap: number): SQL {
  const where = termsWhere(filters, categoryIds);
  return sql`select s.product_id, s.terms from (${expectedMatchesSql(filters, categoryIds)}) e
    cross join lateral (
      (select d.product_id, d.terms from live_listing_terms d
        where not ${walked(sql`${cap}`)} and d.category_id = e.id and d.terms @> array['c:' || e.id] and ${where}
        limit ${cap})
      union all
      (select d.product_id, d.terms from live_listing_terms d
        where ${walked(sql`${cap}`)} and d.category_id = e.id and (${where}) is true
        order by d.sort_at desc, d.product_id
        limit ${cap})
    ) s
    limit ${cap}`;
}

/**
 * A value of the branch at most this many listings have is looked up when a capped sample missed
 * it (a look-up reads its listings: about a millisecond); a commoner value a sample of 1 000
 * matches lacks is taken as absent (checking one that is took 12 ms at 1 000 000 listings, 75 ms
 * for a page's six).
 */
const RARE_VALUE = 1000;

/** The keys of termsFacetCountsSql's `listed` rows: no attribute's key starts with `#`. */
export const LISTED_KEYS = { brand: "#b", package: "#p", sampled: "#n" } as const;

/**
 * The rows of attributeFacetCountsSql for a sample of at most `cap` live listings of the
 * categories passing every filter, counted from the sampled rows' own terms (ADR 0107): through
 * the values each sampled listing was one look-up more. `numberKeys` are counted as ranges (min
 * and max), the other keys as values, a free text's label one spelling of it from the counts.
 * Above the cap no count is shown, and a rare value (RARE_VALUE) the sample missed (the sample is
 * the newest matches, not a random draw) is added, with count 0, when some match has it: the
 * value's own term in the GIN index, the filters checked on its rows (`(…) is true`: a common
 * filter's term in the same scan read its whole posting list for every value).
 *
 * `listed`: the sample's brands and packages too, as rows of key `#b` and `#p` (the value the
 * id), and one row of key `#n` whose count is the sample's size: the page's capped total and its
 * brands and packages from the same sample instead of drawing it again (LISTED_KEYS).
 */
export function termsFacetCountsSql(
  filters: TermsFilters,
  categoryIds: readonly number[],
  cap: number,
  keys: readonly string[],
  numberKeys: readonly string[],
  { listed = false }: { listed?: boolean } = {},
): SQL {
  const valueKeys = keys.filter((key) => !numberKeys.includes(key));
  const rangeKeys = keys.filter((key) => numberKeys.includes(key));
  const none = sql`array[]::text[]`;
  const keyList = (chosen: readonly string[]) => (chosen.length ? sql`array[${list(chosen)}]::text[]` : none);
  // An attribute's term is `a:key=value`, a brand's `b:id` and a package's `p:id` (keys #b, #p).
  const split = listed
    ? sql`case when t like 'a:%' then substr(t, 3, strpos(t, '=') - 3) else '#' || left(t, 1) end as key,
        case when t like 'a:%' then substr(t, strpos(t, '=') + 1) else substr(t, 3) end as value
      from s cross join unnest(s.terms) t where t like 'a:%' or t like 'b:%' or t like 'p:%'`
    : sql`substr(t, 3, strpos(t, '=') - 3) as key, substr(t, strpos(t, '=') + 1) as value
      from s cross join unnest(s.terms) t where t like 'a:%'`;
  const counted = listed ? [...valueKeys, LISTED_KEYS.brand, LISTED_KEYS.package] : valueKeys;
  return sql`with s as materialized (
      ${termsSampleSql(filters, categoryIds, cap)}),
    t as materialized (select ${split}),
    n as (select count(*)::int as sampled from s),
    v as (
      select t.key, t.value, count(*)::int as count from t
      where t.key = any (${keyList(counted)}) group by t.key, t.value)
    select v.key, v.value,
      (select min(c.text_value) from live_attribute_counts c
        where c.category_id in (${list(categoryIds)}) and c.key = v.key and c.value = v.value) as text,
      v.count, null::float8 as min, null::float8 as max, n.sampled
    from v cross join n
    union all${listed ? sql` select ${LISTED_KEYS.sampled}, null, null, n.sampled, null, null, n.sampled from n union all` : sql``}
    select t.key, null, null, null, min(t.value::float8), max(t.value::float8), n.sampled
    from t cross join n where t.key = any (${keyList(rangeKeys)}) group by t.key, n.sampled
    union all
    select c.key, c.value, c.text, 0, null, null, n.sampled
    from (
      select c.key, c.value, min(c.text_value) as text from live_attribute_counts c
      where c.category_id in (${list(categoryIds)}) and c.key = any (${keyList(valueKeys)})
        and c.n > 0 and c.number_value is null
      group by c.key, c.value
      having sum(c.n) <= ${RARE_VALUE}) c
    cross join n
    where n.sampled > ${cap - 1}
      and not exists (select 1 from v where v.key = c.key and v.value = c.value)
      and exists (select 1 from live_listing_terms d
        where d.terms @> array['a:' || c.key || '=' || c.value] and (${termsWhere(filters, categoryIds)}) is true
          and d.category_id in (${list(categoryIds)}))`;
}

/**
 * The brand and package (as `brand_id`, `package_id`) of at most `cap` live listings of the
 * categories passing every filter, read from their terms (ADR 0107): a page filtered by
 * attributes alone counts its total and its brands and packages without reading the listings.
 */
export function liveSampleBrandsSql(filters: TermsFilters, categoryIds: readonly number[], cap: number): SQL {
  return sql`select
      (select substr(t, 3)::int from unnest(d.terms) t where t like 'b:%' limit 1) as brand_id,
      (select substr(t, 3)::int from unnest(d.terms) t where t like 'p:%' limit 1) as package_id
    from (${termsSampleSql(filters, categoryIds, cap)}) d`;
}

/**
 * The candidates (`product_id`) of a page of live listings filtered by attributes alone, newest
 * first (ADR 0107): per category of the branch that can have matches, its newest `limit` matches
 * promoted now and its newest `limit` others; the page is the best of those. The promoted ones
 * are walked in the partial covering index of listings ever promoted; the others come from a walk
 * of the covering newest index where the matches are a large share, and the newest `limit` of all
 * the other categories' together from one GIN scan (a scan per category read the common filters'
 * posting lists again each time: 2 to 6 ms a category at 1 000 000 listings).
 */
export function termsNewestSql(
  filters: TermsFilters,
  categoryIds: readonly number[],
  limit: SQL,
  now: string,
): SQL {
  const where = termsWhere(filters, categoryIds);
  const promotedNow = sql`(coalesce(d.topped_until > ${now}::timestamptz, false) and not d.demoted)`;
  return sql`with e as materialized (${expectedMatchesSql(filters, categoryIds)})
    select s.product_id from e cross join lateral (
      (select d.product_id from live_listing_terms d
        where d.category_id = e.id and d.topped_until is not null and ${promotedNow} and (${where}) is true
        order by d.sort_at desc, d.product_id
        limit ${limit})
      union all
      (select d.product_id from live_listing_terms d
        where ${walked(limit)} and d.category_id = e.id and (${where}) is true and not ${promotedNow}
        order by d.sort_at desc, d.product_id
        limit ${limit})
    ) s
    union all
    (select d.product_id from live_listing_terms d
      where d.terms && array(select 'c:' || e.id from e where not ${walked(limit)}) and ${where}
        and not ${promotedNow}
      order by d.sort_at desc, d.product_id
      limit ${limit})`;
}
