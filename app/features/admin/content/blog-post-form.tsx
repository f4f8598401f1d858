import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SelectField, TextField } from "#app/ui/forms/fields.tsx";
import { BlogPostFormSchema, PUBLISH_MODES } from "#core/schemas/admin-content.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import { type SentValues, shown, TextAreaField } from "../catalog/fields.tsx";
import { buttonClass, Section } from "../catalog/ui.tsx";
import { DateTimeField } from "./banner-form.tsx";
import { FileField } from "./file-field.tsx";
import { RichTextField } from "./rich-text-editor.tsx";

export type BlogPostValues = {
  titleCs: string;
  titleEn: string | null;
  slugCs: string;
  slugEn: string | null;
  perexCs: string;
  perexEn: string | null;
  bodyCs: string;
  bodyEn: string | null;
  categoryId: number | null;
  authorName: string | null;
  image: string | null;
  publishedAt: string | null;
  state: "draft" | "scheduled" | "published";
};

const MODE_OF_STATE = { draft: "draft", scheduled: "schedule", published: "now" } as const;

/** An article's form: both languages, the rich-text bodies, category, author, cover, publishing. */
export function BlogPostForm({
  values,
  categories,
  authorName,
  reply,
}: {
  values: BlogPostValues | null;
  categories: { id: number; name: string }[];
  authorName: string;
  reply: FormReply | undefined;
}) {
  const [form] = useSchemaForm(BlogPostFormSchema, reply, { id: "blog-post" });
  const errors = form.allErrors;
  const sent = reply?.initialValue as SentValues | undefined;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-6"
    >
      <input type="hidden" name="intent" value="save" />
      <FormError messages={form.errors} />
      {(["cs", "en"] as const).map((lang) => (
        <LanguageSection key={lang} lang={lang} values={values} sent={sent} errors={errors} />
      ))}
      <PublishSection
        values={values}
        categories={categories}
        authorName={authorName}
        sent={sent}
        errors={errors}
      />
    </Form>
  );
}

type Errors = Record<string, string[] | undefined>;

/** One language's title, slug, perex and rich-text body. */
function LanguageSection({
  lang,
  values,
  sent,
  errors,
}: {
  lang: "cs" | "en";
  values: BlogPostValues | null;
  sent: SentValues | undefined;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const suffix = lang === "cs" ? "Cs" : "En";
  return (
    <Section title={t(`adminContent.common.${lang}`)}>
      <div className="grid gap-4 tablet:grid-cols-2">
        <TextField
          name={`title${suffix}`}
          label={t(`adminContent.common.title${suffix}`)}
          errors={errors}
          required={lang === "cs"}
          maxLength={200}
          defaultValue={shown(sent, `title${suffix}`, values?.[`title${suffix}`])}
        />
        <TextField
          name={`slug${suffix}`}
          label={t(`adminContent.common.slug${suffix}`)}
          errors={errors}
          required={false}
          hint={t("adminContent.common.slugHint")}
          defaultValue={shown(sent, `slug${suffix}`, values?.[`slug${suffix}`])}
        />
      </div>
      <TextAreaField
        name={`perex${suffix}`}
        label={t(`adminContent.blog.perex${suffix}`)}
        errors={errors}
        rows={3}
        defaultValue={shown(sent, `perex${suffix}`, values?.[`perex${suffix}`])}
      />
      <RichTextField
        name={`body${suffix}`}
        label={t(`adminContent.common.body${suffix}`)}
        errors={errors}
        defaultValue={shown(sent, `body${suffix}`, values?.[`body${suffix}`])}
      />
    </Section>
  );
}

/** Category, author, cover and when the article comes out. */
function PublishSection({
  values,
  categories,
  authorName,
  sent,
  errors,
}: {
  values: BlogPostValues | null;
  categories: { id: number; name: string }[];
  authorName: string;
  sent: SentValues | undefined;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const mode = shown(sent, "publish", values ? MODE_OF_STATE[values.state] : "draft");
  const publishAt =
    values?.state === "scheduled" && values.publishedAt
      ? toPragueLocalInput(new Date(values.publishedAt))
      : "";
  return (
    <Section title={t("adminContent.blog.publish")}>
      <div className="grid gap-4 tablet:grid-cols-2">
        <SelectField
          name="categoryId"
          label={t("adminContent.blog.category")}
          errors={errors}
          required={false}
          placeholder={t("adminContent.blog.noCategory")}
          defaultValue={shown(sent, "categoryId", values?.categoryId ? String(values.categoryId) : "")}
          options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        />
        <TextField
          name="authorName"
          label={t("adminContent.blog.author")}
          errors={errors}
          required={false}
          defaultValue={shown(sent, "authorName", values ? values.authorName : authorName)}
        />
      </div>
      <FileField
        name="image"
        label={t("adminContent.blog.cover")}
        hint={t("adminContent.common.imageHint")}
        accept="image/jpeg,image/png,image/webp"
        required={false}
        errors={errors}
        current={values?.image ?? null}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">{t("adminContent.blog.publish")}</legend>
        {PUBLISH_MODES.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="publish"
              value={value}
              defaultChecked={mode === value}
              className="size-4 accent-primary-dark"
            />
            {t(`adminContent.blog.publishModes.${value}`)}
          </label>
        ))}
      </fieldset>
      <DateTimeField
        name="publishAt"
        label={t("adminContent.blog.publishAt")}
        hint={t("adminContent.common.pragueTime")}
        errors={errors}
        defaultValue={shown(sent, "publishAt", publishAt)}
      />
      <div>
        <button type="submit" className={buttonClass}>
          {t("admin.save")}
        </button>
      </div>
    </Section>
  );
}
