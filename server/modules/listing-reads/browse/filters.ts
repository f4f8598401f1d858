import { type SQL, sql } from "drizzle-orm";
import type { ListingQuery, ProductStatus } from "#core/contracts/catalog.ts";
import { PRODUCT_STATUSES } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { intArray } from "#server/db/sql-arrays.ts";
import type { TermsMemory } from "#server/modules/listing-attributes/index.ts";
import { type AttributeScope, attributeConditionSql } from "#server/modules/listing-attributes/index.ts";
import { isVerifiedUserSql } from "#server/modules/users/index.ts";
import { activeCategories, branchOf, type CategoryRows } from "./categories.ts";
import { matchTerms, planSearch, type SearchPlan } from "./search-plan.ts";
import { EFFECTIVE_PRICE, list, SALE, TSV, uniqueInts } from "./sql-parts.ts";

/** Listed unless a query asks for others. */
const DEFAULT_STATUSES: ProductStatus[] = ["active"];

/** A query's parts that need the database: the search plan and the category branch. */
export type Resolved = {
  search: SearchPlan | null;
  now: string;
  categoryIds?: number[];
  /** The live listing terms in memory, fresh for a page filtered through them (ADR 0129). */
  terms?: TermsMemory | null;
  /** The list's newest candidates, drawn by the facets' walk of the same page (memory-facets.ts). */
  termsNewest?: number[];
};

/**
 * Filters a facet counts without: its own (a visitor who picked one brand still sees the others).
 * `literalSearch`: the tsquery is written into the text, not bound (a search planned once, ADR 0057).
 */
export type SkippedFilters = {
  brands?: boolean;
  packages?: boolean;
  literalSearch?: boolean;
  /** An attribute whose facet is being counted (issue 37): its own filter is left out. */
  attribute?: string;
  /** A page read in its order category by category: attributes checked listing by listing (facet-sql.ts). */
  attributesPerListing?: boolean;
};

/** `p.status in (...)`: the query's statuses, active by default. */
function statusCondition(query: ListingQuery): SQL {
  const statuses = (query.statuses?.length ? query.statuses : DEFAULT_STATUSES).filter((status) =>
    PRODUCT_STATUSES.includes(status),
  );
  // Literals, not parameters: the planner must see `status = 'active'` to use the partial
  // search index (migration 0003); the names come from the fixed list just checked.
  return statuses.length
    ? sql`p.status in (${sql.raw(statuses.map((status) => `'${status}'`).join(", "))})`
    : sql`false`;
}

/**
 * Which attribute values a query's filters and facets read: the live listings' copy, by the
 * branch's categories (ADR 0098), when the query lists live listings only (every category page and
 * search); all values otherwise.
 */
export function attributeScope(query: ListingQuery, categoryIds?: readonly number[]): AttributeScope {
  const live = !query.statuses?.length || query.statuses.every((status) => status === "active");
  return live ? { live, categoryIds } : { live };
}

/** The filters of the filter panel: format, type, duration, price, brand, package, verified seller. */
function panelConditions(query: ListingQuery, skip: SkippedFilters, scope: AttributeScope): SQL[] {
  const where: SQL[] = [];
  if (query.formats?.length) where.push(sql`p.format in (${list(query.formats)})`);
  if (query.types?.length) where.push(sql`p.type in (${list(query.types)})`);
  if (query.durations?.length)
    where.push(sql`p.format = 'auction' and p.auction_duration in (${list(query.durations)})`);
  if (query.priceMinMinor !== undefined) where.push(sql`${EFFECTIVE_PRICE} >= ${query.priceMinMinor}`);
  if (query.priceMaxMinor !== undefined) where.push(sql`${EFFECTIVE_PRICE} <= ${query.priceMaxMinor}`);
  const brandIds = uniqueInts(query.brandIds);
  if (brandIds?.length && !skip.brands) where.push(sql`p.brand_id in (${list(brandIds)})`);
  const packageIds = uniqueInts(query.packageIds);
  if (packageIds?.length && !skip.packages) where.push(sql`p.package_id in (${list(packageIds)})`);
  // Structured attributes (issue 37, ADR 0090): each an `exists` on the attributes' own table.
  for (const filter of query.attributes ?? [])
    if (filter.key !== skip.attribute)
      where.push(attributeConditionSql(sql`p.id`, filter, { perListing: skip.attributesPerListing, scope }));
  if (query.verifiedSellerOnly)
    // A listing without a seller is the house's own and counts as verified.
    where.push(sql`(p.seller_id is null or ${isVerifiedUserSql(sql`p.seller_id`)})`);
  return where;
}

