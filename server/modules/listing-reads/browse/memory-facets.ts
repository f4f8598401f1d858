import type { ListingFacets, ListingQuery } from "#core/contracts/catalog.ts";
import type { AttributeDefinition } from "#core/contracts/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import {
  maintainedAttributeCountsSql,
  memoryFacets,
  spelled,
  type TermsFilters,
  type TermsMemory,
} from "#server/modules/listing-attributes/index.ts";
import { facetPlan, facetsOfRows } from "./attribute-facets.ts";
import { termsFiltersOf } from "./counts.ts";
import { facetsFrom, listedRows } from "./facets.ts";
import type { Resolved } from "./filters.ts";
import { newestOrder } from "./ordered-page.ts";
import { pagePlan } from "./sort.ts";
import { rowsOf } from "./sql-parts.ts";

/**
 * A page's total, brands, packages and attribute facets (each without its own filter) counted
 * exactly in the live listing terms in memory (ADR 0129); PostgreSQL gives the names and the
 * maintained counts (ADR 0104) of a facet whose filter is the page's only attribute filter.
 */
export async function memoryTotalAndFacets(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  definitions: readonly AttributeDefinition[],
  memory: TermsMemory,
): Promise<{ total: number; totalCapped?: true } & ListingFacets> {
  const categoryIds = resolved.categoryIds ?? [];
  const plan = facetPlan(query, resolved, definitions);
  const groups = plan?.groups ?? [];
  const { page, perPage, keys } = pagePlan(query, resolved);
  const counted = memoryFacets(memory, termsFiltersOf(query, resolved) as TermsFilters, categoryIds, {
    keys: groups.find((group) => group.skip === undefined)?.keys ?? [],
    numberKeys: plan?.numberKeys ?? [],
    filtered: groups.flatMap((group) => (group.skip ? [{ key: group.skip, keys: group.keys }] : [])),
    newest: newestOrder(keys) ? { limit: page * perPage, now: Date.parse(resolved.now) } : undefined,
  });
  // The list (pageItems, asked after the facets) takes them instead of walking again.
  resolved.termsNewest = counted.newest;
  const [rows, maintained, names] = await Promise.all([
    spelled(db, counted.rows, plan?.textKeys ?? [], categoryIds),
    counted.maintainedKeys.length
      ? db.execute(maintainedAttributeCountsSql(counted.maintainedKeys, categoryIds)).then(rowsOf)
      : [],
    // The brands and packages named at once: among the matches, or without their own filter when on.
    listedRows(
      db,
      { sampled: counted.total, brands: counted.brands, packages: counted.packages },
      { brandFiltered: false, packageFiltered: false, locale: query.locale },
    ),
  ]);
  const brandRows = query.brandIds?.length ? names.filter((row) => row.no_brand === 0) : null;
  const packageRows = query.packageIds?.length ? names.filter((row) => row.no_package === 0) : null;
  const known = facetsFrom(names, brandRows, packageRows, query.locale);
  if (!plan) return known;
  const { facets: attributes } = facetsOfRows(plan, [...rows, ...maintained], query.locale);
  return attributes.length > 0 ? { ...known, attributes } : known;
}
