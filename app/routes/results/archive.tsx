import { Link } from "react-router";
import { ArchiveForm } from "#app/features/results/archive-form.tsx";
import { archiveSearch } from "#app/features/results/archive-links.ts";
import { ArchiveTable } from "#app/features/results/archive-table.tsx";
import { branchIds, categoryOptions } from "#app/features/results/categories.ts";
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
 * URL reproduces a view and it all works without JavaScript. A filtered view is not indexed.
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
  const tree = await services.catalog.categoryTree(locale);
  const categoryIds = query.category ? branchIds(tree, query.category) : null;
  const page = await services.saleResults.archive(query, { locale, categoryIds });
  return { query, page, categories: categoryOptions(tree) };
}

export default function ResultsArchive({ loaderData }: Route.ComponentProps) {
  const { query, page, categories } = loaderData;
  const { t, locale } = useTranslation();
  const count = page.totalCapped
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
        <ArchiveForm key={archiveSearch(query)} query={query} categories={categories} />
      </div>
      <p className="mt-6 font-semibold" aria-live="polite" data-testid="results-count">
        {count}
      </p>
      {page.rows.length === 0 ? (
        <p className="mt-4 text-muted">{t("results.archive.empty")}</p>
      ) : (
        <div className="mt-2">
          <ArchiveTable rows={page.rows} />
        </div>
      )}
      <Pagination query={query} page={page.page} pages={page.pageCount} />
    </section>
  );
}

function Pagination({
  query,
  page,
  pages,
}: {
  query: Parameters<typeof archiveSearch>[0];
  page: number;
  pages: number;
}) {
  const { t, locale } = useTranslation();
  if (pages <= 1) return null;
  const path = localePath("results", locale);
  const link = "rounded border border-line bg-white px-4 py-2 text-primary-dark hover:border-primary-dark";
  return (
    <nav aria-label={t("results.archive.pagination")} className="mt-6 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={`${path}${archiveSearch(query, page - 1)}`} rel="prev" className={link}>
          {t("results.archive.previous")}
        </Link>
      ) : null}
      <span className="text-muted">{t("results.archive.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={`${path}${archiveSearch(query, page + 1)}`} rel="next" className={link}>
          {t("results.archive.next")}
        </Link>
      ) : null}
    </nav>
  );
}
