import { type SQL, sql } from "drizzle-orm";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import { liveSampleBrandsSql, type TermsFilters } from "#server/modules/listing-attributes/index.ts";
import { conditions, type Resolved, type SkippedFilters } from "./filters.ts";
import { list, uniqueInts } from "./sql-parts.ts";

/**
 * Where a listing's total and facet counts come from (ADR 0034). A query that filters only on what
 * listing_counts keeps (category, format, type, duration, brand, package; live products) adds up
 * those rows, whatever the catalogue's size. Any other (a price range, a verified seller, a list
 * such as "ending soon", a search) counts at most COUNT_CAP + 1 matching products: beyond the cap
 * the total reads "1 000+" and the facets count that sample.
 */
export const COUNT_CAP = 1000;

/** The parts of a count over products or over listing_counts, aliased `p` either way. */
export type CountSource = {
  /** `from …` (joins may follow it) for a count that leaves out the skipped filters. */
  from: (skip?: SkippedFilters) => SQL;
  where: (skip?: SkippedFilters) => SQL;
  /** The aggregate: count(*) over products, sum(n) over listing_counts. */
  count: SQL;
  /** Whether the total may stop at the cap. */
  capped: boolean;
};

/** The query's keys that listing_counts can answer (the rest must be unset). */
const COUNTABLE = new Set([
  "locale",
  "categoryId",
  "formats",
  "types",
  "durations",
  "brandIds",
  "packageIds",
  "statuses",
  "sort",
  "page",
  "perPage",
  "now",
  "q",
]);

/** Whether listing_counts answers a query: no search, live products only, countable filters. */
export function maintainedCountable(query: ListingQuery, resolved: Resolved): boolean {
  if (resolved.search) return false;
  if (query.statuses?.length && query.statuses.some((status) => status !== "active")) return false;
  return Object.entries(query).every(([key, value]) => COUNTABLE.has(key) || !isSet(key, value));
}

/** A filter that filters: not undefined, false, "" or an empty list (but `ids: []` matches nothing). */
function isSet(key: string, value: unknown): boolean {
  if (value === undefined || value === false || value === "") return false;
  return !(Array.isArray(value) && value.length === 0 && key !== "ids");
}

/** The conditions of a countable query over `listing_counts p`. */
function maintainedConditions(query: ListingQuery, resolved: Resolved, skip: SkippedFilters): SQL {
  const where: SQL[] = [sql`p.n > 0`];
  const { categoryIds } = resolved;
  if (categoryIds) where.push(categoryIds.length ? sql`p.category_id in (${list(categoryIds)})` : sql`false`);
  if (query.formats?.length) where.push(sql`p.format in (${list(query.formats)})`);
  if (query.types?.length) where.push(sql`p.type in (${list(query.types)})`);
  if (query.durations?.length)
    where.push(sql`p.format = 'auction' and p.auction_duration in (${list(query.durations)})`);
  const brandIds = uniqueInts(query.brandIds);
  if (brandIds?.length && !skip.brands) where.push(sql`p.brand_id in (${list(brandIds)})`);
  const packageIds = uniqueInts(query.packageIds);
  if (packageIds?.length && !skip.packages) where.push(sql`p.package_id in (${list(packageIds)})`);
  return sql.join(where, sql` and `);
}

/**
 * A category page's live listings filtered by nothing but attributes (and what listing_counts
 * keeps apart from brand, package, format, type and length): the live attribute values know all
 * of them (ADR 0098, 0104), so their counts and samples need not read the listings.
 */
export function onlyAttributeFilters(query: ListingQuery, resolved: Resolved): boolean {
  if (!resolved.categoryIds?.length) return false;
  const { formats, types, durations, brandIds, packageIds } = query;
  if ([formats, types, durations, brandIds, packageIds].some((chosen) => chosen?.length)) return false;
  return maintainedCountable({ ...query, attributes: undefined }, resolved);
}

/**
 * The filters of a category page's live listings that the live listing terms answer (ADR 0107),
 * leaving out the skipped ones: at least one attribute, and beside them nothing but brands and
 * packages (their terms) and what listing_counts keeps apart; null for any other query. With
 * brands or packages, their share of each category's live listings from listing_counts.
 */
export function termsFiltersOf(
  query: ListingQuery,
  resolved: Resolved,
  skip: SkippedFilters = {},
): TermsFilters | null {
  const { categoryIds } = resolved;
  const attributes = (query.attributes ?? []).filter((filter) => filter.key !== skip.attribute);
  if (!categoryIds?.length || attributes.length === 0) return null;
  if ([query.formats, query.types, query.durations].some((chosen) => chosen?.length)) return null;
  if (!maintainedCountable({ ...query, attributes: undefined }, resolved)) return null;
  const brandIds = skip.brands ? undefined : uniqueInts(query.brandIds);
  const packageIds = skip.packages ? undefined : uniqueInts(query.packageIds);
  if (!brandIds?.length && !packageIds?.length) return { attributes };
  const chosen = [
    ...(brandIds?.length ? [sql`lc.brand_id in (${list(brandIds)})`] : []),
    ...(packageIds?.length ? [sql`lc.package_id in (${list(packageIds)})`] : []),
  ];
  const listedShare = sql`select lc.category_id as id,
      coalesce(sum(lc.n) filter (where ${sql.join(chosen, sql` and `)}), 0)::float8 as n,
      sum(lc.n)::float8 as of
    from listing_counts lc where lc.category_id in (${list(categoryIds)}) and lc.n > 0
    group by lc.category_id`;
  return { attributes, brandIds, packageIds, listedShare };
}

/** The counts of a query: listing_counts when it can, else at most COUNT_CAP + 1 products. */
export function countSource(query: ListingQuery, resolved: Resolved): CountSource {
  if (maintainedCountable(query, resolved))
    return {
      from: () => sql`from listing_counts p`,
      where: (skip = {}) => maintainedConditions(query, resolved, skip),
      count: sql`coalesce(sum(p.n), 0)::int`,
      capped: false,
    };
  // Filtered by attributes (with brands and packages or not): the first COUNT_CAP + 1 matches
  // read from the live listings' terms (ADR 0107), their brands and packages with them (each
  // filter a semi-join over the listings read every match of the branch first: 120 ms at 1M).
  if (termsFiltersOf(query, resolved))
    return {
      from: (skip = {}) => {
        const filters = termsFiltersOf(query, resolved, skip);
        return filters
          ? sql`from (${liveSampleBrandsSql(filters, resolved.categoryIds ?? [], COUNT_CAP + 1)}) p`
          : productSample(query, resolved, skip);
      },
      where: () => sql`true`,
      count: sql`count(*)::int`,
      capped: true,
    };
  return {
    from: (skip = {}) => productSample(query, resolved, skip),
    where: () => sql`true`,
    count: sql`count(*)::int`,
    capped: true,
  };
}

/** `from` the brands and packages of at most COUNT_CAP + 1 products passing the query's filters. */
const productSample = (query: ListingQuery, resolved: Resolved, skip: SkippedFilters) => sql`from (
      select p.brand_id, p.package_id from products p
      where ${conditions(query, resolved, skip)} limit ${COUNT_CAP + 1}) p`;

/** The total a page shows: beyond the cap, the cap (and the page says so). */
export function cappedTotal(count: number): { total: number; totalCapped?: true } {
  return count > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: count };
}
