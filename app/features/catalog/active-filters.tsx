import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatPrice } from "#core/money/money.ts";
import { attributeChips } from "./attribute-filters.tsx";
import type { ListingPageData } from "./listing-data.ts";
import { type ListingFilters, listingHref } from "./listing-params.ts";

export type ActiveFilter = { key: string; label: string; href: string };

/** Each active filter with the link that removes it (chips above the results, hints on an empty page). */
export function useActiveFilters(data: ListingPageData): ActiveFilter[] {
  const { t, locale } = useTranslation();
  const { state, pathname, defaultSort, facets, currency } = data;
  const { filters } = state;
  const href = (change: Partial<ListingFilters>) =>
    listingHref(pathname, state, defaultSort, { filters: change });
  const without = <T,>(values: T[], value: T) => values.filter((entry) => entry !== value);
  const list: ActiveFilter[] = [];
  for (const format of filters.formats)
    list.push({
      key: `format-${format}`,
      label: t(`catalog.filters.formats.${format}`),
      href: href({ formats: without(filters.formats, format) }),
    });
  for (const type of filters.types)
    list.push({
      key: `type-${type}`,
      label: t(`catalog.filters.types.${type}`),
      href: href({ types: without(filters.types, type) }),
    });
  for (const duration of filters.durations)
    list.push({
      key: `duration-${duration}`,
      label: t(`catalog.filters.durations.${duration}`),
      href: href({ durations: without(filters.durations, duration) }),
    });
  // Whole amounts in the visitor's currency, the language's way: "1 500 Kč", "CZK 1,500".
  const money = (value: number) =>
    formatPrice(
      value * 100,
      { code: currency.code, symbol_after: currency.symbol, decimals: 0, rate: 1 },
      { convert: false, locale },
    );
  if (filters.priceFrom !== null)
    list.push({
      key: "price-from",
      label: t("catalog.filters.priceFromChip", { price: money(filters.priceFrom) }),
      href: href({ priceFrom: null }),
    });
  if (filters.priceTo !== null)
    list.push({
      key: "price-to",
      label: t("catalog.filters.priceToChip", { price: money(filters.priceTo) }),
      href: href({ priceTo: null }),
    });
  for (const id of filters.brandIds)
    list.push({
      key: `brand-${id}`,
      label: facets.brands.find((brand) => brand.id === id)?.name ?? t("catalog.filters.brand"),
      href: href({ brandIds: without(filters.brandIds, id) }),
    });
  for (const id of filters.packageIds)
    list.push({
      key: `package-${id}`,
      label: facets.packages.find((pack) => pack.id === id)?.name ?? t("catalog.filters.package"),
      href: href({ packageIds: without(filters.packageIds, id) }),
    });
  list.push(...attributeChips(data, href, locale));
  if (filters.verified)
    list.push({ key: "verified", label: t("catalog.filters.verified"), href: href({ verified: false }) });
  if (filters.endingSoon)
    list.push({ key: "ending", label: t("catalog.filters.ending"), href: href({ endingSoon: false }) });
  return list;
}

/** The link that clears every filter (the search words and the sort stay). */
export function resetFiltersHref(data: ListingPageData): string {
  return listingHref(data.pathname, data.state, data.defaultSort, {
    filters: {
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
    },
  });
}

/** Removable chips of the active filters. */
export function ActiveFilterChips({ data, filters }: { data: ListingPageData; filters: ActiveFilter[] }) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="active-filters">
      <span className="sr-only">{t("catalog.filters.active")}</span>
      {filters.map((filter) => (
        <Link
          key={filter.key}
          to={filter.href}
          preventScrollReset
          rel="nofollow"
          aria-label={t("catalog.filters.remove", { name: filter.label })}
          className="inline-flex items-center gap-1.5 rounded-full border border-primary-dark/30 bg-white py-1 pr-2 pl-3 text-[0.8rem] text-primary-dark transition-colors hover:border-danger hover:text-danger focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
        >
          {filter.label}
          <span aria-hidden="true" className="text-base leading-none">
            ×
          </span>
        </Link>
      ))}
      {filters.length > 1 ? (
        <Link
          to={resetFiltersHref(data)}
          preventScrollReset
          rel="nofollow"
          className="px-1 text-[0.8rem] font-semibold text-muted underline decoration-dotted underline-offset-4 hover:text-danger"
        >
          {t("catalog.filters.reset")}
        </Link>
      ) : null}
    </div>
  );
}
