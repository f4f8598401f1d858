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
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BlogCategoryFormSchema } from "#core/schemas/admin-content.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/blog-categories";
import { notFound, noticeOf, selectedId, translatedErrors } from "./form.server.ts";

/**
 * The blog's categories (docs/product/back-office.md, "Content"): names and slugs in both
 * languages and their order; `?id=` opens one for editing; an empty one can be deleted.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.categories.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const url = new URL(request.url);
  const categories = await context.get(appContext).services.contentAdmin.blogCategories.list();
  const id = selectedId(url);
  return {
    categories,
    selected: categories.find((category) => category.id === id) ?? null,
    notice: noticeOf(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "content");
  const { services, locale, clientIp } = context.get(appContext);
  const actor = { actorId: user.id, ip: clientIp };
  const id = selectedId(new URL(request.url));
  const formData = await request.formData();
  const list = localePath("adminBlogCategories", locale);
  if (formData.get("intent") === "delete" && id !== null) {
    const result = await services.contentAdmin.blogCategories.remove(id, actor);
    if (!result) notFound(context);
    if (!result.ok) {
      const reply: FormReply = {
        status: "error",
        error: { "": translatedErrors(context, result.details).form },
      };
      return data(reply, { status: 409 });
    }
    throw redirect(`${list}?deleted=1`);
  }
  const submission = parseForm(formData, BlogCategoryFormSchema, locale);
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const result = await services.contentAdmin.blogCategories.save(id, submission.value, actor);
  if (!result) notFound(context);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: translatedErrors(context, result.details) }), {
      status: 422,
    });
  }
  throw redirect(`${list}?id=${result.value.id}&saved=1`);
}

type Category = Route.ComponentProps["loaderData"]["categories"][number];

function CategoryForm({ category, reply }: { category: Category | null; reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const [form] = useSchemaForm(BlogCategoryFormSchema, reply, { id: "blog-category" });
  const errors = form.allErrors;
  const sent = reply?.initialValue as SentValues | undefined;
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="grid gap-4 tablet:grid-cols-2"
    >
      <input type="hidden" name="intent" value="save" />
      <div className="tablet:col-span-2">
        <FormError messages={form.errors} />
      </div>
      <TextField
        name="nameCs"
        label={t("adminContent.categories.nameCs")}
        errors={errors}
        defaultValue={shown(sent, "nameCs", category?.nameCs)}
      />
      <TextField
        name="nameEn"
        label={t("adminContent.categories.nameEn")}
        errors={errors}
        required={false}
        defaultValue={shown(sent, "nameEn", category?.nameEn)}
      />
      <TextField
        name="slugCs"
        label={t("adminContent.common.slugCs")}
        errors={errors}
        required={false}
        hint={t("adminContent.common.slugHint")}
        defaultValue={shown(sent, "slugCs", category?.slugCs)}
      />
      <TextField
        name="slugEn"
        label={t("adminContent.common.slugEn")}
        errors={errors}
        required={false}
        hint={t("adminContent.common.slugHint")}
        defaultValue={shown(sent, "slugEn", category?.slugEn)}
      />
      <TextField
        name="position"
        label={t("adminContent.common.position")}
        errors={errors}
        inputMode="numeric"
        defaultValue={shown(sent, "position", String(category?.position ?? 0))}
      />
      <div className="self-end">
        <button type="submit" className={buttonClass}>
          {t("admin.save")}
        </button>
      </div>
    </Form>
  );
}

export default function AdminBlogCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { selected } = loaderData;
  const list = localePath("adminBlogCategories", locale);
  const refusal = actionData?.error?.[""] ?? null;
  return (
    <div className="flex flex-col gap-6" data-testid="admin-blog-categories">
      <PageTitle>{t("adminContent.categories.title")}</PageTitle>
      {loaderData.notice && !actionData ? (
        <Notice>{t(loaderData.notice === "deleted" ? "adminContent.common.deleted" : "admin.saved")}</Notice>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("adminContent.categories.caption")}</caption>
          <thead className="border-b border-line bg-light">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.categories.nameCs")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.categories.nameEn")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.common.position")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.categories.posts")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.categories.map((category) => (
              <tr
                key={category.id}
                className="border-b border-line last:border-0"
                aria-current={category.id === selected?.id || undefined}
              >
                <td className="px-3 py-2">
                  <Link to={`${list}?id=${category.id}`} className="text-primary-dark underline">
                    {category.nameCs}
                  </Link>
                </td>
                <td className="px-3 py-2">{category.nameEn ?? "—"}</td>
                <td className="px-3 py-2">{category.position}</td>
                <td className="px-3 py-2">{category.postsCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Section title={selected ? selected.nameCs : t("adminContent.categories.addTitle")}>
        {selected ? (
          <Link to={list} className="text-sm text-primary-dark underline">
            {t("adminContent.categories.add")}
          </Link>
        ) : null}
        <CategoryForm
          key={selected?.id ?? "new"}
          category={selected}
          reply={refusal ? undefined : actionData}
        />
      </Section>
      {selected ? (
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
