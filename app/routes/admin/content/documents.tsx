import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { type SentValues, shown, TextAreaField } from "#app/features/admin/catalog/fields.tsx";
import {
  buttonClass,
  dangerButtonClass,
  Notice,
  PageTitle,
  Section,
} from "#app/features/admin/catalog/ui.tsx";
import { FileField } from "#app/features/admin/content/file-field.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { DocumentFormSchema } from "#core/schemas/admin-content.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/documents";
import {
  notFound,
  noticeOf,
  readContentForm,
  selectedId,
  tooLarge,
  translatedErrors,
  uploadOf,
} from "./form.server.ts";

/**
 * The documents to download (docs/product/back-office.md, "Content"): a PDF upload (checked by its
 * signature, 10 MB at most) with titles and descriptions in both languages and an order; `?id=`
 * opens one to change its texts or delete it.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminContent.documents.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "content");
  const url = new URL(request.url);
  const documents = await context.get(appContext).services.contentAdmin.documents.list();
  const id = selectedId(url);
  return {
    documents,
    selected: documents.find((document) => document.id === id) ?? null,
    notice: noticeOf(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireScope(context, "content");
  const { services, locale, clientIp } = context.get(appContext);
  const actor = { actorId: user.id, ip: clientIp };
  const id = selectedId(new URL(request.url));
  const list = localePath("adminDocuments", locale);
  const formData = await readContentForm(request);
  if (!formData) return data(tooLarge(context, "file"), { status: 413 });
  if (formData.get("intent") === "delete" && id !== null) {
    if (!(await services.contentAdmin.documents.remove(id, actor))) notFound(context);
    throw redirect(`${list}?deleted=1`);
  }
  const submission = parseForm(formData, DocumentFormSchema, locale);
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  if (id !== null) {
    if (!(await services.contentAdmin.documents.update(id, submission.value, actor))) notFound(context);
    throw redirect(`${list}?id=${id}&saved=1`);
  }
  const upload = await uploadOf(formData, "file");
  const result = await services.contentAdmin.documents.create(
    submission.value,
    upload?.bytes ?? null,
    upload?.name ?? "",
    actor,
  );
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: translatedErrors(context, result.details) }), {
      status: 422,
    });
  }
  throw redirect(`${list}?saved=1`);
}

type Document = Route.ComponentProps["loaderData"]["documents"][number];

function DocumentForm({ document, reply }: { document: Document | null; reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const [form] = useSchemaForm(DocumentFormSchema, reply, { id: "document" });
  const errors = form.allErrors;
  const sent = reply?.initialValue as SentValues | undefined;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
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
        name="titleCs"
        label={t("adminContent.common.titleCs")}
        errors={errors}
        defaultValue={shown(sent, "titleCs", document?.titleCs)}
      />
      <TextField
        name="titleEn"
        label={t("adminContent.common.titleEn")}
        errors={errors}
        required={false}
        defaultValue={shown(sent, "titleEn", document?.titleEn)}
      />
      <TextAreaField
        name="descriptionCs"
        label={t("adminContent.documents.descriptionCs")}
        errors={errors}
        rows={2}
        defaultValue={shown(sent, "descriptionCs", document?.descriptionCs)}
      />
      <TextAreaField
        name="descriptionEn"
        label={t("adminContent.documents.descriptionEn")}
        errors={errors}
        rows={2}
        defaultValue={shown(sent, "descriptionEn", document?.descriptionEn)}
      />
      <TextField
        name="position"
        label={t("adminContent.common.position")}
        errors={errors}
        inputMode="numeric"
        defaultValue={shown(sent, "position", String(document?.position ?? 0))}
      />
      {document ? null : (
        <FileField
          name="file"
          label={t("adminContent.documents.file")}
          hint={t("adminContent.documents.fileHint")}
          accept="application/pdf"
          required
          errors={errors}
        />
      )}
      <div className="tablet:col-span-2">
        <button type="submit" className={buttonClass}>
          {document ? t("admin.save") : t("adminContent.documents.add")}
        </button>
      </div>
    </Form>
  );
}

const size = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("cs-CZ")} kB`;

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { selected } = loaderData;
  const list = localePath("adminDocuments", locale);
  return (
    <div className="flex flex-col gap-6" data-testid="admin-documents">
      <PageTitle>{t("adminContent.documents.title")}</PageTitle>
      {loaderData.notice && !actionData ? (
        <Notice>{t(loaderData.notice === "deleted" ? "adminContent.common.deleted" : "admin.saved")}</Notice>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("adminContent.documents.caption")}</caption>
          <thead className="border-b border-line bg-light">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.common.titleCs")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.common.position")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.documents.size")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminContent.documents.file")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.documents.map((document) => (
              <tr key={document.id} className="border-b border-line last:border-0">
                <td className="px-3 py-2">
                  <Link to={`${list}?id=${document.id}`} className="text-primary-dark underline">
                    {document.titleCs}
                  </Link>
                </td>
                <td className="px-3 py-2">{document.position}</td>
                <td className="px-3 py-2">{size(document.sizeBytes)}</td>
                <td className="px-3 py-2">
                  <a href={document.filePath} className="text-primary-dark underline">
                    {document.fileName}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Section title={selected ? selected.titleCs : t("adminContent.documents.addTitle")}>
        {selected ? (
          <Link to={list} className="text-sm text-primary-dark underline">
            {t("adminContent.documents.add")}
          </Link>
        ) : null}
        <DocumentForm key={selected?.id ?? "new"} document={selected} reply={actionData} />
      </Section>
      {selected ? (
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
