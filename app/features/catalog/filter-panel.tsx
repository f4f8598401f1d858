import { type FormEvent, useId, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { writtenCurrencySymbol } from "#core/money/money.ts";
import { AttributeFacetGroups } from "./attribute-filters.tsx";
import { FilterCheck, FilterFieldset, FilterIcon, PriceInput } from "./filter-fields.tsx";
import type { ListingPageData } from "./listing-data.ts";
import {
  activeFilterCount,
  DURATIONS,
  ENDING_HOURS,
  FORMATS,
  type ListingFilters,
  PARAMS,
  TYPES,
} from "./listing-params.ts";

/** The folded block's button (below the desktop breakpoint), with the count of active filters. */
function FiltersToggle({
  open,
  onToggle,
  panelId,
  count,
}: {
  open: boolean;
  onToggle: () => void;
  panelId: string;
  count: number;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className={`flex w-full items-center justify-between gap-3 rounded-xl border px-4 py-3 text-left font-semibold transition-colors desktop:hidden ${
        open ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-white text-primary-dark"
      } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark`}
      data-testid="filters-toggle"
    >
      <span className="inline-flex items-center gap-2.5">
        <FilterIcon />
        {t("catalog.filters.title")}
        {count > 0 ? (
          <span
            className={`rounded-full px-2 py-0.5 text-[0.72rem] ${open ? "bg-white text-primary-dark" : "bg-primary-dark text-white"}`}
          >
            {count}
          </span>
        ) : null}
      </span>
      <span className="text-[0.8rem] font-normal opacity-80">
        {open ? t("catalog.filters.hide") : t("catalog.filters.show")}
      </span>
    </button>
  );
}

/** A group of fixed choices (formats, types, durations): one box per value. */
function ChoiceGroup<T extends string>({
  title,
  name,
  values,
  chosen,
  labelOf,
}: {
  title: string;
  name: string;
  values: readonly T[];
  chosen: readonly T[];
  labelOf: (value: T) => string;
}) {
  return (
    <FilterFieldset title={title}>
      {values.map((value) => (
        <FilterCheck
          key={value}
          name={name}
          value={value}
          checked={chosen.includes(value)}
          label={labelOf(value)}
        />
      ))}
    </FilterFieldset>
  );
}

/**
 * A group of the listing's own facets (brands, packages), each with its count of products; no
 * counts when the server counted only a capped sample (ADR 0034: the total reads "1 000+").
 */
function FacetGroup({
  title,
  name,
  facets,
  chosen,
  scroll,
  capped,
  locale,
}: {
  locale: "cs" | "en";
  title: string;
  name: string;
  facets: { id: number; name: string; count: number }[];
  chosen: readonly number[];
  scroll?: boolean;
  capped?: boolean;
}) {
  return (
    <FilterFieldset title={title} scroll={scroll}>
      {facets.map((facet) => (
        <FilterCheck
          key={facet.id}
          name={name}
          value={String(facet.id)}
          checked={chosen.includes(facet.id)}
          label={facet.name}
          count={capped ? undefined : facet.count}
          locale={locale}
        />
      ))}
    </FilterFieldset>
  );
}

/**
 * The currency as the page's prices name it: the site's symbol in Czech ("Kč", "€"), Intl's in
 * English as formatPrice writes English prices ("CZK 1,500.00", "€297.62"): "Price (CZK)".
 */
function currencyLabel(currency: { code: string; symbol: string }, locale: "cs" | "en"): string {
  if (locale === "cs") return currency.symbol;
  // The site's own currencies without Intl (ADR 0151: a page's first Intl formatter loads ICU).
  const written = writtenCurrencySymbol(currency.code, "en");
  if (written) return written;
  // Once per currency: an Intl.NumberFormat costs far more to make than to use (ADR 0106).
  let label = ENGLISH_CURRENCY_LABELS.get(currency.code);
  if (label === undefined) {
    try {
      const parts = new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency: currency.code,
      }).formatToParts(0);
      label = parts.find((part) => part.type === "currency")?.value ?? currency.code;
    } catch {
      label = currency.code;
    }
    ENGLISH_CURRENCY_LABELS.set(currency.code, label);
  }
  return label;
}

/** The English price filter's currency labels by code (a handful: the site's currencies). */
const ENGLISH_CURRENCY_LABELS = new Map<string, string>();

/** The price range, in the visitor's currency; typing does not apply it, its own button does. */
function PriceGroup({ filters, currencySymbol }: { filters: ListingFilters; currencySymbol: string }) {
  const { t } = useTranslation();
  return (
    <FilterFieldset title={t("catalog.filters.price")} hint={currencySymbol}>
      <div className="flex items-end gap-2">
        <PriceInput
          name={PARAMS.priceFrom}
          label={t("catalog.filters.priceFrom")}
          value={filters.priceFrom}
        />
        <span className="pb-2 text-muted" aria-hidden="true">
          –
        </span>
        <PriceInput name={PARAMS.priceTo} label={t("catalog.filters.priceTo")} value={filters.priceTo} />
      </div>
      <button
        type="submit"
        className="mt-2 w-full rounded-lg border border-primary-dark/40 py-1.5 text-[0.8rem] font-semibold text-primary-dark hover:bg-primary-dark hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
      >
        {t("catalog.filters.applyPrice")}
      </button>
    </FilterFieldset>
  );
}

