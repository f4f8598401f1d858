import type { ClosingRound } from "#core/contracts/bidding.ts";
import type { CategoryDetail, ListingFacets, ListingSort, ProductPage } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { ListingState } from "./listing-params.ts";

/** The listing pages: a category, the two auction lists, new and sale products, search. */
export type ListingKind =
  | "category"
  | "dailyAuctions"
  | "monthlyAuctions"
  | "newProducts"
  | "saleProducts"
  | "search";

/** The blocks of the filter form a page offers (the others are fixed by the page itself). */
export type FilterGroup = "format" | "type" | "duration" | "price" | "brand" | "package" | "other";

export type Crumb = { name: string; url: string };

/** Everything a listing page renders, as its loader returns it (JSON-safe). */
export type ListingPageData = {
  kind: ListingKind;
  locale: Locale;
  /** The server's "now" (ISO), for the cards' time left. */
  now: string;
  /** This listing's path, without the query. */
  pathname: string;
  state: ListingState;
  defaultSort: ListingSort;
  /** The sorts offered, in order. */
  sorts: ListingSort[];
  groups: FilterGroup[];
  result: ProductPage;
  facets: ListingFacets;
  /** The unit of the price filter: the visitor's currency. */
  currency: { code: string; symbol: string };
  category: CategoryDetail | null;
  /** Monthly auctions: when the current round closes (last day of the month, 20:00 Prague). */
  roundEndsAt: string | null;
  /** Monthly auctions while the round closes: the lots ending now and next; null otherwise. */
  closing?: ClosingRound | null;
  heading: string;
  intro: string | null;
  breadcrumbs: Crumb[];
  seo: {
    origin: string;
    title: string;
    description: string;
    /** Canonical path (with `?strana=N` past page 1; filtered and search pages point to the plain listing). */
    canonicalPath: string;
    /** The same listing in each language. */
    alternates: Record<Locale, string>;
    prevPath: string | null;
    nextPath: string | null;
    /** Filtered, sorted and search result pages stay out of the index (their links are followed). */
    noindex: boolean;
  };
};
