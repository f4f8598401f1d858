import type { BottlingResult, BottlingView, PricePoint } from "#core/contracts/bottlings.ts";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { BottlingsContext } from "./ports.ts";
import {
  bottlingRecord,
  linkedProductIds,
  PER_PAGE,
  searchRecords,
  toView,
  watcherCounts,
} from "./records.ts";

/**
 * What a bottling's public page shows (docs/product/bottlings.md, "The page"): its attributes with
 * their labels, the photos of its listings, the listings on sale now, its results and price points.
 * A merged bottling answers with the survivor's id (the page redirects, 301).
 */

export type BottlingPage = {
  bottling: BottlingView;
  attributes: { key: string; label: string; value: string }[];
  photos: { src: string; alt: string; url: string }[];
  /** The newest listings on sale, at most ON_SALE; `moreOnSale`: there are others. */
  onSale: ProductCardData[];
  moreOnSale: boolean;
  /**
   * How many of its listings are on sale now (active offers, as `onSale` reads them): the header's
   * "Na prodej teď", beside `bottling.listingCount`, every listing ever linked.
   */
  onSaleCount: number;
  /** One page of results, newest first; `older`: the id the next page starts below (null: the last page). */
  results: BottlingResult[];
  older: number | null;
  /** The chart: one point per month of every result (not only this page's). */
  pricePoints: PricePoint[];
};

export type BottlingPageAnswer =
  | { kind: "page"; page: BottlingPage }
  | { kind: "moved"; id: number; slug: string }
  | null;

const PHOTOS = 8;
/** The latest linked listings the photos are chosen from. */
const PHOTO_CANDIDATES = 40;
/** A page of results, and of listings on sale: the page stays light at any count (bench/README.md). */
export const RESULTS_PER_PAGE = 20;
export const ON_SALE = 12;

/** `before`: the id of the last result of the page before (`?starsi=`), for the next page of results. */
export async function bottlingPage(
  ctx: BottlingsContext,
  id: number,
  locale: Locale,
  before?: number,
): Promise<BottlingPageAnswer> {
  const record = await bottlingRecord(ctx.db, id);
  if (!record) return null;
  if (record.status === "merged" && record.mergedIntoId) {
    const survivor = await bottlingRecord(ctx.db, record.mergedIntoId);
    return survivor ? { kind: "moved", id: survivor.id, slug: survivor.slug } : null;
  }
  // The newest 200 links: what is on sale now is among them (older links have long ended).
  const productIds = await linkedProductIds(ctx.db, id);
  const [watchers, everyCard, onSale, results, pricePoints, attributes] = await Promise.all([
    watcherCounts(ctx.db, [id]),
    // Twice the photos: a card without one is skipped. From the 40 latest linked listings, not
    // all 200: each is a read of its listing, and 16 cards are enough (ADR 0101).
    ctx.ports.listingCards(productIds.slice(0, PHOTO_CANDIDATES), locale, false, PHOTOS * 2),
    // One more than shown: whether there are others; with how many are on sale in all, counted in
    // the same statement (a second read of the 200 listings by their key was the page's dearest).
    ctx.ports.listingCards(productIds, locale, true, ON_SALE + 1),
    ctx.ports.results.resultsOf(id, { limit: RESULTS_PER_PAGE + 1, before }),
    ctx.ports.results.pricePoints(id),
    ctx.ports.describeAttributes(record.attributes, locale, record.categoryId),
  ]);
  const photos = everyCard.cards
    .filter((card) => card.image)
    .slice(0, PHOTOS)
    .map((card) => ({ src: card.image?.src ?? "", alt: card.image?.alt ?? card.name, url: card.url }));
  return {
    kind: "page",
    page: {
      bottling: toView(record, locale, watchers.get(id)),
      attributes,
      photos,
      onSale: onSale.cards.slice(0, ON_SALE),
      moreOnSale: onSale.cards.length > ON_SALE,
      onSaleCount: onSale.matched,
      results: results.slice(0, RESULTS_PER_PAGE),
      older: results.length > RESULTS_PER_PAGE ? (results[RESULTS_PER_PAGE - 1]?.id ?? null) : null,
      pricePoints,
    },
  };
}

/** The public list (`/lahve?q=`) and the back office's. */
export async function bottlingList(
  ctx: BottlingsContext,
  query: { q?: string; page?: number; locale: Locale; statuses?: ("active" | "merged")[] },
) {
  const found = await searchRecords(ctx.db, query);
  const watchers = await watcherCounts(
    ctx.db,
    found.items.map((r) => r.id),
  );
  return {
    items: found.items.map((r) => toView(r, query.locale, watchers.get(r.id))),
    total: found.total,
    page: found.page,
    pageCount: Math.max(1, Math.ceil(found.total / PER_PAGE)),
  };
}
