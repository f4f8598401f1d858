import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { ListingFacets, ListingQuery, ProductPage } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import { cardSelect, pageOf, toCard } from "./cards.ts";
import { COUNT_CAP, cappedTotal } from "./counts.ts";
import { facetsFrom, packageNameOf } from "./facets.ts";
import { attributeScope, conditions, type Resolved } from "./filters.ts";
import { estimateHits, newestHits, stretchBounds } from "./newest-hits.ts";
import { wholeWords } from "./search-plan.ts";
import { keyColumns, keyOrder, pagePlan } from "./sort.ts";
import { jsonRows, list, type Row, rowsOf, uniqueInts } from "./sql-parts.ts";

/**
 * The rows facetsFrom reads, over the CTEs `hits` and `chosen`: "all" (the total and the
 * unfiltered facets), "brand" and "package" (a filtered facet counted without its own filter).
 */
function facetParts(brandIds: number[], packageIds: number[], byBrand: SQL, byPackage: SQL): SQL[] {
  const sets = [sql`()`];
  if (!brandIds.length) sets.push(sql`(h.brand_id)`);
  if (!packageIds.length) sets.push(sql`(h.package_id)`);
  const parts = [
    sql`select 'all' as facet,
        ${brandIds.length ? sql`null::int` : sql`h.brand_id`} as brand_id,
        ${brandIds.length ? sql`1` : sql`grouping(h.brand_id)`} as no_brand,
        ${packageIds.length ? sql`null::int` : sql`h.package_id`} as package_id,
        ${packageIds.length ? sql`1` : sql`grouping(h.package_id)`} as no_package,
        count(*)::int as count
      from chosen h group by grouping sets (${sql.join(sets, sql`, `)})`,
  ];
  if (brandIds.length)
    parts.push(sql`select 'brand', h.brand_id, 0, null::int, 1, count(*)::int
      from hits h where ${byPackage} and h.brand_id is not null group by h.brand_id`);
  if (packageIds.length)
    parts.push(sql`select 'package', null::int, 1, h.package_id, 0, count(*)::int
      from hits h where ${byBrand} and h.package_id is not null group by h.package_id`);
  return parts;
}

const dialect = new PgDialect();

/** The search's conditions with its words written into the text, when nothing else is bound. */
function literalOnly(query: ListingQuery, resolved: Resolved): SQL | null {
  const where = conditions(query, resolved, { brands: true, packages: true, literalSearch: true });
  return dialect.sqlToQuery(where).params.length === 0 ? where : null;
}

/**
 * A search page in one statement. A search must fetch every hit's row to check the full-text
 * match (and rank it), so at most COUNT_CAP + 1 hits are read once into a materialised CTE that
 * the page, the total and the facets all read (ADR 0034): a common word ("rum") ranks, counts and
 * facets that many, not every hit, and its total reads "1 000+". The hits leave out the brand and
 * package filters, which facets of those need ignored; with such a filter on, the chosen hits
 * are read again with it (so a brand's hits are not cut from the first thousand of all).
 * The hits kept are the newest by id (ADR 0038): the same set on every request and every page,
 * read by stretches of ids sized from the planner's estimate of the hits (newest-hits.ts, ADR
 * 0045), so that neither a common word nor one of middling frequency reads the whole catalogue.
 */
