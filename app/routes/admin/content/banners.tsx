import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { Notice, PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import {
  BANNER_GROUP_KEYS,
  BANNER_SORTABLE,
  bannerGroupName,
  CONTENT_LOCALES,
} from "#core/schemas/admin-content.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/banners";

/** The banners (docs/product/back-office.md, "Content"): by group and language, live or hidden. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.banners.title"), noindex: true }));
}

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.find((item) => item === value);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const filters = {
    group: oneOf(BANNER_GROUP_KEYS, url.searchParams.get("group")),
    locale: oneOf(CONTENT_LOCALES, url.searchParams.get("lang")),
  };
  const page = await services.contentAdmin.banners.list(tableQueryFromUrl(url, BANNER_SORTABLE), filters);
  return { page, filters, deleted: url.searchParams.has("deleted") };
}

type Row = Route.ComponentProps["loaderData"]["page"]["rows"][number];

/** The table's columns, in the page's language. */
function useBannerColumns(): ColumnDef<Row, unknown>[] {
  const { t, locale } = useTranslation();
  // No limit on either side is "—"; an open side is an ellipsis.
  const schedule = (row: Row) =>
    row.activeFrom || row.activeTo
      ? [row.activeFrom, row.activeTo].map((at) => (at ? formatShortDateTime(at, locale) : "…")).join(" – ")
      : "—";
  return [
    {
      id: "image",
      header: t("adminContent.banners.preview"),
      cell: ({ row }) => (
        <img src={row.original.imageUrl} alt="" className="h-10 w-24 rounded object-cover" />
      ),
    },
    {
      id: "title",
      header: t("adminContent.banners.bannerTitle"),
      cell: ({ row }) => (
        <Link
          to={localePath("adminBanner", locale, { id: String(row.original.id) })}
          className="text-primary-dark underline"
        >
          {row.original.title}
        </Link>
      ),
    },
    {
      id: "group",
      header: t("adminContent.banners.group"),
      cell: ({ row }) => t(`adminContent.banners.groups.${bannerGroupName(row.original.groupKey)}`),
    },
    {
      id: "locale",
      header: t("adminContent.common.locale"),
      cell: ({ row }) => row.original.locale.toUpperCase(),
    },
    { id: "position", header: t("adminContent.common.position"), cell: ({ row }) => row.original.position },
    {
      id: "activeFrom",
      header: t("adminContent.banners.schedule"),
      cell: ({ row }) => schedule(row.original),
    },
    {
      id: "live",
      header: t("adminContent.banners.live"),
      cell: ({ row }) =>
        row.original.live ? (
          <span className="font-semibold text-success">{t("adminContent.banners.live")}</span>
        ) : (
          <span className="text-muted">{t("adminContent.banners.notLive")}</span>
        ),
    },
  ];
}

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { filters } = loaderData;
  const columns = useBannerColumns();
  const select = "mt-1 rounded border border-line bg-white px-3 py-2";
  return (
    <div className="flex flex-col gap-6" data-testid="admin-banners">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle>{t("adminContent.banners.title")}</PageTitle>
        <Link
          to={localePath("adminBanner", locale, { id: "new" })}
          className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white"
        >
          {t("adminContent.banners.add")}
        </Link>
      </div>
      {loaderData.deleted ? <Notice>{t("adminContent.common.deleted")}</Notice> : null}
      <DataTable
        id="banners"
        caption={t("adminContent.banners.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={BANNER_SORTABLE}
        rowKey={(row) => row.id}
        filters={
          <>
            <label className="flex flex-col text-sm font-semibold">
              {t("adminContent.banners.group")}
              <select name="group" defaultValue={filters.group ?? ""} className={select}>
                <option value="">{t("adminContent.banners.allGroups")}</option>
                {BANNER_GROUP_KEYS.map((group) => (
                  <option key={group} value={group}>
                    {t(`adminContent.banners.groups.${bannerGroupName(group)}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col text-sm font-semibold">
              {t("adminContent.common.locale")}
              <select name="lang" defaultValue={filters.locale ?? ""} className={select}>
                <option value="">{t("adminContent.banners.allLocales")}</option>
                {CONTENT_LOCALES.map((lang) => (
                  <option key={lang} value={lang}>
                    {t(`adminContent.common.${lang}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
      />
    </div>
  );
}
