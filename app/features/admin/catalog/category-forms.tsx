import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { CheckboxField, FormError, SelectField, TextField } from "#app/ui/forms/fields.tsx";
import {
  CategoryCreateForm,
  CategoryDeleteForm,
  CategoryMoveForm,
  CategorySaveForm,
} from "#core/schemas/admin-catalog.ts";
import { type SentValues, shown, TextAreaField } from "./fields.tsx";
import { buttonClass, dangerButtonClass, Section } from "./ui.tsx";

export type CategoryValues = {
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  descriptionCs: string | null;
  descriptionEn: string | null;
  isActive: boolean;
  premoderated: boolean;
};
export type ParentOption = { value: string; label: string };

type Reply = { intent: string; result: FormReply } | undefined;
const replyOf = (reply: Reply, intent: string) => (reply?.intent === intent ? reply.result : undefined);

/** Names, slugs and descriptions in both languages, the switches; for a new one its parent too. */
export function CategoryFieldsForm({
  values,
  parents,
  parentId,
  reply,
}: {
  values: CategoryValues | null;
  parents: ParentOption[];
  parentId: number | null;
  reply: Reply;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const creating = values === null;
  const result = replyOf(reply, creating ? "create" : "save");
  const [form] = useSchemaForm(creating ? CategoryCreateForm : CategorySaveForm, result, {
    id: creating ? "category-create" : "category-save",
  });
  const errors = form.allErrors;
  const sent = result?.initialValue as SentValues | undefined;
  const checked = (name: "isActive" | "premoderated", stored: boolean) =>
    sent ? sent[name] === "on" : stored;
  return (
    <Section title={t(creating ? "adminCatalog.category.newTitle" : "adminCatalog.category.save")}>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid gap-4 tablet:grid-cols-2"
      >
        <input type="hidden" name="intent" value={creating ? "create" : "save"} />
        <div className="tablet:col-span-2">
          <FormError messages={form.errors} />
        </div>
        {creating ? (
          <div className="tablet:col-span-2">
            <SelectField
              name="parentId"
              label={t("adminCatalog.category.parent")}
              errors={errors}
              required={false}
              defaultValue={shown(sent, "parentId", parentId === null ? "" : String(parentId))}
              placeholder={t("adminCatalog.category.root")}
              options={parents}
            />
          </div>
        ) : null}
        <CategoryTexts errors={errors} sent={sent} values={values} />
        <CheckboxField
          name="isActive"
          errors={errors}
          defaultChecked={checked("isActive", values?.isActive ?? true)}
        >
          {t("adminCatalog.category.isActive")}
        </CheckboxField>
        <CheckboxField
          name="premoderated"
          errors={errors}
          defaultChecked={checked("premoderated", values?.premoderated ?? false)}
        >
          {t("adminCatalog.category.premoderated")}
        </CheckboxField>
        <div className="tablet:col-span-2">
          <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
            {t(creating ? "adminCatalog.category.create" : "adminCatalog.category.save")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

type Errors = Record<string, string[] | undefined>;

/** Names, slugs and descriptions, Czech beside English. */
function CategoryTexts({
  errors,
  sent,
  values,
}: {
  errors: Errors;
  sent?: SentValues;
  values: CategoryValues | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="nameCs"
        label={t("adminCatalog.category.nameCs")}
        errors={errors}
        defaultValue={shown(sent, "nameCs", values?.nameCs)}
        maxLength={80}
      />
      <TextField
        name="nameEn"
        label={t("adminCatalog.category.nameEn")}
        errors={errors}
        required={false}
        hint={t("adminCatalog.category.englishHint")}
        defaultValue={shown(sent, "nameEn", values?.nameEn)}
        maxLength={80}
      />
      <TextField
        name="slugCs"
        label={t("adminCatalog.category.slugCs")}
        errors={errors}
        hint={t("adminCatalog.category.slugHint")}
        defaultValue={shown(sent, "slugCs", values?.slugCs)}
        maxLength={80}
      />
      <TextField
        name="slugEn"
        label={t("adminCatalog.category.slugEn")}
        errors={errors}
        required={false}
        hint={t("adminCatalog.category.slugHint")}
        defaultValue={shown(sent, "slugEn", values?.slugEn)}
        maxLength={80}
      />
      <TextAreaField
        name="descriptionCs"
        label={t("adminCatalog.category.descriptionCs")}
        errors={errors}
        defaultValue={shown(sent, "descriptionCs", values?.descriptionCs)}
      />
      <TextAreaField
        name="descriptionEn"
        label={t("adminCatalog.category.descriptionEn")}
        errors={errors}
        defaultValue={shown(sent, "descriptionEn", values?.descriptionEn)}
      />
    </>
  );
}

/** Under another parent (or to the top level); the server refuses a cycle or a 6th level. */
export function CategoryMoveSection({
  parents,
  parentId,
  reply,
}: {
  parents: ParentOption[];
  parentId: number | null;
  reply: Reply;
}) {
  const { t } = useTranslation();
  const result = replyOf(reply, "move");
  const [form] = useSchemaForm(CategoryMoveForm, result, { id: "category-move" });
  const sent = result?.initialValue as SentValues | undefined;
  return (
    <Section title={t("adminCatalog.category.moveTitle")}>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="move" />
        <div className="min-w-64 flex-1">
          <SelectField
            name="parentId"
            label={t("adminCatalog.category.parent")}
            errors={form.allErrors}
            required={false}
            defaultValue={shown(sent, "parentId", parentId === null ? "" : String(parentId))}
            placeholder={t("adminCatalog.category.root")}
            options={parents}
          />
        </div>
        <button type="submit" className={buttonClass}>
          {t("adminCatalog.category.move")}
        </button>
      </Form>
    </Section>
  );
}

/** Deleting: allowed only when empty; the refusal says why. */
export function CategoryDeleteSection({ reply }: { reply: Reply }) {
  const { t } = useTranslation();
  const result = replyOf(reply, "delete");
  const [form] = useSchemaForm(CategoryDeleteForm, result, { id: "category-delete" });
  return (
    <Section title={t("adminCatalog.category.delete")}>
      <p className="text-sm text-muted">{t("adminCatalog.category.deleteHint")}</p>
      <FormError messages={form.errors} />
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className={dangerButtonClass}>
          {t("adminCatalog.category.delete")}
        </button>
      </Form>
    </Section>
  );
}
