import { Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { bottlingPath } from "#app/features/bottlings/bottling-parts.tsx";
import { Pagination } from "#app/features/catalog/pagination.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/list";

/**
 * Bottlings, `/lahve?q=` (issue 37, item 3): the canonical records with a search box (words of the
 * brand, the names and the attributes; case and diacritics ignored), newest first, paged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const page = Math.max(1, Number(url.searchParams.get("strana")) || 1);
  const found = await services.bottlings.list({ q, page, locale });
  return { ...found, q };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("bottlings.listTitle"),
    description: t("bottlings.listLead"),
    noindex: Boolean(args.loaderData?.q),
  }));
}

export default function BottlingsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { items, total, q, page, pageCount } = loaderData;
  const base = localePath("bottlings", locale);
  return (
    <div className="container-page flex flex-col gap-6 py-6" data-testid="bottlings-page">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("bottlings.listTitle")}</h1>
        <p className="mt-2 max-w-3xl text-muted">{t("bottlings.listLead")}</p>
      </header>
      <Form method="get" role="search" className="flex max-w-xl flex-wrap gap-2">
        <label htmlFor="bottlings-q" className="sr-only">
          {t("bottlings.searchLabel")}
        </label>
        <input
          id="bottlings-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("bottlings.searchPlaceholder")}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-white px-3"
        />
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-primary-dark px-5 font-semibold text-white hover:bg-primary"
        >
          {t("bottlings.searchButton")}
        </button>
      </Form>
      <p className="text-sm text-muted" role="status">
        {t("bottlings.found", { count: total })}
      </p>
      {items.length === 0 ? (
        <p>{t("bottlings.none")}</p>
      ) : (
        <ul className="grid gap-3 tablet:grid-cols-2 desktop:grid-cols-3" data-testid="bottlings-list">
          {items.map((bottling) => (
            <li key={bottling.id} className="rounded-xl border border-line bg-white p-4">
              {bottling.brandName ? (
                <p className="text-xs font-semibold tracking-[0.15em] text-[#7d6224] uppercase">
                  {bottling.brandName}
                </p>
              ) : null}
              <Link
                to={bottlingPath(locale, bottling)}
                className="font-serif text-xl text-primary-dark hover:underline"
              >
                {bottling.name}
              </Link>
              <p className="mt-1 text-sm text-muted">
                {t("bottlings.listings", { count: bottling.listingCount })} ·{" "}
                {t("bottlings.watchers", { count: bottling.watcherCount })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) =>
          `${base}?${new URLSearchParams({ ...(q ? { q } : {}), ...(n > 1 ? { strana: String(n) } : {}) })}`
        }
      />
    </div>
  );
}
