import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import type { Crumb, FilterGroup, ListingKind, ListingPageData } from "#app/features/catalog/listing-data.ts";
import {
  activeFilterCount,
  ENDING_HOURS,
  type ListingState,
  listingHref,
  listingSearch,
  PARAMS,
  parseListingParams,
} from "#app/features/catalog/listing-params.ts";
import { diagnosticsNow } from "#app/lib/diagnostics-now.server.ts";
import type { CategoryDetail, ListingQuery, ListingSort, ProductPage } from "#core/contracts/catalog.ts";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { selectCurrency } from "#core/money/money.ts";
import { nextMonthlyRoundClose } from "#core/rules/auction-end.ts";
import { parseCookieHeader } from "#core/web/cookie-header.ts";

/**
 * The loaders of the listing pages: a category (`/{id}/{slug}`, called by the two-segment route),
 * daily and monthly auctions, new and sale products, and search. Each reads the listing's state
 * from the URL, asks the catalog service for one page of cards and the filter facets, and returns
 * what the page and its meta tags need.
 */

export type ListingLoaderArgs = { request: Request; context: Readonly<RouterContextProvider> };

export const PER_PAGE = 24;
/** "New products" are those that went live in the last 30 days. */
export const NEW_PRODUCTS_DAYS = 30;

type PageConfig = {
  kind: ListingKind;
  base: Partial<ListingQuery>;
  defaultSort: ListingSort;
  sorts: ListingSort[];
  groups: FilterGroup[];
  paths: Record<Locale, string>;
};

const ALL_GROUPS: FilterGroup[] = ["format", "type", "duration", "price", "brand", "package", "other"];
const AUCTION_GROUPS: FilterGroup[] = ["price", "brand", "package", "other"];
// "Recommended" is every listing's default and the only order in which promotion counts (topped
// products first); a sort the visitor picks is obeyed exactly (docs/product/listing-order-and-sales.md).
const MARKET_SORTS: ListingSort[] = ["recommended", "newest", "ending", "price_asc", "price_desc", "bids"];
const AUCTION_SORTS: ListingSort[] = ["recommended", "ending", "newest", "price_asc", "price_desc", "bids"];

function pageConfig(kind: Exclude<ListingKind, "category">): PageConfig {
  const paths = { cs: localePath(kind, "cs"), en: localePath(kind, "en") };
  switch (kind) {
    case "dailyAuctions":
      return {
        kind,
        paths,
        base: { formats: ["auction"], durations: ["week"] },
        defaultSort: "recommended",
        sorts: AUCTION_SORTS,
        groups: AUCTION_GROUPS,
      };
    case "monthlyAuctions":
      return {
        kind,
        paths,
        base: { formats: ["auction"], durations: ["month"] },
        defaultSort: "recommended",
        sorts: AUCTION_SORTS,
        groups: AUCTION_GROUPS,
      };
    case "newProducts":
      return {
        kind,
        paths,
        base: { activatedWithinDays: NEW_PRODUCTS_DAYS },
        defaultSort: "recommended",
        sorts: MARKET_SORTS,
        groups: ALL_GROUPS,
      };
    case "saleProducts":
      return {
        kind,
        paths,
        base: { onSale: true },
        defaultSort: "recommended",
        sorts: ["recommended", "newest", "price_asc", "price_desc"],
        groups: ["price", "brand", "package"],
      };
    case "search":
      return {
        kind,
        paths,
        base: {},
        defaultSort: "recommended",
        sorts: ["recommended", "relevance", ...MARKET_SORTS.slice(1)],
        groups: ALL_GROUPS,
      };
  }
}

/** A category page's data; the two-segment route calls it once it knows the id and slug name a category. */
export function loadCategoryListing({
  request,
  context,
  category,
}: ListingLoaderArgs & { category: CategoryDetail }): Promise<ListingPageData> {
  return load(
    { request, context },
    {
      kind: "category",
      paths: category.urls,
      base: { categoryId: category.id },
      defaultSort: "recommended",
      sorts: MARKET_SORTS,
      groups: ALL_GROUPS,
    },
    category,
  );
}

/** The data of `/denni-aukce`, `/mesicni-aukce`, `/produkty/novinky`, `/produkty/akce` and `/hledani`. */
export function loadListingPage({
  request,
  context,
  kind,
}: ListingLoaderArgs & { kind: Exclude<ListingKind, "category"> }): Promise<ListingPageData> {
  return load({ request, context }, pageConfig(kind), null);
}

