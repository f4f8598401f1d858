import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { dangerButtonClass, Notice, PageTitle, Section } from "#app/features/admin/catalog/ui.tsx";
import { BlogPostForm } from "#app/features/admin/content/blog-post-form.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BlogPostFormSchema } from "#core/schemas/admin-content.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/blog-post";
import { notFound, pathId, readContentForm, tooLarge, translatedErrors, uploadOf } from "./form.server.ts";

/**
 * One blog article, or a new one at `new` (docs/product/back-office.md, "Content"): both languages
 * with the rich-text editor, category, author, cover, and publishing (draft, now, scheduled); a
 * preview in the public design; deleting it.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.blog.title"), noindex: true }));
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireScope(context, "content");
  const { services } = context.get(appContext);
  const id = pathId(context, params.id);
  const [post, categories] = await Promise.all([
    id === null ? null : services.contentAdmin.blogPosts.byId(id),
    services.contentAdmin.blogCategories.list(),
  ]);
  if (id !== null && !post) notFound(context);
  return {
    post,
    categories: categories.map((category) => ({ id: category.id, name: category.nameCs })),
    authorName: [user.firstname, user.lastname].filter(Boolean).join(" "),
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "content");
  const { services, locale, clientIp } = context.get(appContext);
  const id = pathId(context, params.id);
  const actor = { actorId: user.id, ip: clientIp };
  const formData = await readContentForm(request);
  if (!formData) return data(tooLarge(context, "image"), { status: 413 });
  if (formData.get("intent") === "delete" && id !== null) {
    if (!(await services.contentAdmin.blogPosts.remove(id, actor))) notFound(context);
    throw redirect(`${localePath("adminBlogPosts", locale)}?deleted=1`);
  }
  const submission = parseForm(formData, BlogPostFormSchema, locale);
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const upload = await uploadOf(formData, "image");
  const posts = services.contentAdmin.blogPosts;
  const result =
    id === null
      ? await posts.create(submission.value, upload?.bytes ?? null, actor)
      : await posts.update(id, submission.value, upload?.bytes ?? null, actor);
  if (!result) notFound(context);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: translatedErrors(context, result.details) }), {
      status: 422,
    });
  }
  throw redirect(`${localePath("adminBlogPost", locale, { id: String(result.value.id) })}?saved=1`);
}

export default function AdminBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { post } = loaderData;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-blog-post">
      <Link to={localePath("adminBlogPosts", locale)} className="text-sm text-primary-dark underline">
        {t("admin.back")}
      </Link>
      <PageTitle>
        {post ? t("adminContent.blog.editTitle", { title: post.titleCs }) : t("adminContent.blog.newTitle")}
      </PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("admin.saved")}</Notice> : null}
      {post ? (
        <p className="flex flex-wrap items-center gap-4">
          <span data-testid="post-state" className="rounded-full bg-light px-3 py-1 text-sm font-semibold">
            {t(`adminContent.blog.states.${post.state}`)}
          </span>
          <Link
            to={localePath("adminBlogPreview", locale, { id: String(post.id) })}
            className="text-primary-dark underline"
            data-testid="post-preview"
          >
            {t("adminContent.blog.preview")}
          </Link>
        </p>
      ) : null}
      <BlogPostForm
        key={post ? `${post.id}-${post.updatedAt}` : "new"}
        values={post}
        categories={loaderData.categories}
        authorName={loaderData.authorName}
        reply={actionData}
      />
      {post ? (
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
