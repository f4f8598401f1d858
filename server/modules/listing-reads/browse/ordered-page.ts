import { type SQL, sql } from "drizzle-orm";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import { intArray } from "#server/db/sql-arrays.ts";
import { liveMatchesSql, memoryNewest, termsNewestSql } from "#server/modules/listing-attributes/index.ts";
import { termsFiltersOf } from "./counts.ts";
import { attributeScope, conditions, type Resolved } from "./filters.ts";
import { keyColumns, keyOrder, NEWEST, type SortKey } from "./sort.ts";
import { list } from "./sql-parts.ts";

/** A whole number of our own making (a page's number times its size) as SQL text, kept in range. */
export const literalInt = (value: number): SQL =>
  sql.raw(String(Math.min(2 ** 31 - 1, Math.max(0, Math.trunc(value)))));

/** The page plan both index-ordered readers take (pages.ts's pagePlan). */
type PagePlan = { perPage: number; page: number; keys: SortKey[] };

/**
 * A filter that few products pass (the shop's sale, one seller's listings, given ids): an
 * index-ordered scan would read a whole category or catalogue to find them, and sorting the few
 * is cheaper (bench/catalog.ts: /produkty/akce at 11 requests/s read in order against 36 sorted).
 */
function fewMatch(query: ListingQuery): boolean {
  return Boolean(query.onSale || query.sellerId !== undefined || query.ids);
}

/**
 * A category's listings passing the first attribute filter are counted, up to this many, in the
 * live values' index (an index-only read, ADR 0098). The page then reads them all and sorts them
 * (a cost of `n` listings) when that is cheaper than walking the category newest first and
 * checking each listing until the page is full (about `limit × live / n` listings, `live` from
 * listing_counts): when n² < limit × live, and never from this many on. A category with no match
 * (Scottish whisky among the bourbons) is never walked: walking every category took 3 s at
 * 1 000 000 listings; reading every category's matches up to 2 000 instead made a common filter
 * (aged 10 to 20) at 100 000 listings ten times dearer than the walk (bench/README.md). Counting
 * all filters' matches read most of the first one's (600 ms): only the first is counted.
 */
const FEW_MATCHES = literalInt(2000);

/** Whether a page's order is newest first, the promoted now first or not (what newestPageIds reads). */
export const newestOrder = (keys: readonly SortKey[]): boolean =>
  keys[keys.length - 1] === NEWEST && keys.length === (keys.length === 2 && keys[0].topped ? 2 : 1);

/**
 * The ids of a page in "newest" order (the default of a category page), read from the partial
 * indexes products_listing_newest_idx and products_listing_promoted_newest_idx (ADR 0034) instead
 * of sorting every matching product: per category of the branch, the products promoted now and
 * the rest, each newest first, at most as many as the pages up to this one hold; the page is the
 * best of those few. The cost follows the page's number and the branch's size, not the catalogue.
 * null when the query's order or statuses do not fit those indexes (the caller sorts instead).
 */
