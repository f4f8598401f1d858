import { Link } from "react-router";
import { ArchiveForm } from "#app/features/results/archive-form.tsx";
import { archiveSearch } from "#app/features/results/archive-links.ts";
import { ArchiveTable } from "#app/features/results/archive-table.tsx";
import { branchIds, categoryOptions, fillLevelCategories } from "#app/features/results/categories.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { formatWholeNumber } from "#core/money/money.ts";
import { parseResultsQuery } from "#core/schemas/results.ts";
import { appContext } from "../../context.ts";
import type { Route } from "./+types/archive";

/**
 * The archive of results `/vysledky` (`/en/results`; issue 37, item 4; docs/product/results.md):
 * ended auctions with a winner and completed deals, searchable and filterable by a GET form, so a
 * URL reproduces a view and it all works without JavaScript. A filtered view is not indexed. The
 * count stops at COUNT_CAP; the pages are keyset pages past it (ADR 0101).
 */
export function meta(args: Route.MetaArgs) {
  const filtered = args.location.search.length > 1;
  return pageMeta(args, (t) => ({
    title: t("results.archive.title"),
    description: t("results.archive.metaDescription"),
    noindex: filtered,
  }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const query = parseResultsQuery(new URL(request.url).searchParams);
  const [tree, definitions] = await Promise.all([
    services.catalog.categoryTree(locale),
    services.listings.attributes.allDefinitions(),
  ]);
  const categoryIds = query.category ? branchIds(tree, query.category) : null;
  const page = await services.saleResults.archive(query, { locale, categoryIds });
  // Only the page's own categories travel: whether each row has a fill level to show.
  const withFill = fillLevelCategories(tree, definitions);
  const fillCategories = [...new Set(page.rows.map((row) => row.categoryId))].filter((id) =>
    withFill.has(id),
  );
  // The fill-level choice where it can match: no category, or one with spirits or wine in it (kept
  // while chosen, so that it can be cleared).
  const fillFilter = !categoryIds || categoryIds.some((id) => withFill.has(id)) || query.fill !== undefined;
  return { query, page, categories: categoryOptions(tree), fillCategories, fillFilter };
}

export default function ResultsArchive({ loaderData }: Route.ComponentProps) {
  const { query, page, categories, fillCategories, fillFilter } = loaderData;
  const { t, locale } = useTranslation();
  // The first page says how many matched (counted up to the cap); a later one says which it is.
  const count =
    page.total === null
      ? t("results.archive.laterPage", { page: page.page })
      : page.totalCapped
        ? t("results.archive.countCapped", { count: formatWholeNumber(page.total) })
        : t(pluralKey(locale, "results.archive.count", page.total), { count: page.total });
  return (
    <section className="container-page pt-8 pb-16" data-testid="results-archive">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t("results.archive.title")}
        </h1>
        <Link to={localePath("priceIndex", locale)} className="text-primary-dark underline">
          {t("results.archive.indexLink")}
        </Link>
      </div>
      <p className="mt-3 max-w-3xl text-muted">{t("results.archive.lead")}</p>
      <div className="mt-6">
        <ArchiveForm
          key={archiveSearch(query)}
          query={query}
          categories={categories}
          fillFilter={fillFilter}
        />
      </div>
      <p className="mt-6 font-semibold" aria-live="polite" data-testid="results-count">
        {count}
      </p>
      {page.rows.length === 0 ? (
        <p className="mt-4 text-muted">{t("results.archive.empty")}</p>
      ) : (
        <div className="mt-2">
          <ArchiveTable rows={page.rows} fillCategories={fillCategories} />
        </div>
      )}
      <Pagination query={query} page={page.page} next={page.next} />
    </section>
  );
}

/**
 * Keyset pages (ADR 0101): "Další" starts after the page's last result, "První strana" goes back to
 * the first; plain links, so they work without JavaScript and a URL names its page.
 */
function Pagination({
  query,
  page,
  next,
}: {
  query: Parameters<typeof archiveSearch>[0];
  page: number;
  next: number | null;
}) {
  const { t, locale } = useTranslation();
  if (page === 1 && next === null) return null;
  const path = localePath("results", locale);
  const link = "rounded border border-line bg-white px-4 py-2 text-primary-dark hover:border-primary-dark";
  return (
    <nav aria-label={t("results.archive.pagination")} className="mt-6 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={`${path}${archiveSearch(query)}`} className={link} data-testid="results-first">
          {t("results.archive.first")}
        </Link>
      ) : null}
      {next !== null ? (
        <Link
          to={`${path}${archiveSearch(query, { after: next, page: page + 1 })}`}
          rel="next"
          className={link}
          data-testid="results-next"
        >
          {t("results.archive.next")}
        </Link>
      ) : null}
    </nav>
  );
}
