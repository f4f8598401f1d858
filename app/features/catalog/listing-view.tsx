import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDateTime } from "#app/ui/format.ts";
import { ProductGrid } from "#app/ui/product-card/product-card.tsx";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { WatchdogButton } from "#app/ui/watchdog-button.tsx";
import type { CategoryLink } from "#core/contracts/catalog.ts";
import { formatDecimal } from "#core/formats/numbers.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { ActiveFilterChips, resetFiltersHref, useActiveFilters } from "./active-filters.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { CategorySidebar } from "./category-sidebar.tsx";
import { ClosingRoundStrip } from "./closing-round.tsx";
import { FilterPanel } from "./filter-panel.tsx";
import type { ListingPageData } from "./listing-data.ts";
import { listingHref } from "./listing-params.ts";
import { Pagination } from "./pagination.tsx";

export type ListingViewProps = {
  data: ListingPageData;
  /** Shown under the heading, above filters and results (the search form). */
  before?: ReactNode;
  /** Replaces the standard empty result (search: "nothing found for …"). */
  empty?: ReactNode;
};

/** The page's head: heading, the monthly round's end, the description, the watchdog and the subcategory chips. */
function ListingHeader({ data }: { data: ListingPageData }) {
  const { locale, t } = useTranslation();
  const { category } = data;
  return (
    <header className="mb-6 desktop:mb-8">
      <h1
        className="font-serif text-[1.7rem] leading-tight text-primary-dark tablet:text-4xl"
        data-testid="listing-heading"
      >
        {data.heading}
      </h1>
      {/* While the round closes, its strip says so: the next round's date would read as this one's. */}
      {data.roundEndsAt && !data.closing ? (
        <p
          className="mt-3 inline-flex flex-wrap items-center gap-x-2 rounded-lg border border-secondary/50 bg-secondary/10 px-3 py-2 text-[0.85rem] text-ink"
          data-testid="round-ends"
        >
          <span className="font-semibold tracking-wide text-primary-dark uppercase">
            {t("catalog.pages.monthlyAuctions.round")}
          </span>
          <time dateTime={data.roundEndsAt}>{formatDateTime(data.roundEndsAt, locale)}</time>
        </p>
      ) : null}
      {data.closing ? <ClosingRoundStrip closing={data.closing} /> : null}
      {data.intro ? (
        <p className="mt-3 max-w-3xl text-[0.92rem] leading-relaxed text-muted">{data.intro}</p>
      ) : null}
      {category ? (
        <WatchdogButton target={{ kind: "category", categoryId: category.id }} className="mt-4" />
      ) : data.kind === "search" && data.state.q ? (
        <WatchdogButton target={{ kind: "search", query: data.state.q }} className="mt-4" />
      ) : null}
      {category && category.children.length > 0 ? (
        <SubcategoryChips subcategories={category.children} />
      ) : null}
    </header>
  );
}

