import { Form, Link } from "react-router";
import { categoryOptions, optionLabel } from "#app/features/results/categories.ts";
import { IndexChart } from "#app/features/results/index-chart.tsx";
import { formatLevel, formatMonth } from "#app/features/results/index-format.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { INDEX_TABLE_MONTHS, priceIndexQuerySchema } from "#core/schemas/results.ts";
import { appContext } from "../../context.ts";
import type { Route } from "./+types/price-index";

/**
 * The Rarita price index (`/vysledky/cenovy-index`, `/en/results/price-index`; issue 37, item 5;
 * docs/product/price-index.md): the frozen monthly levels of the whole market or a category, as a
 * chart drawn on the server, a table and a CSV. The category is chosen by a GET form. The table
 * lists the last two years unless `?vse=1` (ADR 0101: 120 rows rendered on every request for a
 * table few read to its end; the CSV has every month).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("results.index.title"),
    description: t("results.index.metaDescription"),
    noindex: args.location.search.length > 1,
  }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const { category, vse } = priceIndexQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const [tree, withIndex] = await Promise.all([
    services.catalog.categoryTree(locale),
    services.saleResults.indexCategories(),
  ]);
  const offered = new Set(withIndex);
  const categories = categoryOptions(tree).filter((option) => offered.has(option.id));
  const chosen = categories.find((option) => option.id === category) ?? null;
  const levels = await services.saleResults.indexLevels(chosen?.id ?? null);
  return { categories, chosen, levels, all: vse };
}

export default function PriceIndex({ loaderData }: Route.ComponentProps) {
  const { categories, chosen, levels, all } = loaderData;
  const { t, locale } = useTranslation();
  const scope = chosen?.name ?? t("results.index.wholeMarket");
  const csv = `${localePath("priceIndexCsv", locale)}${chosen ? `?category=${chosen.id}` : ""}`;
  const first = levels[0];
  const last = levels[levels.length - 1];
  return (
    <section className="container-page pt-8 pb-16" data-testid="price-index">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("results.index.title")}</h1>
      <p className="mt-3 max-w-3xl text-muted">{t("results.index.lead")}</p>
      <p className="mt-2 text-sm">
        <Link to={localePath("results", locale)} className="text-primary-dark underline">
          {t("results.archive.title")}
        </Link>
      </p>
      <ScopeForm categories={categories} chosen={chosen} />
      {!first || !last ? (
        <p className="mt-8 text-muted" data-testid="index-empty">
          {t("results.index.empty")}
        </p>
      ) : (
        <>
          <figure className="mt-8 max-w-4xl rounded-lg border border-line bg-white p-3 tablet:p-5">
            {/* One drawing per width, each fitting its width (no sideways scrolling): CSS shows one. */}
            {(["narrow", "wide"] as const).map((size) => (
              <IndexChart
                key={size}
                size={size}
                className={size === "narrow" ? "block tablet:hidden" : "hidden tablet:block"}
                levels={levels}
                locale={locale}
                title={t("results.index.chartTitle", { scope })}
                description={t("results.index.chartDescription", {
                  first: formatMonth(first.month, locale),
                  firstValue: formatLevel(first.level, locale),
                  last: formatMonth(last.month, locale),
                  lastValue: formatLevel(last.level, locale),
                })}
              />
            ))}
            <figcaption className="mt-2 text-sm text-muted">{t("results.index.carriedLegend")}</figcaption>
          </figure>
          <p className="mt-6 flex flex-wrap items-center gap-3">
            <a
              href={csv}
              download
              className="rounded border border-primary-dark px-4 py-2 font-semibold text-primary-dark hover:bg-light"
              data-testid="index-csv"
            >
              {t("results.index.csv")}
            </a>
            <span className="text-sm text-muted">{t("results.index.csvNote")}</span>
          </p>
          <IndexTable levels={levels} all={all} scope={chosen?.id ?? null} />
        </>
      )}
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The scope: the whole market or a category with an index (a GET form). */
function ScopeForm({ categories, chosen }: Pick<LoaderData, "categories" | "chosen">) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" data-testid="index-scope">
      <div className="min-w-0 flex-1 tablet:max-w-md">
        <label htmlFor="index-category" className="block text-sm font-semibold">
          {t("results.index.scope")}
        </label>
        <select
          id="index-category"
          name="category"
          defaultValue={chosen?.id ?? ""}
          className="mt-1 w-full rounded border border-line bg-white px-3 py-2"
        >
          <option value="">{t("results.index.wholeMarket")}</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded bg-primary-dark px-5 py-2.5 font-semibold text-white hover:bg-primary"
      >
        {t("results.index.show")}
      </button>
    </Form>
  );
}

/** The table, newest first: the last INDEX_TABLE_MONTHS, or every month with `?vse=1`. */
function IndexTable({
  levels,
  all,
  scope,
}: {
  levels: LoaderData["levels"];
  all: boolean;
  scope: number | null;
}) {
  const { t, locale } = useTranslation();
  const shortened = !all && levels.length > INDEX_TABLE_MONTHS;
  const shown = (shortened ? levels.slice(-INDEX_TABLE_MONTHS) : [...levels]).reverse();
  const base = `${localePath("priceIndex", locale)}${scope !== null ? `?category=${scope}` : ""}`;
  const allHref = `${base}${scope !== null ? "&" : "?"}vse=1#index-table`;
  return (
    <>
      <table className="mt-6 w-full max-w-2xl text-left" data-testid="index-table" id="index-table">
        <caption className="pb-2 text-left text-sm text-muted">
          {t(shortened ? "results.index.tableRecent" : "results.index.tableAll", { count: shown.length })}
        </caption>
        <thead>
          <tr className="border-b border-line text-sm text-muted">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("results.index.columns.month")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              {t("results.index.columns.level")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              {t("results.index.columns.pairs")}
            </th>
            <th scope="col" className="py-2 font-semibold mobile:hidden">
              {t("results.index.columns.carried")}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((point) => (
            <tr key={point.month} className="border-b border-line">
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="whitespace-nowrap">{formatMonth(point.month, locale)}</span>
                {/* A phone has no room for the note's column: the note goes under the month. */}
                {point.carried ? (
                  <span className="block text-sm text-muted tablet:hidden">{t("results.index.carried")}</span>
                ) : null}
              </th>
              <td className="py-2 pr-3 text-right font-semibold tabular-nums">
                {formatLevel(point.level, locale)}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{point.pairs}</td>
              <td className="py-2 text-sm text-muted mobile:hidden">
                {point.carried ? t("results.index.carried") : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shortened ? (
        <p className="mt-4">
          <a href={allHref} className="text-primary-dark underline" data-testid="index-table-all">
            {t("results.index.showAll", { count: levels.length })}
          </a>
        </p>
      ) : all && levels.length > INDEX_TABLE_MONTHS ? (
        <p className="mt-4">
          <a
            href={`${base}#index-table`}
            className="text-primary-dark underline"
            data-testid="index-table-recent"
          >
            {t("results.index.showRecent", { count: INDEX_TABLE_MONTHS })}
          </a>
        </p>
      ) : null}
    </>
  );
}
