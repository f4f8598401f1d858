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
 * category and value, instead of reading the listings' values.
 */
export function maintainedAttributeCountsSql(keys: readonly string[], categoryIds: readonly number[]): SQL {
  const where = sql`c.category_id in (${list(categoryIds)}) and c.key in (${list(keys)}) and c.n > 0`;
  return sql`select c.key, c.value, min(c.text_value) as text, sum(c.n)::int as count,
      null::float8 as min, null::float8 as max
    from live_attribute_counts c where ${where} and c.number_value is null group by c.key, c.value
    union all
    select c.key, null, null, null, min(c.number_value), max(c.number_value)
    from live_attribute_counts c where ${where} and c.number_value is not null group by c.key`;
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
 * A facet's sample (ids as `id`) when a page filters its live listings by attributes and nothing
 * else: at most `cap` of the categories' listings passing every filter, read from the live values
 * alone, stopping at the cap (ADR 0104). Every one has an attribute (its filter's), so the sample
 * is not asked to have one of the facet's keys as well (hasAnyAttributeSql): below the cap it is
 * every match either way, and above it the facet shows no counts. Drawn through the listings,
 * each filter became a semi-join that read every match of the branch before the limit (86 to
 * 139 ms a facet at 1 000 000 listings).
 */
export function liveSampleSql(
  filters: readonly AttributeFilter[],
  categoryIds: readonly number[],
  cap: number,
): SQL {
  const where = matchesWhere(filters, sql`v.category_id in (${list(categoryIds)})`);
  return sql`select v.product_id as id from live_attribute_values v where ${where} limit ${cap}`;
}
