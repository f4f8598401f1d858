import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import {
  CategoryDeleteSection,
  CategoryFieldsForm,
  CategoryMoveSection,
  type ParentOption,
} from "#app/features/admin/catalog/category-forms.tsx";
import { catalogFailureAnswer } from "#app/features/admin/catalog/failure.server.ts";
import { Notice, PageTitle, Section } from "#app/features/admin/catalog/ui.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { err } from "#core/result.ts";
import { CategoryPageForm } from "#core/schemas/admin-catalog.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/category";

/**
 * One category (docs/product/back-office.md, "Catalogue"), or a new one at `new` (?parent=):
 * names, slugs and descriptions in both languages, active and pre-moderation switches; moving it
 * with its branch; deleting it when empty. Each refusal keeps what was typed and says why.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminCatalog.categories.title"), noindex: true }));
}

function idOf(param: string | undefined, locale: "cs" | "en"): number | null {
  if (param === "new") return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services, locale } = context.get(appContext);
  const id = idOf(params.id, locale);
  const url = new URL(request.url);
  const tree = await services.catalogAdmin.categoryTree();
  // Every category a category may hang under: not at level 5, not itself nor its branch.
  const branch = new Set<number>(id === null ? [] : [id]);
  for (const row of tree) if (row.parentId !== null && branch.has(row.parentId)) branch.add(row.id);
  const parents: ParentOption[] = tree
    .filter((row) => row.depth < 5 && !branch.has(row.id))
    .map((row) => ({ value: String(row.id), label: `${"— ".repeat(row.depth - 1)}${row.nameCs}` }));
  if (id === null) {
    const parent = Number(url.searchParams.get("parent"));
    return {
      category: null,
      oldSlugs: [],
      parents,
      parentId: tree.some((row) => row.id === parent) ? parent : null,
      saved: false,
      publicUrl: null,
    };
  }
  const found = await services.catalogAdmin.category(id);
  if (!found) throw data(translate(locale, "errors.notFound"), { status: 404 });
  const { category } = found;
  return {
    category,
    oldSlugs: found.oldSlugs,
    parents,
    parentId: category.parentId,
    saved: url.searchParams.has("saved"),
    publicUrl: category.isActive
      ? localePath("category", locale, {
          id: category.id,
          slug: (locale === "en" && category.slugEn) || category.slugCs,
        })
      : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const id = idOf(params.id, locale);
  const actor = { id: user.id, ip: clientIp };
  const submission = parseForm(await request.formData(), CategoryPageForm, locale);
  const intent = String(submission.payload.intent ?? "");
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
  const value = submission.value;
  const admin = services.catalogAdmin;
  const outcome =
    value.intent === "create"
      ? await admin.createCategory(actor, value)
      : id === null
        ? err("not_found")
        : value.intent === "save"
          ? await admin.updateCategory(actor, id, value)
          : value.intent === "move"
            ? await admin.moveCategory(actor, id, value.parentId)
            : await admin.deleteCategory(actor, id);
  if (!outcome.ok) return catalogFailureAnswer(locale, outcome, submission, { intent });
  if (value.intent === "delete") throw redirect(`${localePath("adminCategories", locale)}?deleted=1`);
  const created =
    value.intent === "create" && outcome.value && "id" in outcome.value ? outcome.value.id : null;
  const savedId = created ?? id;
  throw redirect(`${localePath("adminCategory", locale, { id: String(savedId) })}?saved=1`);
}

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { category } = loaderData;
  const name = category ? (locale === "en" && category.nameEn) || category.nameCs : null;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-category">
      <Link to={localePath("adminCategories", locale)} className="text-sm text-primary-dark underline">
        {t("adminCatalog.category.back")}
      </Link>
      <PageTitle>
        {name ? t("adminCatalog.category.editTitle", { name }) : t("adminCatalog.category.newTitle")}
      </PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("adminCatalog.saved")}</Notice> : null}
      {loaderData.publicUrl ? (
        <p>
          <a href={loaderData.publicUrl} className="text-primary-dark underline underline-offset-4">
            {t("adminCatalog.category.view")}
          </a>
        </p>
      ) : null}
      <CategoryFieldsForm
        key={category ? `${category.id}-${category.updatedAt}` : "new"}
        values={category}
        parents={loaderData.parents}
        parentId={loaderData.parentId}
        reply={actionData}
      />
      {category ? (
        <>
          <Section title={t("adminCatalog.category.oldSlugs")}>
            {loaderData.oldSlugs.length === 0 ? (
              <p className="text-muted">{t("adminCatalog.category.noOldSlugs")}</p>
            ) : (
              <ul className="list-inside list-disc" data-testid="old-slugs">
                {loaderData.oldSlugs.map((old) => (
                  <li key={`${old.locale}-${old.slug}`}>
                    <code>{old.slug}</code> ({old.locale})
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <CategoryMoveSection
            parents={loaderData.parents}
            parentId={loaderData.parentId}
            reply={actionData}
          />
          <CategoryDeleteSection reply={actionData} />
        </>
      ) : null}
    </div>
  );
}
