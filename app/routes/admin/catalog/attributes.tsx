import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { AttributeForm, type AttributeReply } from "#app/features/admin/catalog/attribute-form.tsx";
import { Notice, PageTitle, Section } from "#app/features/admin/catalog/ui.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { AttributeDefinitionForm, AttributeDeleteForm } from "#core/schemas/admin-attributes.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/attributes";

/**
 * The attributes of category subtrees (issue 37; docs/product/collector-data.md): every
 * definition by its category, changed or deleted in its own form, and a form that adds one.
 * The catalogue's scope; every change audited (server/modules/listing-attributes/admin.ts).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listingAttributes.admin.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services } = context.get(appContext);
  const [tree, definitions] = await Promise.all([
    services.catalogAdmin.categoryTree(),
    services.listings.attributes.allDefinitions(),
  ]);
  const categories = tree.map((row) => ({ id: row.id, label: `${"— ".repeat(row.depth - 1)}${row.nameCs}` }));
  const order = new Map(tree.map((row, index) => [row.id, index]));
  definitions.sort(
    (a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0) || a.position - b.position,
  );
  return { categories, definitions, saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const form = await request.formData();
  const formId = String(form.get("formId") ?? "new");
  // One schema per button: a union would report a refused save as neither.
  const deleting = form.get("intent") === "delete";
  const submission = deleting
    ? parseForm(form, AttributeDeleteForm, locale)
    : parseForm(form, AttributeDefinitionForm, locale);
  if (submission.status !== "success")
    return data<AttributeReply>(
      {
        id: formId,
        errors: Object.fromEntries(
          Object.entries(submission.error ?? {}).map(([name, list]) => [name, list ?? undefined]),
        ),
      },
      { status: 422 },
    );
  const actor = { id: user.id, ip: clientIp };
  const value = submission.value;
  const outcome =
    value.intent === "delete"
      ? await services.listings.attributes.removeDefinition(actor, value.id ?? 0)
      : await services.listings.attributes.saveDefinition(actor, {
          id: value.id,
          categoryId: value.categoryId,
          key: value.key,
          type: value.type,
          unit: value.unit,
          labelCs: value.labelCs,
          labelEn: value.labelEn,
          options: value.options,
          required: value.required,
          facet: value.facet,
          suggested: value.suggested,
          position: value.position,
        });
  if (!outcome.ok && outcome.code === "not_found")
    throw data(translate(locale, "errors.notFound"), { status: 404 });
  if (!outcome.ok)
    return data<AttributeReply>(
      { id: formId, errors: { key: [translate(locale, "listingAttributes.admin.duplicate")] } },
      { status: 409 },
    );
  throw redirect(`${localePath("adminAttributes", locale)}?saved=1`);
}

export default function AdminAttributes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = actionData as AttributeReply;
  const { categories, definitions } = loaderData;
  const names = new Map(categories.map((category) => [category.id, category.label.replace(/^(— )+/, "")]));
  return (
    <section className="flex flex-col gap-6" data-testid="admin-attributes">
      <PageTitle lead={t("listingAttributes.admin.lead")}>{t("listingAttributes.admin.title")}</PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("listingAttributes.admin.saved")}</Notice> : null}
      {definitions.map((definition) => (
        <Section
          key={definition.id}
          title={`${names.get(definition.categoryId) ?? ""} · ${definition.labelCs} (${definition.key})`}
        >
          <AttributeForm definition={definition} categories={categories} reply={reply} />
        </Section>
      ))}
      <Section title={t("listingAttributes.admin.add")}>
        <AttributeForm categories={categories} reply={reply} />
      </Section>
    </section>
  );
}
