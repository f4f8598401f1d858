import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { type SentValues, shown } from "#app/features/admin/catalog/fields.tsx";
import {
  buttonClass,
  dangerButtonClass,
  Notice,
  PageTitle,
  Refusal,
  Section,
} from "#app/features/admin/catalog/ui.tsx";
import { RichTextField } from "#app/features/admin/content/rich-text-editor.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { InfoPageFormSchema } from "#core/schemas/admin-content.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/info-page";
import { notFound, pathId, translatedErrors } from "./form.server.ts";

/**
 * One info page, or a new one at `new` (docs/product/back-office.md, "Content"): titles, slugs and
 * the rich-text bodies in both languages, saved as a draft the public does not see; its preview,
 * publishing the draft or discarding it; deleting the page, except the terms (1) and privacy (2).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.pages.title"), noindex: true }));
}

const NOTICES = ["saved", "published", "discarded"] as const;
type NoticeName = (typeof NOTICES)[number];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const id = pathId(context, params.id);
  const query = new URL(request.url).searchParams;
  const notice = NOTICES.find((name) => query.has(name)) ?? null;
  if (id === null) return { page: null, notice };
  const page = await context.get(appContext).services.contentAdmin.infoPages.byId(id);
  if (!page) notFound(context);
  return { page, notice };
}

/** A refused publish, discard or delete: said above its own button. */
type Refused = { refused: { intent: string; messages: string[] } };

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "content");
  const { services, locale, clientIp } = context.get(appContext);
  const id = pathId(context, params.id);
  const actor = { actorId: user.id, ip: clientIp };
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const pages = services.contentAdmin.infoPages;
  const pagePath = (notice: NoticeName, pageId: number) =>
    `${localePath("adminInfoPage", locale, { id: String(pageId) })}?${notice}=1`;
  if (id !== null && (intent === "delete" || intent === "publish" || intent === "discard")) {
    const result =
      intent === "delete"
        ? await pages.remove(id, actor)
        : intent === "publish"
          ? await pages.publish(id, actor)
          : await pages.discardDraft(id, actor);
    if (!result) notFound(context);
    if (!result.ok) {
      const messages = translatedErrors(context, result.details).form ?? [];
      return data({ refused: { intent, messages } } satisfies Refused, { status: 409 });
    }
    if (intent === "delete") throw redirect(`${localePath("adminInfoPages", locale)}?deleted=1`);
    throw redirect(pagePath(intent === "publish" ? "published" : "discarded", id));
  }
  const submission = parseForm(formData, InfoPageFormSchema, locale);
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const result = await pages.save(id, submission.value, actor);
  if (!result) notFound(context);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: translatedErrors(context, result.details) }), {
      status: 422,
    });
  }
  throw redirect(pagePath("saved", result.value.id));
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
          {t("adminContent.pages.saveDraft")}
        </button>
      </div>
    </Form>
  );
}

/** The page's state, its preview and public page, and publishing or discarding its draft. */
function Publishing({ page, refused }: { page: Page; refused: Refused["refused"] | null }) {
  const { t, locale } = useTranslation();
  const id = String(page.id);
  const live = page.published;
  return (
    <Section title={t("adminContent.pages.publishing")}>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span
          data-testid="page-state"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${page.state === "published" ? "bg-success/15" : "bg-secondary/20"}`}
        >
          {t(`adminContent.pages.states.${page.state}`)}
        </span>
        <Link
          to={localePath("adminInfoPagePreview", locale, { id })}
          className="text-primary-dark underline"
          data-testid="page-preview"
        >
          {t("adminContent.pages.preview")}
        </Link>
        {live ? (
          <a
            href={localePath("info", locale, { id, slug: (locale === "en" && live.slugEn) || live.slugCs })}
            className="text-primary-dark underline"
          >
            {t("adminContent.common.view")}
          </a>
        ) : null}
      </p>
      <p className="text-sm text-muted">{t(`adminContent.pages.${page.state}Hint`)}</p>
      {refused && refused.intent !== "delete" ? <Refusal messages={refused.messages} /> : null}
      {page.state === "published" ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <button type="submit" className={buttonClass}>
              {t("adminContent.pages.publish")}
            </button>
          </Form>
          {page.state === "changed" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="discard" />
              <button type="submit" className={dangerButtonClass}>
                {t("adminContent.pages.discardDraft")}
              </button>
            </Form>
          ) : null}
          <p className="basis-full text-sm text-muted">{t("adminContent.pages.publishHint")}</p>
        </div>
      )}
    </Section>
  );
}

function noticeText(t: ReturnType<typeof useTranslation>["t"], notice: NoticeName, page: Page | null) {
  if (notice === "published") return t("adminContent.pages.published");
  if (notice === "discarded") return t("adminContent.pages.discarded");
  return page?.state === "changed" ? t("adminContent.pages.draftSaved") : t("admin.saved");
}

export default function AdminInfoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { page, notice } = loaderData;
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  const reply = actionData && !("refused" in actionData) ? actionData : undefined;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-info-page">
      <Link to={localePath("adminInfoPages", locale)} className="text-sm text-primary-dark underline">
        {t("admin.back")}
      </Link>
      <PageTitle>
        {page ? t("adminContent.pages.editTitle", { title: page.titleCs }) : t("adminContent.pages.newTitle")}
      </PageTitle>
      {notice && !actionData ? <Notice>{noticeText(t, notice, page)}</Notice> : null}
      {page ? <Publishing page={page} refused={refused} /> : null}
      <InfoPageForm
        key={page ? `${page.id}-${page.updatedAt}-${page.state}` : "new"}
        page={page}
        reply={reply}
      />
      {page && !page.fixed ? (
        <Section title={t("admin.delete")}>
          {refused?.intent === "delete" ? <Refusal messages={refused.messages} /> : null}
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
