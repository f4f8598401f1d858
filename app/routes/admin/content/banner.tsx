import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { dangerButtonClass, Notice, PageTitle, Section } from "#app/features/admin/catalog/ui.tsx";
import { BannerForm } from "#app/features/admin/content/banner-form.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BannerFormSchema } from "#core/schemas/admin-content.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/banner";
import { notFound, pathId, readContentForm, tooLarge, translatedErrors, uploadOf } from "./form.server.ts";

/**
 * One banner, or a new one at `new` (docs/product/back-office.md, "Content"): its fields, schedule
 * and image; deleting it. A refusal keeps what was typed (the image is chosen again).
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.banners.title"), noindex: true }));
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const id = pathId(context, params.id);
  const saved = new URL(request.url).searchParams.has("saved");
  if (id === null) return { banner: null, saved };
  const banner = await context.get(appContext).services.contentAdmin.banners.byId(id);
  if (!banner) notFound(context);
  return { banner, saved };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "content");
  const { services, locale, clientIp } = context.get(appContext);
  const id = pathId(context, params.id);
  const actor = { actorId: user.id, ip: clientIp };
  const formData = await readContentForm(request);
  const list = localePath("adminBanners", locale);
  if (!formData) {
    return data(tooLarge(context, "image"), { status: 413 });
  }
  if (formData.get("intent") === "delete" && id !== null) {
    if (!(await services.contentAdmin.banners.remove(id, actor))) notFound(context);
    throw redirect(`${list}?deleted=1`);
  }
  const submission = parseForm(formData, BannerFormSchema, locale);
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const upload = await uploadOf(formData, "image");
  const result =
    id === null
      ? await services.contentAdmin.banners.create(submission.value, upload?.bytes ?? null, actor)
      : await services.contentAdmin.banners.update(id, submission.value, upload?.bytes ?? null, actor);
  if (!result) notFound(context);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: translatedErrors(context, result.details) }), {
      status: 422,
    });
  }
  throw redirect(`${localePath("adminBanner", locale, { id: String(result.value.id) })}?saved=1`);
}

export default function AdminBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { banner } = loaderData;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-banner">
      <Link to={localePath("adminBanners", locale)} className="text-sm text-primary-dark underline">
        {t("admin.back")}
      </Link>
      <PageTitle>
        {banner
          ? t("adminContent.banners.editTitle", { title: banner.title })
          : t("adminContent.banners.newTitle")}
      </PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("admin.saved")}</Notice> : null}
      <BannerForm
        key={banner ? `${banner.id}-${banner.imageUrl}` : "new"}
        values={banner}
        reply={actionData}
      />
      {banner ? (
        <Section title={t("admin.delete")}>
          <Form method="post" encType="multipart/form-data">
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
