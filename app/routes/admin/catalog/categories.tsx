import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { CategoryTree } from "#app/features/admin/catalog/category-tree.tsx";
import { Notice, PageTitle, Refusal } from "#app/features/admin/catalog/ui.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ReorderForm } from "#core/schemas/admin-catalog.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/categories";

/**
 * The category tree (docs/product/back-office.md, "Catalogue"): every category, hidden ones too, in
 * tree order with its level, its own and its branch's products and state; up and down among its siblings; a link to edit,
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
      branchProductCount: row.branchProductCount,
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
  if (!outcome.ok) return data({ errors: null }, { status: 404 });
  // Back to the row just moved, so the keyboard user finds it where it went.
  throw redirect(`${localePath("adminCategories", locale)}#category-${id}`);
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { rows } = loaderData;
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
      <CategoryTree rows={rows} />
    </section>
  );
}
