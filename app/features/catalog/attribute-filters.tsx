import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AttributeFacet } from "#core/contracts/listing-attributes.ts";
import { formatDecimal } from "#core/formats/numbers.ts";
import { translate } from "#core/i18n/index.ts";
import { withUnit } from "#core/rules/listing-attributes.ts";
import { FilterCheck, FilterFieldset } from "./filter-fields.tsx";
import type { ListingPageData } from "./listing-data.ts";
import { attributeParam, type ListingFilters, rangeParam } from "./listing-params.ts";

/**
 * The attribute facets in the filter form of a category page or a search (issue 37, item 2; a
 * search offers those of every subtree its hits have values of): a choice of values with their
 * counts (`p_<key>`), or a range of a number (`p_<key>_od`, `p_<key>_do`) applied with the form's
 * button. Plain GET fields: the URL is the filter, with or without scripts.
 */

const UNIT: Record<string, { cs: string; en: string }> = {
  years: { cs: "let", en: "years" },
  abv: { cs: "%", en: "% ABV" },
  ml: { cs: "ml", en: "ml" },
  mm: { cs: "mm", en: "mm" },
  pieces: { cs: "ks", en: "pcs" },
};

/** A range's bound as its input shows it: one decimal at most, no grouping (without Intl: ADR 0151). */
const formatNumber = (value: number, locale: "cs" | "en") =>
  formatDecimal(value, locale, { maximumFractionDigits: 1, useGrouping: false });

function RangeFacet({
  facet,
  range,
}: {
  facet: AttributeFacet;
  range?: { from: number | null; to: number | null };
}) {
  const { t, locale } = useTranslation();
  const id = useId();
  const unit = facet.unit ? UNIT[facet.unit]?.[locale] : undefined;
  const input = (end: "from" | "to") => {
    const value = range?.[end];
    const placeholder = facet.range
      ? formatNumber(end === "from" ? facet.range.min : facet.range.max, locale)
      : "";
    return (
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-${end}`} className="mb-1 block text-[0.75rem] text-muted">
          {t(`listingAttributes.facets.${end}`)}
        </label>
        <input
          id={`${id}-${end}`}
          name={rangeParam(facet.key, end)}
          type="text"
          inputMode={facet.type === "decimal" ? "decimal" : "numeric"}
          autoComplete="off"
          defaultValue={value === null || value === undefined ? "" : formatNumber(value, locale)}
          key={String(value)}
          placeholder={placeholder}
          className="w-full rounded-lg border border-line bg-white px-3 py-1.5 text-[0.9rem] tabular-nums focus:border-primary-dark focus:outline-2 focus:outline-offset-1 focus:outline-primary-dark"
          data-testid={`facet-${facet.key}-${end}`}
        />
      </div>
    );
  };
  return (
    <FilterFieldset title={facet.label} hint={unit}>
      <div className="flex items-end gap-2" data-testid={`facet-${facet.key}`}>
        {input("from")}
        <span className="pb-2 text-muted" aria-hidden="true">
          –
        </span>
        {input("to")}
      </div>
    </FilterFieldset>
  );
}

/** The attribute facets, in order of importance; a facet only with values, a range or a choice. */
export function AttributeFacetGroups({ data }: { data: ListingPageData }) {
  const { facets, state } = data;
  const { attributes = {}, ranges = {} } = state.filters;
  return (facets.attributes ?? []).map((facet) => {
    if (facet.type === "integer" || facet.type === "decimal" || facet.type === "year")
      return facet.range || ranges[facet.key] ? (
        <RangeFacet key={facet.key} facet={facet} range={ranges[facet.key]} />
      ) : null;
    const chosen = attributes[facet.key] ?? [];
    if (facet.values.length === 0 && chosen.length === 0) return null;
    return (
      <FilterFieldset key={facet.key} title={facet.label} scroll={facet.values.length > 8}>
        <div data-testid={`facet-${facet.key}`} className="space-y-1">
          {facet.values.map((value) => (
            <FilterCheck
              key={value.value}
              name={attributeParam(facet.key)}
              value={value.value}
              checked={chosen.includes(value.value)}
              label={value.label}
              count={data.facets.capped || facet.capped ? undefined : value.count}
              locale={data.locale}
            />
          ))}
        </div>
      </FilterFieldset>
    );
  });
}

type ActiveFilter = { key: string; label: string; href: string };

/** The chips of the attributes' filters: one per chosen value, one per range. */
export function attributeChips(
  data: ListingPageData,
  href: (change: Partial<ListingFilters>) => string,
  locale: "cs" | "en",
): ActiveFilter[] {
  const { attributes = {}, ranges = {} } = data.state.filters;
  const facetOf = (key: string) => data.facets.attributes?.find((facet) => facet.key === key);
  const chips: ActiveFilter[] = [];
  for (const [key, values] of Object.entries(attributes))
    for (const value of values)
      chips.push({
        key: `attr-${key}-${value}`,
        label: facetOf(key)?.values.find((entry) => entry.value === value)?.label ?? value,
        href: href({ attributes: { ...attributes, [key]: values.filter((entry) => entry !== value) } }),
      });
  for (const [key, { from, to }] of Object.entries(ranges)) {
    const facet = facetOf(key);
    const unit = facet?.unit ? UNIT[facet.unit]?.[locale] : undefined;
    const label = facet?.label ?? key;
    const { [key]: _gone, ...rest } = ranges;
    // The unit the language's way: "40–46 %", but "40–46% ABV" in English.
    const withItsUnit = (number: string) => (unit ? withUnit(number, unit, locale) : number);
    // An open range reads "Stáří: od 12 let", not "12– let".
    const number = (value: number) => withItsUnit(formatNumber(value, locale));
    chips.push({
      key: `range-${key}`,
      label:
        from !== null && to !== null
          ? `${label}: ${withItsUnit(`${formatNumber(from, locale)}–${formatNumber(to, locale)}`)}`
          : from !== null
            ? translate(locale, "catalog.filters.rangeFromChip", { label, value: number(from) })
            : translate(locale, "catalog.filters.rangeToChip", { label, value: number(to ?? 0) }),
      href: href({ ranges: rest }),
    });
  }
  return chips;
}
