import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { Notice, PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BLOG_POST_SORTABLE, BLOG_POST_STATES } from "#core/schemas/admin-content.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/blog-posts";

/** The blog's articles (docs/product/back-office.md, "Content"): drafts, scheduled and published. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.blog.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const state = BLOG_POST_STATES.find((item) => item === url.searchParams.get("state"));
  const categoryId = Number(url.searchParams.get("category")) || undefined;
  const [page, categories] = await Promise.all([
    services.contentAdmin.blogPosts.list(tableQueryFromUrl(url, BLOG_POST_SORTABLE), { state, categoryId }),
    services.contentAdmin.blogCategories.list(),
  ]);
  return {
    page,
    categories: categories.map((category) => ({ id: category.id, name: category.nameCs })),
    filters: { state, categoryId },
    deleted: url.searchParams.has("deleted"),
  };
}

type Row = Route.ComponentProps["loaderData"]["page"]["rows"][number];

/** The table's columns, in the page's language. */
function useBlogPostColumns(): ColumnDef<Row, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    {
      id: "title",
      header: t("adminContent.common.titleCs"),
      cell: ({ row }) => (
        <Link
          to={localePath("adminBlogPost", locale, { id: String(row.original.id) })}
          className="text-primary-dark underline"
        >
          {row.original.titleCs}
        </Link>
      ),
    },
    {
      id: "category",
      header: t("adminContent.blog.category"),
      cell: ({ row }) => row.original.categoryName ?? "—",
    },
    {
      id: "state",
      header: t("adminContent.blog.state"),
      cell: ({ row }) => t(`adminContent.blog.states.${row.original.state}`),
    },
    {
      id: "publishedAt",
      header: t("adminContent.blog.publishedAt"),
      cell: ({ row }) =>
        row.original.publishedAt ? formatShortDateTime(row.original.publishedAt, locale) : "—",
    },
    {
      id: "updatedAt",
      header: t("adminContent.blog.updatedAt"),
      cell: ({ row }) => formatShortDateTime(row.original.updatedAt, locale),
    },
  ];
}

export default function AdminBlogPosts({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { filters } = loaderData;
  const columns = useBlogPostColumns();
  const select = "mt-1 rounded border border-line bg-white px-3 py-2";
  return (
    <div className="flex flex-col gap-6" data-testid="admin-blog-posts">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle>{t("adminContent.blog.title")}</PageTitle>
        <Link
          to={localePath("adminBlogPost", locale, { id: "new" })}
          className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white"
        >
          {t("adminContent.blog.add")}
        </Link>
      </div>
      {loaderData.deleted ? <Notice>{t("adminContent.common.deleted")}</Notice> : null}
      <DataTable
        id="blog-posts"
        caption={t("adminContent.blog.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={BLOG_POST_SORTABLE}
        rowKey={(row) => row.id}
        filters={
          <>
            <label className="flex flex-col text-sm font-semibold">
              {t("adminContent.blog.state")}
              <select name="state" defaultValue={filters.state ?? ""} className={select}>
                <option value="">{t("adminContent.blog.allStates")}</option>
                {BLOG_POST_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`adminContent.blog.states.${state}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col text-sm font-semibold">
              {t("adminContent.blog.category")}
              <select name="category" defaultValue={filters.categoryId ?? ""} className={select}>
                <option value="">{t("adminContent.blog.allCategories")}</option>
                {loaderData.categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
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
