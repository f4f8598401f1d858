import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { type BrandReply, MergeBrands, useBrandColumns } from "#app/features/admin/catalog/brand-forms.tsx";
import { catalogFailureAnswer } from "#app/features/admin/catalog/failure.server.ts";
import { Notice, PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { sayCatalogFailure } from "#core/contracts/catalog-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BrandPageForm } from "#core/schemas/admin-catalog.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/brands";

/**
 * Brands (docs/product/back-office.md, "Catalogue"): a searchable table with product counts, each
 * renamed in its row; two spellings of one brand are merged, the duplicate's products going to
 * the brand kept in one transaction, audited with both ids.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminCatalog.brands.title"), noindex: true }));
}

const SORTS = ["name", "products", "createdAt"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const [page, options] = await Promise.all([
    services.catalogAdmin.brandsPage(tableQueryFromUrl(url, SORTS)),
    services.catalogAdmin.brandOptions(),
  ]);
  return {
    page: { ...page, rows: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    options,
    merged: url.searchParams.get("merged"),
    saved: url.searchParams.has("saved"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), BrandPageForm, locale);
  const intent = String(submission.payload.intent ?? "");
  const id = String(submission.payload.id ?? "");
  if (submission.status !== "success")
    return data({ intent, id, result: submission.reply() }, { status: 422 });
  const actor = { id: user.id, ip: clientIp };
  const value = submission.value;
  const back = new URL(request.url);
  if (value.intent === "rename") {
    const outcome = await services.catalogAdmin.renameBrand(actor, value.id, value.name);
    if (!outcome.ok) {
      const said = sayCatalogFailure(locale, outcome);
      if (said.status === 404) throw data(translate(locale, "errors.notFound"), { status: 404 });
      const errors = said.status === 422 ? said.errors : { name: [said.message] };
      return data({ intent, id, result: submission.reply({ fieldErrors: errors }) }, { status: 422 });
    }
    back.searchParams.set("saved", "1");
    back.searchParams.delete("merged");
  } else {
    const outcome = await services.catalogAdmin.mergeBrands(actor, value.survivorId, value.duplicateId);
    if (!outcome.ok) return catalogFailureAnswer(locale, outcome, submission, { intent, id });
    back.searchParams.set("merged", String(outcome.value.productIds.length));
    back.searchParams.delete("saved");
  }
  throw redirect(`${localePath("adminBrands", locale)}${back.search}`);
}

export default function AdminBrands({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = actionData as BrandReply;
  const columns = useBrandColumns(reply);
  return (
    <section className="flex flex-col gap-6" data-testid="admin-brands">
      <PageTitle lead={t("adminCatalog.brands.intro")}>{t("adminCatalog.brands.title")}</PageTitle>
      {loaderData.merged !== null && !actionData ? (
        <Notice>{t("adminCatalog.brands.merged", { count: loaderData.merged })}</Notice>
      ) : null}
      {loaderData.saved && !actionData ? <Notice>{t("adminCatalog.saved")}</Notice> : null}
      <MergeBrands options={loaderData.options} reply={reply} />
      <DataTable
        id="brands"
        caption={t("adminCatalog.brands.title")}
        columns={columns}
        page={loaderData.page}
        sortable={SORTS}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
