import { sql } from "drizzle-orm";
import type { ListingFacets, ListingQuery, ProductPage } from "#core/contracts/catalog.ts";
import type { AttributeDefinition } from "#core/contracts/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import {
  memoryTotal,
  type TermsFilters,
  type TermsIndex,
  worthMemory,
} from "#server/modules/listing-attributes/index.ts";
import {
  attributeFacets,
  facetDefinitions,
  knownAttributeFilters,
  searchAttributeFacets,
} from "./attribute-facets.ts";
import { cardSelect, pageOf, toCard } from "./cards.ts";
import { activeCategories, type CategoryRows } from "./categories.ts";
import { cappedTotal, countSource, termsFiltersOf } from "./counts.ts";
import { totalAndFacets } from "./facets.ts";
import { conditions, type Resolved, resolve } from "./filters.ts";
import { memoryTotalAndFacets } from "./memory-facets.ts";
import { literalInt, newestPageIds, toppedFirstPageIds } from "./ordered-page.ts";
import { searchListingPage } from "./search-page.ts";
import { keyColumns, keyOrder, pagePlan } from "./sort.ts";
import { rowsOf } from "./sql-parts.ts";

/** The query's keys that leave the plan of newestPageIds's cards the same for every value. */
const PLAIN_LISTING = new Set([
  "locale",
  "categoryId",
  "statuses",
  "sort",
  "page",
  "perPage",
  "now",
  "excludeIds",
  // Home's promoted cards: the same walk of each category's promoted index, its limit in the text
  // (bench/explain-planning.ts --pages home-topped: the same plan, 0.6 ms of the backend's CPU
  // instead of 1.9, most of it planning).
  "toppedOnly",
]);

/**
 * Whether a page of newest cards may run with one generic plan (genericPlans, ADR 0050): a
 * category's page, similar items or home's newest and promoted, filtered on nothing else. Their limits are in
 * the text (ordered-page.ts), so the plan reads each category's partial indexes in order whatever
 * the bound values (the categories, the time, the excluded ids).
 */
function plainListing(query: ListingQuery): boolean {
  return setOnly(query, PLAIN_LISTING);
}

/** Whether the query sets nothing but `keys` (a key left undefined or false sets nothing). */
function setOnly(query: Partial<ListingQuery>, keys: ReadonlySet<string>): boolean {
  return Object.entries(query).every(
    ([key, value]) => keys.has(key) || value === undefined || value === false,
  );
}

/** The keys of home's "ending soon" besides the sort and the format: nothing that filters. */
const PLAIN_ENDING = new Set(["locale", "page", "perPage", "now", "excludeIds"]);

/**
 * Whether a page of auctions by their end, filtered on nothing else (home's "ending soon"), runs
 * with one generic plan: with its limit and offset in the text, the plan reads
 * products_format_status_ends_at_idx in order whatever the excluded ids and the time
 * (bench/explain-planning.ts --pages home-ending). The format is bound, so it must be the one
 * checked: classifieds have no end, and their plan is another.
 */
function plainEnding(query: ListingQuery): boolean {
  const { sort, formats, ...rest } = query;
  return (
    sort === "ending" && formats?.length === 1 && formats[0] === "auction" && setOnly(rest, PLAIN_ENDING)
  );
}

/** The keys of an auction round's page besides its sort, format and durations: nothing that filters. */
const PLAIN_ROUND = new Set(["locale", "page", "perPage", "now", "excludeIds"]);

/**
 * Whether a page of an auction round (/denni-aukce, /mesicni-aukce: live auctions of given
 * durations, promoted first, then ending soonest), filtered on nothing else, runs with one generic
 * plan: toppedFirstPageIds's two parts, their limits in the text, read
 * products_promoted_auction_ending_idx and products_auction_ending_idx in order whatever the time
 * and durations bound (bench/explain-planning.ts --pages monthly: the same plan, 0.53 to 0.58 ms
 * of the backend's CPU instead of 1.4 to 2.1, most of it planning).
 */