const EMPTY_PAGE: ProductPage = { items: [], total: 0, page: 1, perPage: PER_PAGE, pageCount: 1 };

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * Leftovers of a form sent without JavaScript (`cena_od=`), `strana=1` or a broken page number:
 * one clean address per state, so such a URL answers with a permanent redirect to it.
 */
function redirectToTidyUrl(url: URL, state: ListingState, pathname: string, defaultSort: ListingSort) {
  const tidy = Object.values(PARAMS).some((name) =>
    url.searchParams.getAll(name).some((value) => value === ""),
  );
  if (tidy || Number.isNaN(state.page) || url.searchParams.get(PARAMS.page) === "1") {
    const clean = { ...state, page: Number.isNaN(state.page) ? 1 : state.page };
    throw redirect(`${pathname}${listingSearch(clean, defaultSort)}`, 301);
  }
}

/**
 * The catalogue query for the state: the page's fixed part, and only the filters the page offers
 * (a price is in the visitor's currency: `rate` turns it into CZK minor units).
 */
function listingQuery(state: ListingState, config: PageConfig, locale: Locale, rate: number): ListingQuery {
  const { filters } = state;
  const toMinor = (value: number | null) => (value === null ? undefined : Math.round(value * rate * 100));
  const sort = state.sort && config.sorts.includes(state.sort) ? state.sort : config.defaultSort;
  const shown = new Set(config.groups);
  return {
    ...config.base,
    locale,
    q: config.kind === "search" ? state.q : undefined,
    formats: shown.has("format") && filters.formats.length ? filters.formats : config.base.formats,
    types: shown.has("type") && filters.types.length ? filters.types : undefined,
    durations: shown.has("duration") && filters.durations.length ? filters.durations : config.base.durations,
    priceMinMinor: shown.has("price") ? toMinor(filters.priceFrom) : undefined,
    priceMaxMinor: shown.has("price") ? toMinor(filters.priceTo) : undefined,
    brandIds: shown.has("brand") && filters.brandIds.length ? filters.brandIds : undefined,
    packageIds: shown.has("package") && filters.packageIds.length ? filters.packageIds : undefined,
    attributes: attributeQuery(filters),
    verifiedSellerOnly: shown.has("other") && filters.verified,
    endingWithinHours: shown.has("other") && filters.endingSoon ? ENDING_HOURS : undefined,
    sort,
    page: state.page,
    perPage: PER_PAGE,
  };
}

/** The attributes' filters as the catalogue's query takes them (issue 37); undefined when none is on. */
function attributeQuery(filters: ListingState["filters"]): ListingQuery["attributes"] {
  const out: NonNullable<ListingQuery["attributes"]> = [];
  for (const [key, values] of Object.entries(filters.attributes))
    if (values.length) out.push({ key, values });
  for (const [key, { from, to }] of Object.entries(filters.ranges))
    out.push({ key, min: from ?? undefined, max: to ?? undefined });
  return out.length ? out : undefined;
}

type PageTexts = { heading: string; intro: string | null; title: string; description: string };

/** The heading, description and meta texts: the category's own, the search's, or the page's. */
function pageTexts(t: Translate, config: PageConfig, category: CategoryDetail | null, q: string): PageTexts {
  if (category)
    return {
      heading: category.name,
      intro: category.description,
      title: t("catalog.pages.category.title", { name: category.name }),
      description: category.description || t("catalog.pages.category.description", { name: category.name }),
    };
  if (config.kind === "search")
    return {
      heading: q ? t("catalog.search.headingQuery", { q }) : t("catalog.search.heading"),
      intro: null,
      title: q ? t("catalog.search.titleQuery", { q }) : t("catalog.search.title"),
      description: t("catalog.search.description"),
    };
  // A category page whose category is gone (the route resolves it first; a race with a rename).
  if (config.kind === "category") throw data(null, { status: 404 });
  return {
    heading: t(`catalog.pages.${config.kind}.heading`),
    intro: t(`catalog.pages.${config.kind}.intro`),
    title: t(`catalog.pages.${config.kind}.title`),
    description: t(`catalog.pages.${config.kind}.description`),
  };
}