/** The filters of the lists themselves: ending soon, a seller, given ids, promoted, on sale, new. */
function listConditions(query: ListingQuery, now: string): SQL[] {
  const where: SQL[] = [];
  if (query.endingWithinHours !== undefined)
    where.push(
      sql`p.format = 'auction' and p.ends_at > ${now}::timestamptz and p.ends_at <= ${now}::timestamptz + make_interval(hours => ${Math.max(0, Math.floor(query.endingWithinHours))}::int)`,
    );
  if (query.sellerId !== undefined) where.push(sql`p.seller_id = ${query.sellerId}`);
  const ids = uniqueInts(query.ids);
  if (ids) where.push(ids.length ? sql`p.id = any(${intArray(ids)})` : sql`false`);
  const excludeIds = uniqueInts(query.excludeIds);
  if (excludeIds?.length) where.push(sql`p.id <> all(${intArray(excludeIds)})`);
  // A demoted listing (moderation) keeps no promoted spot.
  if (query.toppedOnly) where.push(sql`p.topped_until > ${now}::timestamptz and p.demoted_at is null`);
  if (query.onSale) where.push(SALE);
  if (query.activatedWithinDays !== undefined)
    where.push(
      sql`coalesce(p.activation_at, p.created_at) >= ${now}::timestamptz - make_interval(days => ${Math.max(0, Math.floor(query.activatedWithinDays))}::int)`,
    );
  return where;
}

/** Everything a query filters on, as one condition over `products p`. */
export function conditions(
  query: ListingQuery,
  { search, now, categoryIds }: Resolved,
  skip: SkippedFilters = {},
): SQL {
  const where: SQL[] = [statusCondition(query)];
  // Literal ids (not a subquery), so the planner sees how big the branch is.
  if (categoryIds) where.push(categoryIds.length ? sql`p.category_id in (${list(categoryIds)})` : sql`false`);
  const scope = attributeScope(query, categoryIds);
  where.push(...panelConditions(query, skip, scope), ...listConditions(query, now));
  if (search) {
    const { indexed, checked } = matchTerms(search);
    // Letters, digits and tsquery operators only (searchTokens), quoted all the same.
    const tsquery = (text: string) =>
      skip.literalSearch ? sql.raw(`'${text.replace(/'/g, "''")}'`) : sql`${text}`;
    where.push(sql`${TSV} @@ to_tsquery('simple'::regconfig, ${tsquery(indexed)})`);
    // The function, not the operator: the index is not asked for these prefixes (ADR 0148).
    if (checked) where.push(sql`ts_match_vq(${TSV}, to_tsquery('simple'::regconfig, ${tsquery(checked)}))`);
    // A demoted listing (moderation) is not found by search; a residual filter on the few hits.
    where.push(sql`p.demoted_at is null`);
  }
  return sql.join(where, sql` and `);
}

/** What a query needs from the database before its statements can be built. */
export async function resolve(
  db: Db,
  query: ListingQuery,
  categoryRows: CategoryRows = () => activeCategories(db),
): Promise<Resolved> {
  const { categoryId } = query;
  const [search, categoryIds] = await Promise.all([
    planSearch(db, query.q, attributeScope(query).live),
    categoryId === undefined ? undefined : categoryRows().then((rows) => branchOf(rows, categoryId)),
  ]);
  return { search, categoryIds, now: (query.now ?? new Date()).toISOString() };
}
