import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { Notice, PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/info-pages";

/**
 * The info pages with their state (not published, published, a draft waiting)
 * (docs/product/back-office.md, "Content"); terms (1) and privacy (2) stay.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.pages.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const pages = await context.get(appContext).services.contentAdmin.infoPages.list();
  return { pages, deleted: new URL(request.url).searchParams.has("deleted") };
}

export default function AdminInfoPages({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  return (
    <div className="flex flex-col gap-6" data-testid="admin-info-pages">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle>{t("adminContent.pages.title")}</PageTitle>
        <Link
          to={localePath("adminInfoPage", locale, { id: "new" })}
          className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white"
        >
          {t("adminContent.pages.add")}
        </Link>
      </div>
      {loaderData.deleted ? <Notice>{t("adminContent.common.deleted")}</Notice> : null}
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("adminContent.pages.caption")}</caption>
          <thead className="border-b border-line bg-light">
            <tr>
              <th scope="col" className="px-3 py-2">
                #
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.common.titleCs")}
              </th>
              <th scope="col" className="hidden px-3 py-2 tablet:table-cell">
                {t("adminContent.common.titleEn")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.pages.state")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.pages.updatedAt")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((page) => (
              <tr key={page.id} className="border-b border-line last:border-0">
                <td className="px-3 py-2">{page.id}</td>
                <td className="px-3 py-2">
                  <Link
                    to={localePath("adminInfoPage", locale, { id: String(page.id) })}
                    className="text-primary-dark underline"
                  >
                    {page.titleCs}
                  </Link>
                  {page.fixed ? (
                    <span className="ml-2 text-xs text-muted">({t("adminContent.pages.fixed")})</span>
                  ) : null}
                </td>
                <td className="hidden px-3 py-2 tablet:table-cell">{page.titleEn ?? "—"}</td>
                <td className="px-3 py-2" data-testid="page-state">
                  {t(`adminContent.pages.states.${page.state}`)}
                </td>
                <td className="px-3 py-2">{formatShortDateTime(page.updatedAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