/** Home, then the category's ancestors and itself, or the page by its heading. */
function breadcrumbsOf(
  t: Translate,
  locale: Locale,
  category: CategoryDetail | null,
  heading: string,
  pathname: string,
): Crumb[] {
  const home = { name: t("catalog.breadcrumbs.home"), url: localePath("home", locale) };
  if (!category) return [home, { name: heading, url: pathname }];
  return [
    home,
    ...category.path.map((entry) => ({ name: entry.name, url: entry.url })),
    { name: category.name, url: category.url },
  ];
}

/**
 * The meta tags: only the plain listing (no filter, no chosen sort, not search) is indexed, with its
 * page number in the canonical and alternate addresses; the others point to the plain listing.
 */
function listingSeo(
  {
    state,
    config,
    pathname,
    result,
  }: { state: ListingState; config: PageConfig; pathname: string; result: ProductPage },
  { origin, t, title, description }: { origin: string; t: Translate; title: string; description: string },
): ListingPageData["seo"] {
  const filtered = activeFilterCount(state.filters) > 0 || state.sort !== null;
  const pageSuffix = state.page > 1 ? ` – ${t("catalog.pagination.page", { page: state.page })}` : "";
  const pageQuery = (page: number) => (page > 1 ? `?${PARAMS.page}=${page}` : "");
  const indexable = !filtered && config.kind !== "search";
  const link = (page: number) => listingHref(pathname, state, config.defaultSort, { page });
  return {
    origin: origin.replace(/\/+$/, ""),
    title: `${title}${pageSuffix}`,
    description,
    canonicalPath: indexable ? `${pathname}${pageQuery(state.page)}` : pathname,
    alternates: {
      cs: `${config.paths.cs}${indexable ? pageQuery(state.page) : ""}`,
      en: `${config.paths.en}${indexable ? pageQuery(state.page) : ""}`,
    },
    prevPath: state.page > 1 ? link(state.page - 1) : null,
    nextPath: state.page < result.pageCount ? link(state.page + 1) : null,
    noindex: !indexable,
  };
}

/** Parses the URL, reads one page of cards and the facets, and builds what the page renders. */
async function load(
  { request, context }: ListingLoaderArgs,
  config: PageConfig,
  category: CategoryDetail | null,
): Promise<ListingPageData> {
  const { services, locale, config: appConfig } = context.get(appContext);
  const url = new URL(request.url);
  const state = parseListingParams(url.searchParams);
  const pathname = config.paths[locale];
  redirectToTidyUrl(url, state, pathname, config.defaultSort);

  const cookies = parseCookieHeader(request.headers.get("cookie"));
  // The monthly round is read at the browser tests' instant when they set one (else now).
  const roundNow = diagnosticsNow(request);
  const currencies = await services.lists.currencies();
  const currency = selectCurrency(currencies, cookies.currencyId ?? null);

  // An empty search is a help page, not the whole catalogue.
  const searchWithoutWords = config.kind === "search" && !state.q;
  const { page: result, facets } = searchWithoutWords
    ? { page: EMPTY_PAGE, facets: { brands: [], packages: [] } }
    : await services.catalog.listingPage(listingQuery(state, config, locale, currency?.rate ?? 1));
  if (state.page > 1 && state.page > result.pageCount) throw data(null, { status: 404 });

  const t: Translate = (key, params) => translate(locale, key, params);
  const { heading, intro, title, description } = pageTexts(t, config, category, state.q);
  const symbol = (currency?.symbol_after ?? currency?.symbol_before ?? "Kč").trim();

  return {
    kind: config.kind,
    locale,
    now: new Date().toISOString(),
    pathname,
    state: { ...state, sort: state.sort && config.sorts.includes(state.sort) ? state.sort : null },
    defaultSort: config.defaultSort,
    sorts: config.sorts,
    groups: config.groups,
    result,
    facets,
    currency: { code: currency?.code ?? "CZK", symbol },
    category,
    roundEndsAt:
      config.kind === "monthlyAuctions" ? nextMonthlyRoundClose(roundNow ?? new Date()).toISOString() : null,
    // While the round closes slot by slot: its "ending now" and "next" (issue 39, item 3).
    closing: config.kind === "monthlyAuctions" ? await services.bidding.closingRound(locale, roundNow) : null,
    heading,
    intro,
    breadcrumbs: breadcrumbsOf(t, locale, category, heading, pathname),
    seo: listingSeo(
      { state, config, pathname, result },
      { origin: appConfig.publicUrl, t, title, description },
    ),
  };
}
