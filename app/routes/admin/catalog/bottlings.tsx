import { Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { Pagination } from "#app/features/catalog/pagination.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/bottlings";

/**
 * Bottlings in the back office (`/admin/katalog/lahve`, scope `catalog`; issue 37, item 3): a
 * searchable list with each one's listings and watchers; a bottling's page edits it and merges a
 * duplicate ("Sloučit do…").
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminBottlings.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services, locale } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const merged = url.searchParams.get("sloucene") === "1";
  const page = Math.max(1, Number(url.searchParams.get("strana")) || 1);
  return { ...(await services.bottlings.admin.list({ q, page, locale, merged })), q, merged };
}

export default function AdminBottlingsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { items, q, merged, page, pageCount } = loaderData;
  const base = localePath("adminBottlings", locale);
  return (
    <div className="flex flex-col gap-5" data-testid="admin-bottlings">
      <PageTitle lead={t("adminBottlings.lead")}>{t("adminBottlings.title")}</PageTitle>
      <Form method="get" role="search" className="flex flex-wrap items-center gap-3">
        <label className="sr-only" htmlFor="admin-bottlings-q">
          {t("adminBottlings.search")}
        </label>
        <input
          id="admin-bottlings-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={t("adminBottlings.search")}
          className="min-h-10 w-72 max-w-full rounded-md border border-line bg-white px-3"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="sloucene" value="1" defaultChecked={merged} />
          {t("adminBottlings.withMerged")}
        </label>
        <button type="submit" className="min-h-10 rounded-md bg-primary-dark px-4 font-semibold text-white">
          {t("adminBottlings.search")}
        </button>
      </Form>
      {items.length === 0 ? <p>{t("adminBottlings.empty")}</p> : <BottlingTable items={items} />}
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) =>
          `${base}?${new URLSearchParams({ ...(q ? { q } : {}), ...(merged ? { sloucene: "1" } : {}), ...(n > 1 ? { strana: String(n) } : {}) })}`
        }
      />
    </div>
  );
}

type Items = Route.ComponentProps["loaderData"]["items"];

/** The bottlings found, each linking to its page in the back office. */
function BottlingTable({ items }: { items: Items }) {
  const { t, locale } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-light text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("adminBottlings.columns.id")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminBottlings.columns.name")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminBottlings.columns.brand")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("adminBottlings.columns.listings")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("adminBottlings.columns.watchers")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminBottlings.columns.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((bottling) => (
            <tr key={bottling.id} className="border-t border-line" data-testid="admin-bottling-row">
              <td className="px-3 py-2 tabular-nums">{bottling.id}</td>
              <td className="px-3 py-2">
                <Link
                  to={localePath("adminBottling", locale, { id: bottling.id })}
                  className="font-semibold text-primary-dark hover:underline"
                >
                  {bottling.name}
                </Link>
              </td>
              <td className="px-3 py-2">{bottling.brandName ?? "–"}</td>
              <td className="px-3 py-2 text-right tabular-nums">{bottling.listingCount}</td>
              <td className="px-3 py-2 text-right tabular-nums">{bottling.watcherCount}</td>
              <td className="px-3 py-2">{t(`adminBottlings.statuses.${bottling.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