function plainRound(query: ListingQuery): boolean {
  const { sort, formats, durations, ...rest } = query;
  return (
    (sort === undefined || sort === "recommended") &&
    formats?.length === 1 &&
    formats[0] === "auction" &&
    Boolean(durations?.length) &&
    setOnly(rest, PLAIN_ROUND)
  );
}

/**
 * Whether a page of given products (a bottling's listings, by their ids) runs with one generic
 * plan: it reads the ids through the primary key whatever the values bound, and planning a list
 * of up to 200 bound ids cost more than the run (bench/explain-planning.ts --pages
 * bottling-cards: 1.2 ms of the backend's CPU instead of 3.2, the same plan).
 */
const givenIds = (query: ListingQuery, resolved: Resolved) => Boolean(query.ids?.length) && !resolved.search;

/**
 * A query ready to run: resolved (filters.ts), with the facet attributes its page offers and only
 * the attribute filters among them (attribute-facets.ts).
 */
async function prepare(
  db: Db,
  raw: ListingQuery,
  categoryRows?: CategoryRows,
  termsIndex?: TermsIndex,
  searchFacets = false,
) {
  let rows: ReturnType<CategoryRows> | undefined;
  const once: CategoryRows = categoryRows ?? (() => (rows ??= activeCategories(db)));
  // A page filtered by attributes, brands or packages reads from the terms in memory (ADR 0129,
  // ADR 0130): the fence goes out beside the other reads.
  // So does a search page's attribute facets over its hits (ADR 0132).
  const wanted =
    (raw.categoryId !== undefined && worthMemory(raw)) || (searchFacets && Boolean(raw.q?.trim()));
  const terms = termsIndex && wanted ? termsIndex.fresh() : null;
  const [resolved, definitions, memory] = await Promise.all([
    resolve(db, raw, once),
    facetDefinitions(db, raw, once),
    terms,
  ]);
  const query = knownAttributeFilters(raw, definitions);
  if (memory && termsFiltersOf(query, resolved) && worthMemory(query)) resolved.terms = memory;
  return { query, resolved, definitions, memory };
}

/** The total and facets of a resolved query: from the terms in memory when it has them (ADR 0129). */
function facetsOf(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
  definitions: readonly AttributeDefinition[],
) {
  return resolved.terms
    ? memoryTotalAndFacets(db, query, resolved, definitions, resolved.terms)
    : totalAndFacets(db, query, resolved, definitions);
}

/** The page of cards of a resolved query (one statement), and its size limits. */
async function pageItems(db: Db, query: ListingQuery, resolved: Resolved) {
  const plan = pagePlan(query, resolved);
  const { perPage, page, keys } = plan;
  const newest = newestPageIds(query, resolved, plan);
  const topped = newest ? null : toppedFirstPageIds(query, resolved, plan);
  const ending = !newest && !topped && plainEnding(query);
  const generic =
    (newest && plainListing(query)) || (topped && plainRound(query)) || ending || givenIds(query, resolved);
  const planned = generic ? genericPlans(db) : db;
  // Bound, except where a generic plan must know them (ordered-page.ts says why).
  const [limit, offset] = ending
    ? [literalInt(perPage), literalInt((page - 1) * perPage)]
    : [perPage, (page - 1) * perPage];
  // Given ids (a bottling's listings) are also counted, in the same pass: how many pass the filters.
  const counted = givenIds(query, resolved);
  const ids =
    newest ??
    topped ??
    sql`select p.id, ${keyColumns(keys)}${counted ? sql`, count(*) over () as matched` : sql``}
      from products p
      where ${conditions(query, resolved)}
      order by ${keyOrder(keys)}
      limit ${limit} offset ${offset}`;
  const result = await planned.execute(sql`
    with page as (${ids})
    ${cardSelect(resolved.now, keys.length, counted ? sql`, page.matched` : sql``)}
    order by ${keyOrder(keys, "page")}`);
  const rows = rowsOf(result);
  const items = rows.map((row) => toCard(row, query.locale));
  return { items, page, perPage, matched: Number(rows[0]?.matched ?? 0) };
}

/**
 * A page of product cards for a listing or search, with its total: from listing_counts, or
 * counted up to the cap (counts.ts), so that "similar items" never counts a whole category.
 */