export function newestPageIds(query: ListingQuery, resolved: Resolved, plan: PagePlan): SQL | null {
  const { perPage, page, keys } = plan;
  if (resolved.search || (query.statuses?.length && query.statuses.some((status) => status !== "active")))
    return null;
  if (fewMatch(query)) return null;
  if (!newestOrder(keys)) return null;
  const topped = keys.length === 2 ? keys[0] : null;
  const { categoryIds } = resolved;
  if (categoryIds && categoryIds.length === 0) return null;
  // The limits are written into the text, not bound: one prepared statement per page size and
  // number, whose generic plan (ADR 0050) knows how many rows each category gives. A bound limit
  // is unknown to a generic plan, which then sorted whole categories at 1M products.
  const limit = literalInt(page * perPage);
  /** The page among the candidate rows (`id` and the sort keys). */
  const pageOf = (candidates: SQL) => sql`
    select u.* from (${candidates}) u
    order by ${keyOrder(keys, "u")}
    limit ${literalInt(perPage)} offset ${literalInt((page - 1) * perPage)}`;
  const filters = attributeScope(query).live ? (query.attributes ?? []) : [];
  // Filtered by attributes (with brands and packages or not): the candidates from the live
  // listings' terms (ADR 0107).
  const terms = termsFiltersOf(query, resolved);
  if (terms && categoryIds && resolved.terms)
    return pageOf(sql`
      select p.id, ${keyColumns(keys)} from products p
      where p.id = any(${intArray(resolved.termsNewest ?? memoryNewest(resolved.terms, terms, categoryIds, page * perPage, Date.parse(resolved.now)))})`);
  if (terms && categoryIds)
    return pageOf(sql`
      select p.id, ${keyColumns(keys)} from products p
      where p.id in (${termsNewestSql(terms, categoryIds, limit, resolved.now)})`);
  const categories = categoryIds
    ? sql`unnest(array[${list(categoryIds)}]::int[]) as c(id)`
    : sql`(select id from categories) as c`;
  const rest = conditions(query, { ...resolved, categoryIds: undefined }, { attributesPerListing: true });
  const ordered = (where: SQL, extra: SQL) => sql`
      select p.id, ${keyColumns(keys)} from products p
      where p.category_id = c.id and ${where} and ${extra}
      order by ${NEWEST.expr} desc, p.id
      limit ${limit}`;
  // The matches read from the live values are checked against the other conditions only.
  const others = conditions({ ...query, attributes: undefined }, { ...resolved, categoryIds: undefined });
  // Per category, its listings passing `extra` newest first: walked, or with attribute filters,
  // its matches read and sorted when they are few (FEW_MATCHES), both for the promoted listings
  // and the rest (the promoted walk checked each of a branch's 4 000 promoted listings).
  const perCategory = (extra: SQL) =>
    filters.length === 0
      ? sql`select x.* from ${categories} cross join lateral (${ordered(rest, extra)}) x`
      : sql`
    select x.* from ${categories}
    cross join lateral (
      select count(*) as n,
        (select coalesce(sum(lc.n), 0) from listing_counts lc where lc.category_id = c.id) as live
      from (${liveMatchesSql(filters.slice(0, 1), sql`c.id`, FEW_MATCHES)}) f) m0
    cross join lateral (select m0.n < ${FEW_MATCHES} and m0.n * m0.n < ${limit} * m0.live as few) m
    cross join lateral (
      (${ordered(others, sql`m.few and p.id in (${liveMatchesSql(filters, sql`c.id`)}) and ${extra}`)})
      union all
      (${ordered(rest, sql`not m.few and ${extra}`)})
    ) x`;
  // The products promoted now, newest first from products_listing_promoted_newest_idx.
  // `(…) is true` keeps the planner off products_topped_until_idx (every running promotion of the
  // catalogue): the end of a promotion is checked on the rows the ordered scan reads.
  const promoted = perCategory(
    sql`p.topped_until is not null and (p.topped_until > ${resolved.now}::timestamptz) is true and p.demoted_at is null`,
  );
  const union = topped
    ? sql`${promoted} union all ${perCategory(sql`not ${topped.expr}`)}`
    : perCategory(sql`true`);
  return pageOf(union);
}

/**
 * Where the promoted part of toppedFirstPageIds looks. Live auctions of given durations (the daily,
 * weekly and monthly pages): in the order of products_promoted_auction_ending_idx, the running
 * promotions of those auctions only, so that the page reads its 24 rows instead of every running
 * promotion (1 602 at 100 000 listings, 5 ms; the end of a promotion is checked on the rows read,
 * `is true` keeping the planner off products_topped_until_idx). Else every running promotion
 * through products_topped_until_idx.
 */
function promotedNow(query: ListingQuery, resolved: Resolved): SQL {
  const liveOnly = !query.statuses?.length || query.statuses.every((status) => status === "active");
  if (!query.durations?.length || !liveOnly) return sql`p.topped_until > ${resolved.now}::timestamptz`;
  return sql`p.status = 'active' and p.format = 'auction' and p.topped_until is not null
    and p.auction_duration in (${list(query.durations)})
    and (p.topped_until > ${resolved.now}::timestamptz) is true`;
}

/**
 * The ids of a page whose first key is "promoted now" (every listing's "recommended") and whose
 * other keys are not "newest" (newestPageIds has those), e.g. the auction lists ending soonest
 * first: the promoted products (a few hundred, found through products_topped_until_idx; `(…) is
 * true` keeps the planner off other indexes it would AND with it) and the rest, each in the
 * remaining order and cut to the pages up to this one, so that the rest can be read in an index's
 * order (products_format_status_ends_at_idx) instead of sorting every match: /denni-aukce's page
 * read and sorted all 19 607 week auctions (260 ms at 100 000 products on a busy machine).
 * null when the first key is not the promotion or the page is a search (ranked by relevance).
 */
export function toppedFirstPageIds(query: ListingQuery, resolved: Resolved, plan: PagePlan): SQL | null {
  const { perPage, page, keys } = plan;
  const [topped, ...others] = keys;
  if (!topped?.topped || others.length === 0 || resolved.search || fewMatch(query)) return null;
  const where = conditions(query, resolved, { attributesPerListing: true });
  const order = sql.join(
    [...others.map((key, index) => sql`${sql.raw(`k${index + 1}`)} ${key.order}`), sql`p.id`],
    sql`, `,
  );
  // In the text: a generic plan (an auction round's page, pages.ts) then knows how few rows each
  // part reads in its index's order.
  const limit = literalInt(page * perPage);
  return sql`
    select u.* from (
      (select p.id, ${keyColumns(keys)} from products p
        where ${promotedNow(query, resolved)} and p.demoted_at is null and (${where}) is true
        order by ${order} limit ${limit})
      union all
      (select p.id, ${keyColumns(keys)} from products p
        where ${where} and not ${topped.expr}
        order by ${order} limit ${limit})
    ) u
    order by ${keyOrder(keys, "u")}
    limit ${literalInt(perPage)} offset ${literalInt((page - 1) * perPage)}`;
}
