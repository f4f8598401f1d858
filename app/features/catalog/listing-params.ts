import type { AuctionDuration, ListingSort, ProductFormat, ProductType } from "#core/contracts/catalog.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";

/**
 * A listing's state in its URL, so a filtered page can be shared and crawled: the same parameter
 * names in both languages (`?strana=2&format=auction&znacka=4`). Values are the catalogue's codes.
 */
export const PARAMS = {
  page: "strana",
  sort: "razeni",
  format: "format",
  type: "typ",
  duration: "delka",
  priceFrom: "cena_od",
  priceTo: "cena_do",
  brand: "znacka",
  package: "baleni",
  verified: "overeny",
  ending: "konci",
  query: "q",
} as const;

export const FORMATS: ProductFormat[] = ["auction", "classified", "shop"];
export const TYPES: ProductType[] = ["supply", "demand"];
export const DURATIONS: AuctionDuration[] = ["week", "month"];
export const SORTS: ListingSort[] = [
  "recommended",
  "ending",
  "newest",
  "price_asc",
  "price_desc",
  "bids",
  "relevance",
];
/** "Ending within 24 h" is the one window offered. */
export const ENDING_HOURS = 24;

export type ListingFilters = {
  formats: ProductFormat[];
  types: ProductType[];
  durations: AuctionDuration[];
  /** Whole units of the visitor's currency. */
  priceFrom: number | null;
  priceTo: number | null;
  brandIds: number[];
  packageIds: number[];
  verified: boolean;
  endingSoon: boolean;
};

export type ListingState = {
  q: string;
  sort: ListingSort | null;
  page: number;
  filters: ListingFilters;
};

export const NO_FILTERS: ListingFilters = {
  formats: [],
  types: [],
  durations: [],
  priceFrom: null,
  priceTo: null,
  brandIds: [],
  packageIds: [],
  verified: false,
  endingSoon: false,
};

function pick<T extends string>(values: string[], allowed: readonly T[]): T[] {
  return allowed.filter((value) => values.includes(value));
}

function ids(values: string[]): number[] {
  const numbers = values
    .flatMap((value) => value.split(","))
    .filter((value) => /^\d{1,9}$/.test(value.trim()))
    .map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b).slice(0, 50);
}

/** A price bound typed into the filter, in whole units of the shown currency (the one money parser). */
function amount(value: string | null): number | null {
  if (value === null) return null;
  const minor = parseCrowns(value);
  if (typeof minor !== "number") return null;
  const whole = Math.floor(minor / 100);
  return whole <= 1_000_000_000 ? whole : null;
}

/**
 * The listing state of a URL's query. Unknown values are dropped; `page` is NaN when `strana` is
 * there but is not a whole number of at least 1 (the loader answers that with a redirect).
 */
export function parseListingParams(params: URLSearchParams): ListingState {
  const all = (name: string) => params.getAll(name).filter((value) => value !== "");
  const rawPage = params.get(PARAMS.page);
  const page =
    rawPage === null || rawPage === ""
      ? 1
      : /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1
        ? Number(rawPage)
        : Number.NaN;
  const sort = params.get(PARAMS.sort);
  return {
    q: (params.get(PARAMS.query) ?? "").trim().slice(0, 200),
    sort: SORTS.includes(sort as ListingSort) ? (sort as ListingSort) : null,
    page,
    filters: {
      formats: pick(all(PARAMS.format), FORMATS),
      types: pick(all(PARAMS.type), TYPES),
      durations: pick(all(PARAMS.duration), DURATIONS),
      priceFrom: amount(params.get(PARAMS.priceFrom)),
      priceTo: amount(params.get(PARAMS.priceTo)),
      brandIds: ids(all(PARAMS.brand)),
      packageIds: ids(all(PARAMS.package)),
      verified: params.get(PARAMS.verified) === "1",
      endingSoon: params.get(PARAMS.ending) === String(ENDING_HOURS),
    },
  };
}

/** The query string of a listing state, in one canonical order ("" when there is nothing to say). */
export function listingSearch(state: ListingState, defaultSort: ListingSort): string {
  const params = new URLSearchParams();
  const { filters } = state;
  if (state.q) params.set(PARAMS.query, state.q);
  for (const value of filters.formats) params.append(PARAMS.format, value);
  for (const value of filters.types) params.append(PARAMS.type, value);
  for (const value of filters.durations) params.append(PARAMS.duration, value);
  if (filters.priceFrom !== null) params.set(PARAMS.priceFrom, String(filters.priceFrom));
  if (filters.priceTo !== null) params.set(PARAMS.priceTo, String(filters.priceTo));
  for (const value of filters.brandIds) params.append(PARAMS.brand, String(value));
  for (const value of filters.packageIds) params.append(PARAMS.package, String(value));
  if (filters.verified) params.set(PARAMS.verified, "1");
  if (filters.endingSoon) params.set(PARAMS.ending, String(ENDING_HOURS));
  if (state.sort && state.sort !== defaultSort) params.set(PARAMS.sort, state.sort);
  if (state.page > 1) params.set(PARAMS.page, String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A link to the listing at `pathname` with the state changed (the page goes back to 1 unless given). */
export function listingHref(
  pathname: string,
  state: ListingState,
  defaultSort: ListingSort,
  change: { filters?: Partial<ListingFilters>; sort?: ListingSort | null; page?: number; q?: string } = {},
): string {
  const next: ListingState = {
    q: change.q ?? state.q,
    sort: change.sort === undefined ? state.sort : change.sort,
    page: change.page ?? 1,
    filters: { ...state.filters, ...change.filters },
  };
  return `${pathname}${listingSearch(next, defaultSort)}`;
}

/** How many filters are on (each ticked value counts; a price range counts once). */
export function activeFilterCount(filters: ListingFilters): number {
  return (
    filters.formats.length +
    filters.types.length +
    filters.durations.length +
    (filters.priceFrom !== null || filters.priceTo !== null ? 1 : 0) +
    filters.brandIds.length +
    filters.packageIds.length +
    (filters.verified ? 1 : 0) +
    (filters.endingSoon ? 1 : 0)
  );
}
