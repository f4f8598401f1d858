import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { CheckboxField, FormError, SelectField, TextField } from "#app/ui/forms/fields.tsx";
import {
  BANNER_GROUP_KEYS,
  BannerFormSchema,
  bannerGroupName,
  CONTENT_LOCALES,
} from "#core/schemas/admin-content.ts";
import { toPragueLocalInput } from "#core/time/prague.ts";
import { type SentValues, shown } from "../catalog/fields.tsx";
import { buttonClass, Section } from "../catalog/ui.tsx";
import { FileField } from "./file-field.tsx";

export type BannerValues = {
  groupKey: string;
  locale: "cs" | "en";
  title: string;
  url: string | null;
  position: number;
  isActive: boolean;
  activeFrom: string | null;
  activeTo: string | null;
  imageUrl: string;
};

const prague = (iso: string | null) => (iso ? toPragueLocalInput(new Date(iso)) : "");

/**
 * A banner's form: group, language, title, link, order, the switch and the schedule in Prague
 * time, and its image (required for a new one). Multipart, so it works without scripts too.
 */
export function BannerForm({ values, reply }: { values: BannerValues | null; reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const [form] = useSchemaForm(BannerFormSchema, reply, { id: "banner" });
  const errors = form.allErrors;
  const sent = reply?.initialValue as SentValues | undefined;
  return (
    <Section title={t(values ? "adminContent.banners.title" : "adminContent.banners.newTitle")}>
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
        <BannerFields values={values} sent={sent} errors={errors} />
        <DateTimeField
          name="activeFrom"
          label={t("adminContent.banners.activeFrom")}
          hint={t("adminContent.banners.scheduleHint")}
          errors={errors}
          defaultValue={shown(sent, "activeFrom", prague(values?.activeFrom ?? null))}
        />
        <DateTimeField
          name="activeTo"
          label={t("adminContent.banners.activeTo")}
          hint={t("adminContent.banners.scheduleHint")}
          errors={errors}
          defaultValue={shown(sent, "activeTo", prague(values?.activeTo ?? null))}
        />
        <div className="tablet:col-span-2">
          <FileField
            name="image"
            label={t("adminContent.common.image")}
            hint={t("adminContent.common.imageHint")}
            accept="image/jpeg,image/png,image/webp"
            required={!values}
            errors={errors}
            current={values?.imageUrl ?? null}
          />
        </div>
        <div className="tablet:col-span-2">
          <button type="submit" className={buttonClass}>
            {t("admin.save")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

/** Group, language, title, link, order and the switch. */
function BannerFields({
  values,
  sent,
  errors,
}: {
  values: BannerValues | null;
  sent: SentValues | undefined;
  errors: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        name="groupKey"
        label={t("adminContent.banners.group")}
        errors={errors}
        defaultValue={shown(sent, "groupKey", values?.groupKey ?? "banner.promo")}
        options={BANNER_GROUP_KEYS.map((group) => ({
          value: group,
          label: t(`adminContent.banners.groups.${bannerGroupName(group)}`),
        }))}
      />
      <SelectField
        name="locale"
        label={t("adminContent.common.locale")}
        errors={errors}
        defaultValue={shown(sent, "locale", values?.locale ?? "cs")}
        options={CONTENT_LOCALES.map((lang) => ({ value: lang, label: t(`adminContent.common.${lang}`) }))}
      />
      <TextField
        name="title"
        label={t("adminContent.banners.bannerTitle")}
        errors={errors}
        defaultValue={shown(sent, "title", values?.title)}
        maxLength={200}
      />
      <TextField
        name="url"
        label={t("adminContent.banners.url")}
        errors={errors}
        required={false}
        hint={t("adminContent.banners.urlHint")}
        defaultValue={shown(sent, "url", values?.url)}
      />
      <TextField
        name="position"
        label={t("adminContent.common.position")}
        errors={errors}
        inputMode="numeric"
        defaultValue={shown(sent, "position", String(values?.position ?? 0))}
      />
      <div className="self-end">
        <CheckboxField
          name="isActive"
          errors={errors}
          defaultChecked={sent ? sent.isActive === "on" : (values?.isActive ?? true)}
        >
          {t("adminContent.banners.isActive")}
        </CheckboxField>
      </div>
    </>
  );
}

/** A datetime-local field whose value is Prague time (the server reads it so). */
export function DateTimeField({
  name,
  label,
  hint,
  errors,
  defaultValue,
}: {
  name: string;
  label: string;
  hint: string;
  errors?: Record<string, string[] | undefined>;
  defaultValue: string;
}) {
  const messages = errors?.[name];
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="datetime-local"
        defaultValue={defaultValue}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={[`${id}-hint`, messages?.length ? `${id}-error` : ""].filter(Boolean).join(" ")}
        className="mt-1 w-full rounded border border-line bg-white px-3 py-2 aria-[invalid=true]:border-danger"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {messages?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
