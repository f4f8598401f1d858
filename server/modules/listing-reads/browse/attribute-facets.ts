import { type SQL, sql } from "drizzle-orm";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import type { AttributeDefinition, AttributeFacet } from "#core/contracts/listing-attributes.ts";
import { facetOf, NUMERIC } from "#core/rules/attribute-facets.ts";
import { effectiveDefinitions, mergedFacetDefinitions } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import {
  allDefinitions,
  attributeFacetCountsSql,
  hasAnyAttributeSql,
  LISTED_KEYS,
  maintainedAttributeCountsSql,
  memoryOverHits,
  type TermsMemory,
  termsFacetCountsSql,
} from "#server/modules/listing-attributes/index.ts";
import { type ActiveCategoryRow, ancestorsOf, type CategoryRows } from "./categories.ts";
import { COUNT_CAP, onlyAttributeFilters, termsFiltersOf } from "./counts.ts";
import { attributeScope, conditions, type Resolved } from "./filters.ts";
import { type Row, rowsOf } from "./sql-parts.ts";

/** A category's path, root first (the category last); [] when it is not an active category. */
function pathOf(rows: readonly ActiveCategoryRow[], categoryId: number): number[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const row = byId.get(categoryId);
  const ancestors = row ? ancestorsOf(row, byId) : null;
  return row && ancestors ? [...ancestors.map((ancestor) => ancestor.id), row.id] : [];
}

/**
 * The facet attributes a query may filter by and its page offers (issue 37; ADR 0090): its
 * category's (their own and inherited), or, without a category, every subtree's merged by key (a
 * search finds listings of any category). From memory when warm: the definitions are kept a while
 * (listing-attributes) and the active categories are the shell data's (ADR 0028). None for a list
 * that neither has a category, nor searches, nor filters by an attribute (the auction lists).
 */
export async function facetDefinitions(
  db: Db,
  query: ListingQuery,
  categoryRows: CategoryRows,
): Promise<AttributeDefinition[]> {
  const { categoryId } = query;
  if (categoryId === undefined && !query.q?.trim() && !query.attributes?.length) return [];
  const [definitions, rows] = await Promise.all([allDefinitions(db), categoryRows()]);
  if (categoryId !== undefined)
    return effectiveDefinitions(definitions, pathOf(rows, categoryId)).filter(
      (definition) => definition.facet,
    );
  // A definition of an inactive branch comes last: its listings are not listed.
  return mergedFacetDefinitions(definitions, (id) => pathOf(rows, id).length || 10);
}

/**
 * The query with only the attribute filters its page offers: a key no facet has (an old link, a
 * hand-made URL) filters nothing, instead of leaving the page empty.
 */
export function knownAttributeFilters(query: ListingQuery, definitions: readonly AttributeDefinition[]) {
  if (!query.attributes?.length) return query;
  const keys = new Set(definitions.map((definition) => definition.key));
  const attributes = query.attributes.filter((filter) => keys.has(filter.key));
  return { ...query, attributes: attributes.length ? attributes : undefined };
}

/**
 * The facets of the attributes (issue 37, item 2; ADR 0090) of a category page or a search. A
 * category page filtered by nothing else (ADR 0104) adds up the maintained counts of its branch:
 * exact, a few hundred rows. Any other is counted like the other facets of a query that
 * listing_counts cannot answer (counts.ts): over at most COUNT_CAP + 1 of the matching listings,
 * exact below the cap; above it the facet is `capped` and shows no counts (a sample's would
 * read as the whole's). A facet whose filter is on is counted without it (a visitor who picked
 * one distillery still sees the others), in a statement of its own. A facet no matching listing
 * has a value of is left out (a search for cigars shows no age), unless its filter is on (its
 * chip keeps its label).
 */
export async function attributeFacets(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  offered: readonly AttributeDefinition[],
): Promise<AttributeFacet[]> {
  return (await attributeFacetsAndListed(db, query, resolved, offered, false)).facets;
}