export async function listProducts(
  db: Db,
  raw: ListingQuery,
  categoryRows?: CategoryRows,
  termsIndex?: TermsIndex,
): Promise<ProductPage> {
  const { query, resolved } = await prepare(db, raw, categoryRows, termsIndex);
  if (resolved.terms) {
    const { items, page, perPage } = await pageItems(db, query, resolved);
    const terms = termsFiltersOf(query, resolved) as TermsFilters;
    return pageOf(
      items,
      { total: memoryTotal(resolved.terms, terms, resolved.categoryIds ?? []) },
      page,
      perPage,
    );
  }
  const source = countSource(query, resolved);
  const [{ items, page, perPage }, countResult] = await Promise.all([
    pageItems(db, query, resolved),
    db.execute(sql`select ${source.count} as total ${source.from()} where ${source.where()}`),
  ]);
  const count = Number(rowsOf(countResult)[0]?.total ?? 0);
  return pageOf(items, source.capped ? cappedTotal(count) : { total: count }, page, perPage);
}

/**
 * A page of product cards without a total, for lists that show no count (the home page's
 * sections, similar items): the count of promoted products alone was the home page's slowest
 * statement (13 ms at 100 000 products, all of it thrown away).
 */
export async function listCards(
  db: Db,
  raw: ListingQuery,
  categoryRows?: CategoryRows,
  termsIndex?: TermsIndex,
): Promise<ProductPage["items"]> {
  const { query, resolved } = await prepare(db, raw, categoryRows, termsIndex);
  return (await pageItems(db, query, resolved)).items;
}

/** The cards of given ids (`raw.ids`) and how many of the ids pass the query, in one statement. */
export async function givenCards(
  db: Db,
  raw: ListingQuery & { ids: number[] },
  categoryRows?: CategoryRows,
): Promise<{ items: ProductPage["items"]; matched: number }> {
  if (raw.ids.length === 0) return { items: [], matched: 0 };
  const { query, resolved } = await prepare(db, raw, categoryRows);
  const { items, matched } = await pageItems(db, query, resolved);
  return { items, matched };
}

/** The brands and packages among the products a query matches, with counts (the filter block). */
export async function listingFacets(
  db: Db,
  raw: ListingQuery,
  categoryRows?: CategoryRows,
  termsIndex?: TermsIndex,
): Promise<ListingFacets> {
  const { query, resolved, definitions } = await prepare(db, raw, categoryRows, termsIndex);
  const { total: _total, totalCapped: _capped, ...facets } = await facetsOf(db, query, resolved, definitions);
  if (!resolved.search) return facets;
  // A search's brands and packages come from its page's statement (search-page.ts); its attributes' here.
  const attributes = await attributeFacets(db, query, resolved, definitions);
  return attributes.length > 0 ? { ...facets, attributes } : facets;
}

/**
 * A listing page in one go: the cards and the facets of one query, resolved once, in two
 * statements when no brand or package filter is on (the page of rows; the total with the facets,
 * counts.ts), and a search in one (searchListingPage); the attributes' facets beside them.
 */
export async function listingPage(
  db: Db,
  raw: ListingQuery,
  categoryRows?: CategoryRows,
  termsIndex?: TermsIndex,
): Promise<{ page: ProductPage; facets: ListingFacets }> {
  const { query, resolved, definitions, memory } = await prepare(db, raw, categoryRows, termsIndex, true);
  if (resolved.search) {
    // The attributes' facets of the keys no filter is on counted over the search's own hits.
    const attributeFacets = searchAttributeFacets(db, query, resolved, definitions, memory);
    const { attributeRows, ...found } = await searchListingPage(
      db,
      query,
      resolved,
      attributeFacets.overHits,
    );
    const attributes = await attributeFacets.facets(attributeRows);
    return attributes.length > 0 ? { ...found, facets: { ...found.facets, attributes } } : found;
  }
  const [{ total, totalCapped, ...facets }, { items, page, perPage }] = await Promise.all([
    facetsOf(db, query, resolved, definitions),
    pageItems(db, query, resolved),
  ]);
  return { page: pageOf(items, { total, totalCapped }, page, perPage), facets };
}
