import { data, Link, redirect } from "react-router";
import { Notice, PageTitle, Refusal, ReorderButtons } from "#app/components/admin/catalog/ui.tsx";
import { parseForm } from "#app/components/forms/conform.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ReorderForm } from "#core/schemas/admin-catalog.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/categories";

/**
 * The category tree (docs/product/back-office.md, "Catalogue"): every category, hidden ones too, in
 * tree order with its level, products and state; up and down among its siblings; a link to edit,
 * move or delete it, and to add a subcategory (at most 5 levels).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminCatalog.categories.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services } = context.get(appContext);
  const rows = await services.catalogAdmin.categoryTree();
  const url = new URL(request.url);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      depth: row.depth,
      name: row.nameCs,
      nameEn: row.nameEn,
      isActive: row.isActive,
      premoderated: row.premoderated,
      productCount: row.productCount,
      childCount: row.childCount,
    })),
    deleted: url.searchParams.has("deleted"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), ReorderForm, locale);
  if (submission.status !== "success")
    return data({ errors: submission.error?.[""] ?? null }, { status: 422 });
  const { id, direction } = submission.value;
  const outcome = await services.catalogAdmin.reorderCategory({ id: user.id, ip: clientIp }, id, direction);
  if (outcome.status === "not_found") return data({ errors: null }, { status: 404 });
  // Back to the row just moved, so the keyboard user finds it where it went.
  throw redirect(`${localePath("adminCategories", locale)}#category-${id}`);
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { rows } = loaderData;
  const siblingsOf = (parentId: number | null) => rows.filter((row) => row.parentId === parentId);
  return (
    <section className="flex flex-col gap-6" data-testid="admin-categories">
      <PageTitle lead={t("adminCatalog.categories.intro")}>{t("adminCatalog.categories.title")}</PageTitle>
      {loaderData.deleted ? <Notice>{t("adminCatalog.deleted")}</Notice> : null}
      <Refusal messages={actionData?.errors} />
      <p>
        <Link
          to={localePath("adminCategory", locale, { id: "new" })}
          className="inline-block rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90"
        >
          {t("adminCatalog.categories.add")}
        </Link>
      </p>
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t("adminCatalog.categories.title")}</caption>
          <thead className="border-b border-line bg-light/60">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("adminCatalog.categories.name")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminCatalog.categories.level")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminCatalog.categories.products")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminCatalog.categories.state")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminCatalog.categories.actions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-muted">
                  {t("adminCatalog.categories.empty")}
                </td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const siblings = siblingsOf(row.parentId);
              const name = locale === "en" && row.nameEn ? row.nameEn : row.name;
              return (
                <tr
                  key={row.id}
                  id={`category-${row.id}`}
                  data-testid={`category-${row.id}`}
                  className="align-middle"
                >
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span
                      style={{ paddingInlineStart: `${(row.depth - 1) * 1.25}rem` }}
                      className="inline-block"
                    >
                      {row.depth > 1 ? (
                        <span aria-hidden="true" className="text-muted">
                          └{" "}
                        </span>
                      ) : null}
                      <Link
                        to={localePath("adminCategory", locale, { id: String(row.id) })}
                        className="font-semibold text-primary-dark underline underline-offset-4"
                      >
                        {name}
                      </Link>
                    </span>
                  </th>
                  <td className="px-3 py-2">{row.depth}</td>
                  <td className="px-3 py-2">{row.productCount}</td>
                  <td className="px-3 py-2">
                    <span className={row.isActive ? "" : "text-muted"}>
                      {t(
                        row.isActive ? "adminCatalog.categories.active" : "adminCatalog.categories.inactive",
                      )}
                    </span>
                    {row.premoderated ? (
                      <span className="ms-2 rounded-full bg-secondary/15 px-2 py-0.5 text-xs font-semibold text-[#6b5116]">
                        {t("adminCatalog.categories.premoderated")}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap items-center gap-2">
                      <ReorderButtons
                        id={row.id}
                        name={name}
                        first={siblings[0]?.id === row.id}
                        last={siblings[siblings.length - 1]?.id === row.id}
                      />
                      {row.depth < 5 ? (
                        <Link
                          to={`${localePath("adminCategory", locale, { id: "new" })}?parent=${row.id}`}
                          className="text-primary-dark underline underline-offset-4"
                          aria-label={`${t("adminCatalog.categories.addChild")}: ${name}`}
                        >
                          {t("adminCatalog.categories.addChild")}
                        </Link>
                      ) : null}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