/**
 * A sample's size with its brands and packages (id to count): what a page filtered through the
 * live listing terms shows as its capped total and its brand and package facets.
 */
export type SampleListed = { sampled: number; brands: Map<number, number>; packages: Map<number, number> };

/**
 * attributeFacets, and with `listed`, when the facets of the keys no filter is on are counted over
 * the terms' sample of every filter (ADR 0107), that sample's size, brands and packages from the
 * same statement (null otherwise: the caller counts them itself). That sample is the one the
 * page's total would draw again: one walk of the matches less.
 */
export async function attributeFacetsAndListed(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  offered: readonly AttributeDefinition[],
  listed: boolean,
): Promise<{ facets: AttributeFacet[]; listed: SampleListed | null }> {
  const plan = facetPlan(query, resolved, offered);
  if (!plan) return { facets: [], listed: null };
  const answers = await Promise.all(
    plan.groups.map((group) => db.execute(groupStatement(query, resolved, plan, group, listed))),
  );
  return facetsOfRows(plan, answers.flatMap(rowsOf), query.locale);
}

/**
 * A search's attribute facets, the group no filter is on counted over the search's own hits
 * (ADR 0121): `overHits` makes that group's counts over a subquery of the hits' ids, which the
 * search's statement runs with its hits (search-page.ts: one full-text scan instead of two);
 * `facets` takes its rows and adds the groups of the filters that are on, whose statements start
 * at once. Counted over the hits, a listing without attributes counts towards the sample's size:
 * the facets are capped exactly when the search's total is ("1 000+"). `overHits` is null when
 * the search offers no attribute facet; `facets` then gives none.
 */
export function searchAttributeFacets(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  offered: readonly AttributeDefinition[],
  memory: TermsMemory | null = null,
): { overHits: ((hitIds: SQL) => SQL) | null; facets(hitRows: Row[]): Promise<AttributeFacet[]> } {
  const plan = facetPlan(query, resolved, offered);
  if (!plan) return { overHits: null, facets: async () => [] };
  const main = plan.groups.find((group) => group.skip === undefined);
  const others = Promise.all(
    plan.groups
      .filter((group) => group !== main)
      .map((group) => db.execute(groupStatement(query, resolved, plan, group, false))),
  );
  // Awaited by `facets`; a failed search statement must not leave its rejection unhandled.
  others.catch(() => {});
  // With the live terms in memory, the statement hands back the hits' ids and the memory counts
  // their values (ADR 0132): PostgreSQL no longer reads every hit's values.
  const counted =
    memory && main && plan.scope.live
      ? memoryOverHits(db, memory, { keys: main.keys, numberKeys: plan.numberKeys, textKeys: plan.textKeys })
      : null;
  return {
    overHits: main
      ? (counted?.overHits ?? ((ids) => attributeFacetCountsSql(ids, main.keys, plan.scope)))
      : null,
    facets: async (hitRows) => {
      const rows = [...(counted ? await counted.rows(hitRows) : hitRows), ...(await others).flatMap(rowsOf)];
      return facetsOfRows(plan, rows, query.locale).facets;
    },
  };
}

type FacetGroup = { keys: string[]; skip?: string };
export type FacetPlan = {
  definitions: AttributeDefinition[];
  filtered: Set<string>;
  scope: ReturnType<typeof attributeScope>;
  numberKeys: string[];
  /** The text attributes' keys: the memory's counts are spelled from the database (ADR 0132). */
  textKeys: string[];
  groups: FacetGroup[];
};

/**
 * The facet attributes offered and their groups: the keys no filter is on together, each
 * filtered key alone (counted without its own filter). Null when the page has none.
 */
