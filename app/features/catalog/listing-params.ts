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
  /** Structured attributes (issue 37): the chosen values of each facet, by key (`p_bottler_kind=independent`). */
  attributes: Record<string, string[]>;
  /** Ranges of numbers by key (`p_age_years_od=12&p_age_years_do=18`), in the attribute's unit. */
  ranges: Record<string, { from: number | null; to: number | null }>;
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
  attributes: {},
  ranges: {},
};

/** The parameters of the attributes: `p_<key>` (a value), `p_<key>_od` and `p_<key>_do` (a range). */
export const ATTRIBUTE_PARAM = "p_";
export const attributeParam = (key: string) => `${ATTRIBUTE_PARAM}${key}`;
export const rangeParam = (key: string, end: "from" | "to") =>
  `${ATTRIBUTE_PARAM}${key}_${end === "from" ? "od" : "do"}`;
const ATTRIBUTE_NAME = /^p_([a-z][a-z0-9_]{0,39}?)(?:_(od|do))?$/;
const VALUE = /^[\p{L}\p{N}_]{1,80}$/u;

/** A range's bound: a number typed the Czech or the English way, or null. */
function bound(value: string): number | null {
  const text = value.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^\d{1,7}(\.\d)?$/.test(text) ? Number(text) : null;
}

/** The attributes' values and ranges of a URL's query; unknown shapes dropped, at most 20 keys. */
function attributeFilters(params: URLSearchParams): Pick<ListingFilters, "attributes" | "ranges"> {
  const attributes: ListingFilters["attributes"] = {};
  const ranges: ListingFilters["ranges"] = {};
  for (const [name, raw] of params) {
    const match = ATTRIBUTE_NAME.exec(name);
    const value = raw.trim();
    if (!match || value === "" || Object.keys(attributes).length + Object.keys(ranges).length >= 20) continue;
    const [, key, end] = match;
    if (end) {
      const number = bound(value);
      if (number === null) continue;
      const range = ranges[key] ?? { from: null, to: null };
      range[end === "od" ? "from" : "to"] = number;
      ranges[key] = range;
    } else if (VALUE.test(value)) {
      const values = attributes[key] ?? [];
      if (!values.includes(value) && values.length < 20) attributes[key] = [...values, value].sort();
    }
  }
  return { attributes, ranges };
}

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
      ...attributeFilters(params),
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
  for (const key of Object.keys(filters.attributes ?? {}).sort())
    for (const value of filters.attributes[key]) params.append(attributeParam(key), value);
  for (const key of Object.keys(filters.ranges ?? {}).sort()) {
    const { from, to } = filters.ranges[key];
    if (from !== null) params.set(rangeParam(key, "from"), String(from));
    if (to !== null) params.set(rangeParam(key, "to"), String(to));
  }
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
    (filters.endingSoon ? 1 : 0) +
    Object.values(filters.attributes ?? {}).reduce((sum, values) => sum + values.length, 0) +
    Object.keys(filters.ranges ?? {}).length
  );
}
