import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { catalogFailureAnswer } from "#app/features/admin/catalog/failure.server.ts";
import { AddPackage, type PackageReply, PackageRow } from "#app/features/admin/catalog/package-forms.tsx";
import { Notice, PageTitle, Section } from "#app/features/admin/catalog/ui.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PackagePageForm } from "#core/schemas/admin-catalog.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/packages";

/**
 * Package kinds (docs/product/back-office.md, "Catalogue"): add, rename in both languages, order
 * the list sellers choose from, delete one no product uses. Every change audited.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminCatalog.packages.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  return {
    items: (await services.catalogAdmin.packages()).map(({ id, nameCs, nameEn, productCount }) => ({
      id,
      nameCs,
      nameEn,
      productCount,
    })),
    saved: url.searchParams.has("saved"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), PackagePageForm, locale);
  const intent = String(submission.payload.intent ?? "");
  const id = String(submission.payload.id ?? "");
  if (submission.status !== "success")
    return data({ intent, id, result: submission.reply() }, { status: 422 });
  const actor = { id: user.id, ip: clientIp };
  const value = submission.value;
  const admin = services.catalogAdmin;
  const outcome =
    value.intent === "create"
      ? await admin.createPackage(actor, { nameCs: value.nameCs, nameEn: value.nameEn })
      : value.intent === "update"
        ? await admin.updatePackage(actor, value.id, { nameCs: value.nameCs, nameEn: value.nameEn })
        : value.intent === "reorder"
          ? await admin.reorderPackage(actor, value.id, value.direction)
          : await admin.deletePackage(actor, value.id);
  if (!outcome.ok) return catalogFailureAnswer(locale, outcome, submission, { intent, id });
  throw redirect(`${localePath("adminPackages", locale)}?saved=1`);
}

export default function AdminPackages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = actionData as PackageReply;
  const { items } = loaderData;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-packages">
      <PageTitle>{t("adminCatalog.packages.title")}</PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("adminCatalog.saved")}</Notice> : null}
      <Section title={t("adminCatalog.packages.order")}>
        <ul className="divide-y divide-line">
          {items.map((item, index) => (
            <PackageRow
              key={item.id}
              item={item}
              first={index === 0}
              last={index === items.length - 1}
              reply={reply}
            />
          ))}
        </ul>
      </Section>
      <AddPackage reply={reply} />
    </section>
  );
}
