import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import BlogArticle from "#app/routes/blog/article.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/blog-preview";
import { notFound, pathId } from "./form.server.ts";
import { PreviewNotice, previewHeaders } from "./preview-notice.tsx";

/**
 * The editors' preview (docs/product/back-office.md, "Content"): an article, a draft or a scheduled
 * one too, in the public article's design. Staff with the content scope only (anyone else gets
 * 403), never indexed nor kept by caches.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: `${t("adminContent.blog.preview")}: ${args.loaderData?.post.title ?? ""}`,
    noindex: true,
  }));
}

export const headers = previewHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const { services, locale, config } = context.get(appContext);
  const id = pathId(context, params.id);
  const post = id === null ? null : await services.contentAdmin.blogPosts.preview(id, locale);
  if (!post) notFound(context);
  return { post, locale, origin: config.publicUrl };
}

export default function BlogPreview(props: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { post } = props.loaderData;
  return (
    <>
      <PreviewNotice
        notice={t("adminContent.blog.previewNotice")}
        editor={localePath("adminBlogPost", locale, { id: String(post.id) })}
      />
      <BlogArticle {...(props as unknown as Parameters<typeof BlogArticle>[0])} />
    </>
  );
}
