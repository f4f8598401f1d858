import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import InfoPage from "#app/routes/info.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/info-page-preview";
import { notFound, pathId } from "./form.server.ts";
import { PreviewNotice, previewHeaders } from "./preview-notice.tsx";

/**
 * The editors' preview of an info page (docs/product/back-office.md, "Content"): its saved draft, or
 * a page never published, rendered by the public page's own component. Staff with the content scope
 * only (anyone else gets 403), never indexed nor kept by caches.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: `${t("adminContent.pages.preview")}: ${args.loaderData?.page.title ?? ""}`,
    noindex: true,
  }));
}

export const headers = previewHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const { services, locale } = context.get(appContext);
  const id = pathId(context, params.id);
  const preview = id === null ? null : await services.contentAdmin.infoPages.preview(id, locale);
  if (!preview) notFound(context);
  return { id: preview.id, published: preview.published, page: { title: preview.title, body: preview.body } };
}

export default function InfoPagePreview(props: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { id, published } = props.loaderData;
  return (
    <>
      <PreviewNotice
        notice={t(
          published ? "adminContent.pages.previewNotice" : "adminContent.pages.previewNoticeUnpublished",
        )}
        editor={localePath("adminInfoPage", locale, { id: String(id) })}
      />
      <InfoPage {...(props as unknown as Parameters<typeof InfoPage>[0])} />
    </>
  );
}
