import { data, Form, Link, redirect } from "react-router";
import { type SentValues, shown } from "#app/components/admin/catalog/fields.tsx";
import {
  buttonClass,
  dangerButtonClass,
  Notice,
  PageTitle,
  Refusal,
  Section,
} from "#app/components/admin/catalog/ui.tsx";
import { RichTextField } from "#app/components/admin/content/rich-text-editor.tsx";
import { type FormReply, parseForm, useSchemaForm } from "#app/components/forms/conform.ts";
import { FormError, TextField } from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { InfoPageFormSchema } from "#core/schemas/admin-content.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/info-page";
import { notFound, pathId, translatedErrors } from "./form.server.ts";

/**
 * One info page, or a new one at `new` (docs/product/back-office.md, "Content"): titles, slugs and
 * the rich-text bodies in both languages; deleting it, except the terms (1) and privacy (2).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.pages.title"), noindex: true }));
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const id = pathId(context, params.id);
  const saved = new URL(request.url).searchParams.has("saved");
  if (id === null) return { page: null, saved };
  const page = await context.get(appContext).services.contentAdmin.infoPages.byId(id);
  if (!page) notFound(context);
  return { page, saved };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "content");
  const { services, locale, clientIp } = context.get(appContext);
  const id = pathId(context, params.id);
  const actor = { actorId: user.id, ip: clientIp };
  const formData = await request.formData();
  if (formData.get("intent") === "delete" && id !== null) {
    const result = await services.contentAdmin.infoPages.remove(id, actor);
    if (!result) notFound(context);
    if (!result.ok) {
      return data(
        {
          status: "error",
          error: { "": [translate(locale, "adminContent.errors.fixedPage")] },
        } satisfies FormReply,
        {
          status: 409,
        },
      );
    }
    throw redirect(`${localePath("adminInfoPages", locale)}?deleted=1`);
  }
  const submission = parseForm(formData, InfoPageFormSchema, locale);
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const result = await services.contentAdmin.infoPages.save(id, submission.value, actor);
  if (!result) notFound(context);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: translatedErrors(context, result.errors) }), { status: 422 });
  }
  throw redirect(`${localePath("adminInfoPage", locale, { id: String(result.value.id) })}?saved=1`);
}

type Page = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

function InfoPageForm({ page, reply }: { page: Page | null; reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const [form] = useSchemaForm(InfoPageFormSchema, reply, { id: "info-page" });
  const errors = form.allErrors;
  const sent = reply?.initialValue as SentValues | undefined;
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-6">
      <input type="hidden" name="intent" value="save" />
      <FormError messages={form.errors} />
      {(["Cs", "En"] as const).map((suffix) => (
        <Section key={suffix} title={t(`adminContent.common.${suffix === "Cs" ? "cs" : "en"}`)}>
          <div className="grid gap-4 tablet:grid-cols-2">
            <TextField
              name={`title${suffix}`}
              label={t(`adminContent.common.title${suffix}`)}
              errors={errors}
              required={suffix === "Cs"}
              maxLength={200}
              defaultValue={shown(sent, `title${suffix}`, page?.[`title${suffix}`])}
            />
            <TextField
              name={`slug${suffix}`}
              label={t(`adminContent.common.slug${suffix}`)}
              errors={errors}
              required={false}
              hint={t("adminContent.common.slugHint")}
              defaultValue={shown(sent, `slug${suffix}`, page?.[`slug${suffix}`])}
            />
          </div>
          <RichTextField
            name={`body${suffix}`}
            label={t(`adminContent.common.body${suffix}`)}
            errors={errors}
            defaultValue={shown(sent, `body${suffix}`, page?.[`body${suffix}`])}
          />
        </Section>
      ))}
      <div>
        <button type="submit" className={buttonClass}>
          {t("admin.save")}
        </button>
      </div>
    </Form>
  );
}

export default function AdminInfoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { page } = loaderData;
  const refusal = actionData?.error?.[""] ?? null;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-info-page">
      <Link to={localePath("adminInfoPages", locale)} className="text-sm text-primary-dark underline">
        {t("admin.back")}
      </Link>
      <PageTitle>
        {page ? t("adminContent.pages.editTitle", { title: page.titleCs }) : t("adminContent.pages.newTitle")}
      </PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("admin.saved")}</Notice> : null}
      {page ? (
        <p>
          <a
            href={localePath("info", locale, {
              id: String(page.id),
              slug: (locale === "en" && page.slugEn) || page.slugCs,
            })}
            className="text-primary-dark underline"
          >
            {t("adminContent.common.view")}
          </a>
        </p>
      ) : null}
      <InfoPageForm
        key={page ? `${page.id}-${page.updatedAt}` : "new"}
        page={page}
        reply={refusal ? undefined : actionData}
      />
      {page && !page.fixed ? (
        <Section title={t("admin.delete")}>
          <Refusal messages={refusal} />
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className={dangerButtonClass}>
              {t("admin.delete")}
            </button>
          </Form>
        </Section>
      ) : null}
    </div>
  );
}