export async function searchListingPage(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  attributeCounts: ((hitIds: SQL) => SQL) | null = null,
): Promise<{ page: ProductPage; facets: ListingFacets; attributeRows: Row[] }> {
  const { perPage, page, keys } = pagePlan(query, resolved);
  const brandIds = uniqueInts(query.brandIds) ?? [];
  const packageIds = uniqueInts(query.packageIds) ?? [];
  const byBrand = brandIds.length ? sql`h.brand_id in (${list(brandIds)})` : sql`true`;
  const byPackage = packageIds.length ? sql`h.package_id in (${list(packageIds)})` : sql`true`;
  const filtered = brandIds.length > 0 || packageIds.length > 0;
  const columns = sql`p.id, p.brand_id, p.package_id, ${keyColumns(keys)}`;
  const allWhere = conditions(query, resolved, { brands: true, packages: true });
  const chosenWhere = conditions(query, resolved);
  // The words in the text, nothing bound: the estimate's EXPLAIN runs as a simple query (ADR 0057).
  const literalWhere = filtered ? null : literalOnly(query, resolved);
  const { live } = attributeScope(query);
  const [allEstimate, chosenEstimate] = await Promise.all([
    estimateHits(db, literalWhere ?? allWhere, live, wholeWords(resolved.search)),
    filtered ? estimateHits(db, chosenWhere, live, wholeWords(resolved.search)) : null,
  ]);
  // Hits read at once (not by stretches, whose plan depends on their bounds) have one good plan,
  // the GIN bitmap and a sort of the few hits: planned once per connection (ADR 0050).
  const atOnce = [allEstimate, ...(filtered ? [chosenEstimate] : [])].every(
    (estimate) => stretchBounds(COUNT_CAP + 1, estimate) === null,
  );
  // Hits read by stretches of a search filtered by nothing but its words (ADR 0057): the words and
  // the bounds written into the text, whose generic plan is then the plan for these values, made
  // once per connection (1.2 ms of planning a "rum" at 100k) instead of on every run.
  const hits =
    literalWhere && !atOnce
      ? newestHits(columns, literalWhere, COUNT_CAP + 1, allEstimate, true)
      : newestHits(columns, allWhere, COUNT_CAP + 1, allEstimate);
  const result = await (atOnce || literalWhere ? genericPlans(db) : db).execute(sql`
    with hits as materialized (${hits}),
    chosen as materialized (${
      filtered ? newestHits(columns, chosenWhere, COUNT_CAP + 1, chosenEstimate) : sql`select * from hits`
    }),
    page as (
      select h.* from chosen h order by ${keyOrder(keys, "h")}
      limit ${perPage} offset ${(page - 1) * perPage}
    ),
    facets as (${sql.join(facetParts(brandIds, packageIds, byBrand, byPackage), sql` union all `)})${
      // The attributes' facets over the same hits (attribute-facets.ts, searchAttributeFacets).
      attributeCounts
        ? sql`,
    attribute_counts as (${attributeCounts(sql`select h.id from chosen h`)})`
        : sql``
    }
    select
      (select coalesce(json_agg(c order by ${keyOrder(keys, "c")}), '[]'::json)
        from (${cardSelect(resolved.now, keys.length)}) c) as cards,
      (select coalesce(json_agg(f), '[]'::json) from (
        select facets.*, b.name as brand_name, ${packageNameOf(query.locale)} as package_name, k.position as package_position
        from facets
        left join brands b on facets.no_brand = 0 and b.id = facets.brand_id
        left join packages k on facets.no_package = 0 and k.id = facets.package_id
      ) f) as facets${
        attributeCounts
          ? sql`,
      (select coalesce(json_agg(a), '[]'::json) from attribute_counts a) as attributes`
          : sql``
      }`);
  const [row] = rowsOf(result);
  const facetRows = jsonRows(row?.facets);
  const { total, ...facets } = facetsFrom(
    facetRows.filter((entry) => entry.facet === "all"),
    brandIds.length ? facetRows.filter((entry) => entry.facet === "brand") : null,
    packageIds.length ? facetRows.filter((entry) => entry.facet === "package") : null,
    query.locale,
  );
  const items = jsonRows(row?.cards).map((card) => toCard(card, query.locale));
  const counted = cappedTotal(total);
  return {
    page: pageOf(items, counted, page, perPage),
    facets: counted.totalCapped ? { ...facets, capped: true } : facets,
    attributeRows: jsonRows(row?.attributes),
  };
}
