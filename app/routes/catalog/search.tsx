import type { ReactNode } from "react";
import { Form, Link, useRouteLoaderData } from "react-router";
import { resetFiltersHref, useActiveFilters } from "#app/features/catalog/active-filters.tsx";
import { Autocomplete } from "#app/features/catalog/autocomplete.tsx";
import type { ListingPageData } from "#app/features/catalog/listing-data.ts";
import { PARAMS } from "#app/features/catalog/listing-params.ts";
import { ListingView } from "#app/features/catalog/listing-view.tsx";
import { listingMeta } from "#app/features/catalog/seo.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ShellData } from "#app/shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/search";
import { loadListingPage } from "./category-listing.server.ts";

/**
 * Search `/hledani?q=` (`/en/search?q=`): results ranked by relevance with the listing's filters
 * and sorts; without words a page that helps to start, and for no hits one that helps to go on.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return listingMeta(loaderData);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListingPage({ request, context, kind: "search" });
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const form = <SearchForm data={data} />;
  if (!data.state.q) return <SearchHelp data={data} form={form} />;
  return <ListingView data={data} before={form} empty={<NoHits data={data} />} />;
}

function SearchForm({ data }: { data: ListingPageData }) {
  const { locale, t } = useTranslation();
  return (
    <Form
      method="get"
      action={localePath("search", locale)}
      role="search"
      className="mb-8 flex max-w-2xl items-stretch gap-2"
      data-testid="search-form"
    >
      <Autocomplete
        key={data.state.q}
        defaultValue={data.state.q}
        label={t("catalog.search.label")}
        placeholder={t("catalog.search.placeholder")}
        className="min-w-0 flex-1"
        inputClassName="h-12 w-full rounded-full border border-line bg-white px-5 text-[1rem] text-ink shadow-sm placeholder:text-muted focus:border-primary-dark focus:outline-2 focus:outline-offset-2 focus:outline-primary-dark"
      />
      <button
        type="submit"
        className="h-12 shrink-0 rounded-full bg-primary-dark px-5 text-[0.95rem] font-semibold text-white transition-colors hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary tablet:px-7"
      >
        {t("catalog.search.submit")}
      </button>
    </Form>
  );
}

/** Suggestions to start from: popular searches and the main categories. */
function Suggestions() {
  const { locale, t } = useTranslation();
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const popular = t("catalog.search.popularTerms").split("|");
  const categories = (shell?.categories ?? []).flatMap((root) => [root, ...root.subcategories]).slice(0, 14);
  return (
    <div className="grid gap-8 tablet:grid-cols-2">
      <section>
        <h2 className="font-serif text-xl text-primary-dark">{t("catalog.search.popular")}</h2>
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="popular-searches">
          {popular.map((term) => (
            <li key={term}>
              <Link
                to={`${localePath("search", locale)}?${PARAMS.query}=${encodeURIComponent(term)}`}
                className="inline-flex rounded-full border border-line bg-white px-3.5 py-1.5 text-[0.85rem] text-primary-dark hover:border-primary-dark"
              >
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {categories.length > 0 ? (
        <section>
          <h2 className="font-serif text-xl text-primary-dark">{t("catalog.search.browse")}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={localePath("category", locale, { id: category.id, slug: category.slug })}
                  className="inline-flex rounded-full bg-primary-dark/5 px-3.5 py-1.5 text-[0.85rem] font-semibold text-primary-dark hover:bg-primary-dark hover:text-white"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function SearchHelp({ data, form }: { data: ListingPageData; form: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="container-page pt-6 pb-16 desktop:pt-10" data-testid="search-help">
      <h1 className="font-serif text-[1.7rem] text-primary-dark tablet:text-4xl">{data.heading}</h1>
      <p className="mt-3 mb-6 max-w-2xl text-muted">{t("catalog.search.intro")}</p>
      {form}
      <ul className="mb-10 max-w-2xl list-disc space-y-1 pl-5 text-[0.9rem] text-muted">
        <li>{t("catalog.search.tipAccents")}</li>
        <li>{t("catalog.search.tipTypos")}</li>
        <li>{t("catalog.search.tipWords")}</li>
      </ul>
      <Suggestions />
    </div>
  );
}

function NoHits({ data }: { data: ListingPageData }) {
  const { t } = useTranslation();
  const active = useActiveFilters(data);
  return (
    <div
      className="rounded-2xl border border-dashed border-line bg-white/60 px-5 py-8 tablet:px-8"
      data-testid="no-hits"
    >
      <p className="font-serif text-2xl text-primary-dark">
        {t("catalog.search.noHits", { q: data.state.q })}
      </p>
      {active.length > 0 ? (
        <p className="mt-3 text-[0.92rem] text-muted">
          {t("catalog.search.noHitsFiltered")}{" "}
          <Link
            to={resetFiltersHref(data)}
            rel="nofollow"
            className="font-semibold text-primary-dark underline underline-offset-4"
          >
            {t("catalog.filters.reset")}
          </Link>
        </p>
      ) : null}
      <ul className="mt-4 mb-8 list-disc space-y-1 pl-5 text-[0.9rem] text-muted">
        <li>{t("catalog.search.tipSpelling")}</li>
        <li>{t("catalog.search.tipFewer")}</li>
        <li>{t("catalog.search.tipBrowse")}</li>
      </ul>
      <Suggestions />
    </div>
  );
}