/** Links to the category's children, as chips under the heading. */
function SubcategoryChips({ subcategories }: { subcategories: CategoryLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("catalog.subcategories")} className="mt-4">
      <ul className="flex flex-wrap gap-2" data-testid="subcategories">
        {subcategories.map((child) => (
          <li key={child.id}>
            <a
              {...SPA_LINK}
              href={child.url}
              className="inline-flex items-center rounded-full border border-line bg-white px-3.5 py-1.5 text-[0.82rem] font-semibold text-primary-dark transition-colors hover:border-primary-dark hover:bg-primary-dark hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
            >
              {child.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The results' heading: how many products match, and which page this is (announced politely). */
function ResultCount({ result }: { result: ListingPageData["result"] }) {
  const { locale, t } = useTranslation();
  return (
    <h2
      id="listing-results"
      className="text-[0.9rem] text-muted"
      aria-live="polite"
      data-testid="result-count"
    >
      <strong className="font-semibold text-ink">
        {/* A capped count (ADR 0034): at least this many, "1 000+ items". */}
        {t(
          result.totalCapped ? "catalog.resultsCapped" : pluralKey(locale, "catalog.results", result.total),
          {
            // The language's grouping: "17 488" in Czech, "17,488" in English, as the facets' counts.
            count: formatDecimal(result.total, locale, { maximumFractionDigits: 0 }),
          },
        )}
      </strong>
      {result.pageCount > 1 ? (
        <span> · {t("catalog.pagination.pageOf", { page: result.page, count: result.pageCount })}</span>
      ) : null}
    </h2>
  );
}

/**
 * A listing page: breadcrumbs, heading and description, subcategory chips, the filter block beside
 * the results (the category tree above it on category pages), sorting, active filter chips, the
 * product grid, an empty result that suggests what to loosen, and pagination.
 */
export function ListingView({ data, before, empty }: ListingViewProps) {
  const active = useActiveFilters(data);
  const { result, category } = data;
  // Nothing to narrow down (no hits and no filter on): the filter block would only be in the way.
  const showFilters = result.total > 0 || active.length > 0;
  const showAside = Boolean(category) || showFilters;
  const pageHref = (page: number) => listingHref(data.pathname, data.state, data.defaultSort, { page });

  return (
    <div className="container-page pt-5 pb-16 desktop:pt-8" data-testid={`listing-${data.kind}`}>
      <Breadcrumbs items={data.breadcrumbs} />
      <ListingHeader data={data} />

      {before}

      <div
        className={
          showAside
            ? "desktop:grid desktop:grid-cols-[15rem_minmax(0,1fr)] desktop:gap-8 widescreen:grid-cols-[16.5rem_minmax(0,1fr)] widescreen:gap-10"
            : ""
        }
      >
        {showAside ? (
          <aside className="mb-5 space-y-3 desktop:mb-0 desktop:space-y-8">
            {category ? <CategorySidebar currentId={category.id} /> : null}
            {showFilters ? <FilterPanel data={data} /> : null}
          </aside>
        ) : null}

        <section aria-labelledby="listing-results">
          <div className="mb-4 flex flex-col gap-2.5 border-b border-line pb-3 fullhd:flex-row fullhd:items-center fullhd:justify-between">
            <ResultCount result={result} />
            {result.total > 1 ? <SortBar data={data} /> : null}
          </div>
          {result.items.length > 0 ? <ActiveFilterChips data={data} filters={active} /> : null}
          {result.items.length > 0 ? (
            <ProductGrid
              products={result.items}
              now={data.now}
              eager={result.page === 1 ? 4 : 2}
              variant="listing"
            />
          ) : (
            (empty ?? <EmptyResult data={data} />)
          )}
          <Pagination page={result.page} pageCount={result.pageCount} href={pageHref} />
        </section>
      </div>
    </div>
  );
}

/** Sorting as links (crawlers need not follow them: rel=nofollow), the current one marked. */
function SortBar({ data }: { data: ListingPageData }) {
  const { t } = useTranslation();
  const current = data.state.sort ?? data.defaultSort;
  return (
    <nav
      aria-label={t("catalog.sort.label")}
      className="-mx-4 overflow-x-auto px-4 tablet:mx-0 tablet:px-0"
      data-testid="sort-bar"
    >
      <ul className="flex items-center gap-1.5 whitespace-nowrap">
        <li
          className="mr-1 text-[0.75rem] font-semibold tracking-[0.12em] text-muted uppercase"
          aria-hidden="true"
        >
          {t("catalog.sort.label")}
        </li>
        {data.sorts.map((sort) => (
          <li key={sort}>
            <Link
              to={listingHref(data.pathname, data.state, data.defaultSort, {
                sort: sort === data.defaultSort ? null : sort,
              })}
              rel="nofollow"
              preventScrollReset
              aria-current={sort === current ? "true" : undefined}
              data-sort={sort}
              className={`inline-flex rounded-full px-3 py-1.5 text-[0.8rem] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${
                sort === current
                  ? "bg-primary-dark font-semibold text-white"
                  : "text-ink hover:bg-primary-dark/10"
              }`}
            >
              {t(`catalog.sort.${sort}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** No product matches: say so, and offer to drop each active filter (or all of them). */
export function EmptyResult({ data }: { data: ListingPageData }) {
  const { locale, t } = useTranslation();
  const active = useActiveFilters(data);
  return (
    <div
      className="rounded-2xl border border-dashed border-line bg-white/60 px-5 py-10 text-center tablet:px-10"
      data-testid="empty-result"
    >
      <p className="font-serif text-2xl text-primary-dark">{t("catalog.empty.title")}</p>
      {active.length > 0 ? (
        <>
          <p className="mx-auto mt-3 max-w-lg text-[0.92rem] text-muted">{t("catalog.empty.loosen")}</p>
          <ul className="mt-5 flex flex-wrap justify-center gap-2" data-testid="loosen-filters">
            {active.map((filter) => (
              <li key={filter.key}>
                <a
                  {...SPA_LINK}
                  href={filter.href}
                  rel="nofollow"
                  className="inline-flex items-center gap-1.5 rounded-full border border-primary-dark/30 bg-white px-3.5 py-1.5 text-[0.85rem] text-primary-dark hover:border-danger hover:text-danger"
                >
                  <span aria-hidden="true">×</span> {t("catalog.empty.without", { name: filter.label })}
                </a>
              </li>
            ))}
          </ul>
          {active.length > 1 ? (
            <a
              {...SPA_LINK}
              href={resetFiltersHref(data)}
              rel="nofollow"
              className="mt-5 inline-block rounded-full bg-primary-dark px-5 py-2.5 text-[0.9rem] font-semibold text-white hover:bg-primary"
            >
              {t("catalog.filters.reset")}
            </a>
          ) : null}
        </>
      ) : (
        <>
          <p className="mx-auto mt-3 max-w-lg text-[0.92rem] text-muted">{t("catalog.empty.nothing")}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            {data.category && data.category.path.length > 0 ? (
              <a
                {...SPA_LINK}
                href={data.category.path[data.category.path.length - 1].url}
                className="rounded-full border border-primary-dark px-4 py-2 text-[0.85rem] font-semibold text-primary-dark hover:bg-primary-dark hover:text-white"
              >
                {t("catalog.empty.up", { name: data.category.path[data.category.path.length - 1].name })}
              </a>
            ) : null}
            <a
              {...SPA_LINK}
              href={localePath("dailyAuctions", locale)}
              className="rounded-full bg-primary-dark px-4 py-2 text-[0.85rem] font-semibold text-white hover:bg-primary"
            >
              {t("catalog.empty.daily")}
            </a>
          </div>
        </>
      )}
    </div>
  );
}
