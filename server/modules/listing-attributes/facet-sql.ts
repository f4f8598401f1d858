import { type SQL, sql } from "drizzle-orm";
import type { AttributeFilter } from "#core/contracts/listing-attributes.ts";

/**
 * The SQL this module hands the catalogue's read side (listing-reads, ADR 0090) for the facets of
 * issue 37: a listing's filter on one attribute, and the counts of values and the ranges of
 * numbers among a set of listings. Its table stays named only here (tests/architecture's raw-SQL
 * owners). Both lean on the values' two indexes, (key, match_key, product_id) and (key,
 * number_value, product_id), or on the primary key (product_id, key) from a listing's side.
 */

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * `exists (…)`: the listing whose id is `productId` has one of the filter's values, or a number in
 * its range. `perListing` (a page read in its order, category by category) adds `offset 0`, which
 * keeps the `exists` a check of each listing (PostgreSQL does not turn a subquery with an offset
 * into a join): the page walks its categories' listings through their own index and looks each
 * one's value up by the primary key. Turned into a join, the planner started from the values of
 * every category instead (105 000 "independent" at 1 000 000 listings) and probed the listings
 * hundreds of thousands of times, once per category (3.4 s against 0.5; bench/README.md). A count's
 * sample, unordered, is left to the planner: there the join is the faster.
 */
export function attributeConditionSql(
  productId: SQL,
  filter: AttributeFilter,
  { perListing = false }: { perListing?: boolean } = {},
): SQL {
  const where: SQL[] = [sql`v.product_id = ${productId}`, sql`v.key = ${filter.key}`];
  if (filter.values?.length) where.push(sql`v.match_key in (${list(filter.values)})`);
  if (filter.min !== undefined) where.push(sql`v.number_value >= ${filter.min}`);
  if (filter.max !== undefined) where.push(sql`v.number_value <= ${filter.max}`);
  return sql`exists (select 1 from listing_attribute_values v where ${sql.join(where, sql` and `)}${perListing ? sql` offset 0` : sql``})`;
}

/**
 * `exists (…)`: the listing whose id is `productId` has a value of one of the keys. A facet's
 * sample above the count cap is drawn among these, not among the first listings the planner
 * meets: those may all be without attributes, and the facets would vanish (bench/README.md).
 */
export function hasAnyAttributeSql(productId: SQL, keys: readonly string[]): SQL {
  return sql`exists (select 1 from listing_attribute_values v where v.product_id = ${productId} and v.key in (${list(keys)}))`;
}

/**
 * The values of the keys among the listings `productIds` (a subquery of ids) with their counts:
 * rows of key, value (the match key), text (a spelling of it) and count.
 */
export function attributeValueCountsSql(productIds: SQL, keys: readonly string[]): SQL {
  return sql`select v.key, v.match_key as value, min(v.text_value) as text, count(*)::int as count
    from listing_attribute_values v
    where v.key in (${list(keys)}) and v.match_key is not null and v.product_id in (${productIds})
    group by v.key, v.match_key`;
}

/** The smallest and largest numbers of the keys among the listings `productIds`: rows of key, min, max. */
export function attributeRangesSql(productIds: SQL, keys: readonly string[]): SQL {
  return sql`select v.key, min(v.number_value) as min, max(v.number_value) as max
    from listing_attribute_values v
    where v.key in (${list(keys)}) and v.number_value is not null and v.product_id in (${productIds})
    group by v.key`;
}