/** The brands' or the packages' group, only when it has entries or a choice. */
function ListingFacetGroup({ data, kind }: { data: ListingPageData; kind: "brand" | "package" }) {
  const { t } = useTranslation();
  const { facets, state } = data;
  const [entries, chosen] =
    kind === "brand" ? [facets.brands, state.filters.brandIds] : [facets.packages, state.filters.packageIds];
  if (entries.length === 0 && chosen.length === 0) return null;
  return (
    <FacetGroup
      title={t(`catalog.filters.${kind}`)}
      name={PARAMS[kind]}
      facets={entries}
      chosen={chosen}
      scroll={kind === "brand" && entries.length > 8}
      capped={facets.capped}
      locale={data.locale}
    />
  );
}

/** The groups the page offers, in order; a facet group only when it has entries or a choice. */
function FilterGroups({ data }: { data: ListingPageData }) {
  const { t, locale } = useTranslation();
  const { state, groups, currency } = data;
  const { filters } = state;
  const show = new Set(groups);
  return (
    <>
      {show.has("format") ? (
        <ChoiceGroup
          title={t("catalog.filters.format")}
          name={PARAMS.format}
          values={FORMATS}
          chosen={filters.formats}
          labelOf={(format) => t(`catalog.filters.formats.${format}`)}
        />
      ) : null}
      {show.has("type") ? (
        <ChoiceGroup
          title={t("catalog.filters.type")}
          name={PARAMS.type}
          values={TYPES}
          chosen={filters.types}
          labelOf={(type) => t(`catalog.filters.types.${type}`)}
        />
      ) : null}
      {show.has("duration") ? (
        <ChoiceGroup
          title={t("catalog.filters.duration")}
          name={PARAMS.duration}
          values={DURATIONS}
          chosen={filters.durations}
          labelOf={(duration) => t(`catalog.filters.durations.${duration}`)}
        />
      ) : null}
      {show.has("price") ? (
        <PriceGroup filters={filters} currencySymbol={currencyLabel(currency, locale)} />
      ) : null}
      {show.has("brand") ? <ListingFacetGroup data={data} kind="brand" /> : null}
      <AttributeFacetGroups data={data} />
      {show.has("package") ? <ListingFacetGroup data={data} kind="package" /> : null}
      {show.has("other") ? (
        <FilterFieldset title={t("catalog.filters.other")}>
          <FilterCheck
            name={PARAMS.verified}
            value="1"
            checked={filters.verified}
            label={t("catalog.filters.verified")}
          />
          <FilterCheck
            name={PARAMS.ending}
            value={String(ENDING_HOURS)}
            checked={filters.endingSoon}
            label={t("catalog.filters.ending")}
          />
        </FilterFieldset>
      ) : null}
    </>
  );
}

/**
 * The filter block: a GET form that works without JavaScript (a submit button at its end), and
 * with JavaScript applies a ticked box at once. On phones it is folded behind a "Filters" button
 * that toggles its active state; from the desktop breakpoint it is always open (docs/product/screens.md,
 * "Parts of every page").
 */
export function FilterPanel({ data }: { data: ListingPageData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { state, pathname } = data;
  const busy = navigation.state === "loading";

  /** Sends the form as a clean URL (no empty fields, page back to 1). */
  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    const search = params.toString();
    void navigate(`${pathname}${search ? `?${search}` : ""}`, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const onChange = (event: FormEvent) => {
    if ((event.target as HTMLInputElement).type === "checkbox") apply();
  };

  return (
    <div className="filters-block" data-active={open || undefined}>
      <FiltersToggle
        open={open}
        onToggle={() => setOpen((value) => !value)}
        panelId={panelId}
        count={activeFilterCount(state.filters)}
      />
      <Form
        ref={formRef}
        id={panelId}
        method="get"
        action={pathname}
        onSubmit={onSubmit}
        onChange={onChange}
        className={`filters-panel mt-3 rounded-xl border border-line bg-white p-4 desktop:mt-0 desktop:block desktop:border-0 desktop:bg-transparent desktop:p-0 ${open ? "block" : "hidden"}`}
        data-testid="filters"
        aria-busy={busy || undefined}
      >
        <h2 className="hidden border-b border-line pb-3 font-serif text-xl text-primary-dark desktop:block">
          {t("catalog.filters.title")}
        </h2>
        {state.q ? <input type="hidden" name={PARAMS.query} value={state.q} /> : null}
        {state.sort ? <input type="hidden" name={PARAMS.sort} value={state.sort} /> : null}
        <FilterGroups data={data} />
        <button
          type="submit"
          className="mt-4 w-full rounded-full bg-primary-dark px-4 py-2.5 text-[0.9rem] font-semibold text-white transition-colors hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
          data-testid="filters-submit"
        >
          {t("catalog.filters.apply")}
        </button>
      </Form>
      {/* Without JavaScript the toggle cannot open the block, so it stays open. */}
      <noscript>
        <style>{".filters-panel{display:block!important}"}</style>
      </noscript>
    </div>
  );
}