export function facetPlan(
  query: ListingQuery,
  resolved: Resolved,
  offered: readonly AttributeDefinition[],
): FacetPlan | null {
  if (query.categoryId === undefined && !resolved.search) return null;
  const definitions = offered.filter((definition) => definition.facet);
  if (definitions.length === 0) return null;
  const filtered = new Set((query.attributes ?? []).map((filter) => filter.key));
  const groups: FacetGroup[] = [
    { keys: definitions.filter((d) => !filtered.has(d.key)).map((d) => d.key) },
    ...definitions.filter((d) => filtered.has(d.key)).map((d) => ({ keys: [d.key], skip: d.key })),
  ].filter((group) => group.keys.length > 0);
  const scope = attributeScope(query, resolved.categoryIds);
  const numberKeys = definitions.filter((d) => NUMERIC.has(d.type)).map((d) => d.key);
  const textKeys = definitions.filter((d) => d.type === "text").map((d) => d.key);
  return { definitions, filtered, scope, numberKeys, textKeys, groups };
}

/** One group's statement: the maintained counts, or its sample drawn once and its values and ranges counted over it. */
function groupStatement(
  query: ListingQuery,
  resolved: Resolved,
  plan: FacetPlan,
  { keys, skip }: FacetGroup,
  listed: boolean,
) {
  // Filtered by another attribute (and brands or packages or not): the sample and its values
  // from the live listings' terms (ADR 0107). The maintained counts (ADR 0104) know the
  // group's listings when no filter but its own is on.
  const terms = termsFiltersOf(query, resolved, { attribute: skip });
  if (terms)
    return termsFacetCountsSql(terms, resolved.categoryIds ?? [], COUNT_CAP + 1, keys, plan.numberKeys, {
      listed: listed && skip === undefined,
    });
  const maintained =
    onlyAttributeFilters(query, resolved) && (query.attributes ?? []).every((filter) => filter.key === skip);
  if (maintained) return maintainedAttributeCountsSql(keys, resolved.categoryIds ?? []);
  // Among the listings that have one of the keys: listings without attributes add nothing to the
  // counts, and a sample of them would leave the facets empty above the cap.
  const sample = sql`select p.id from products p where ${conditions(query, resolved, { attribute: skip })}
    and ${hasAnyAttributeSql(sql`p.id`, keys, plan.scope)} limit ${COUNT_CAP + 1}`;
  return attributeFacetCountsSql(sample, keys, plan.scope);
}

/** The facets from every group's rows, and the terms' sample's listed rows (null without them). */
export function facetsOfRows(
  { definitions, filtered }: FacetPlan,
  all: Row[],
  locale: "cs" | "en",
): { facets: AttributeFacet[]; listed: SampleListed | null } {
  const listedRows = all.filter(isListed);
  const rows = all.filter((row) => !isListed(row));
  const values = rows.filter((row) => row.value !== null);
  const ranges = rows.filter((row) => row.value === null);
  const capped = new Set(rows.filter((row) => Number(row.sampled) > COUNT_CAP).map((row) => String(row.key)));
  const facets = definitions
    .map((definition) => facetOf(definition, values, ranges, locale))
    .filter((facet) => facet.values.length > 0 || facet.range !== null || filtered.has(facet.key))
    .map((facet) => (capped.has(facet.key) && facet.values.length > 0 ? { ...facet, capped: true } : facet));
  return { facets, listed: listedOf(listedRows) };
}

const isListed = (row: Row) => String(row.key).startsWith("#");

/** The `listed` rows as a sample's size, brands and packages; null when there were none. */
function listedOf(rows: Row[]): SampleListed | null {
  const size = rows.find((row) => row.key === LISTED_KEYS.sampled);
  if (!size) return null;
  const counts = (key: string) =>
    new Map(rows.filter((row) => row.key === key).map((row) => [Number(row.value), Number(row.count)]));
  return {
    sampled: Number(size.count),
    brands: counts(LISTED_KEYS.brand),
    packages: counts(LISTED_KEYS.package),
  };
}
