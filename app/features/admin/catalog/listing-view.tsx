import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SelectField, TextField } from "#app/ui/forms/fields.tsx";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import { formatDate } from "#core/formats/dates.ts";
import { ListingEditSchema } from "#core/schemas/admin-catalog.ts";
import { NAME_MAX } from "#core/schemas/listing.ts";
import { variantSrc } from "#core/web/image-variants.ts";
import { type SentValues, shown, TextAreaField } from "./fields.tsx";
import { buttonClass, Section } from "./ui.tsx";

type Option = { value: string; label: string };
export type ListingTexts = {
  nameCs: string;
  nameEn: string | null;
  descriptionCs: string;
  descriptionEn: string | null;
  categoryId: number;
  brandId: number | null;
  /** Null only for an older listing stored without one: a package must be chosen to save it. */
  packageId: number | null;
};

/** Names, descriptions and filing; prices, dates and the status stay out of reach here. */
export function ListingEditForm({
  values,
  options,
  result,
}: {
  values: ListingTexts;
  options: { categories: Option[]; brands: Option[]; packages: Option[] };
  result: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(ListingEditSchema, result, { id: "listing-edit" });
  const errors = form.allErrors;
  const sent = result?.initialValue as SentValues | undefined;
  return (
    <Section title={t("adminCatalog.listing.edit")}>
      <p className="text-sm text-muted">{t("adminCatalog.listing.editHint")}</p>
      <FormError messages={form.errors} />
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid gap-4 tablet:grid-cols-2"
      >
        <TextField
          name="nameCs"
          label={t("adminCatalog.listing.nameCs")}
          errors={errors}
          defaultValue={shown(sent, "nameCs", values.nameCs)}
          maxLength={NAME_MAX}
        />
        <TextField
          name="nameEn"
          label={t("adminCatalog.listing.nameEn")}
          errors={errors}
          required={false}
          defaultValue={shown(sent, "nameEn", values.nameEn)}
          maxLength={NAME_MAX}
        />
        <TextAreaField
          name="descriptionCs"
          label={t("adminCatalog.listing.descriptionCs")}
          errors={errors}
          rows={8}
          defaultValue={shown(sent, "descriptionCs", values.descriptionCs)}
        />
        <TextAreaField
          name="descriptionEn"
          label={t("adminCatalog.listing.descriptionEn")}
          errors={errors}
          rows={8}
          defaultValue={shown(sent, "descriptionEn", values.descriptionEn)}
        />
        <FilingFields errors={errors} sent={sent} values={values} options={options} />
        <div className="tablet:col-span-2">
          <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
            {t("adminCatalog.listing.save")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

type Options = { categories: Option[]; brands: Option[]; packages: Option[] };

/** Where the listing is filed: category, brand, package. */
function FilingFields({
  errors,
  sent,
  values,
  options,
}: {
  errors: Record<string, string[] | undefined>;
  sent?: SentValues;
  values: ListingTexts;
  options: Options;
}) {
  const { t } = useTranslation();
  const id = (value: number | null) => (value === null ? "" : String(value));
  return (
    <>
      <SelectField
        name="categoryId"
        label={t("adminCatalog.listings.category")}
        errors={errors}
        defaultValue={shown(sent, "categoryId", id(values.categoryId))}
        options={options.categories}
      />
      <SelectField
        name="brandId"
        label={t("adminCatalog.listing.brand")}
        errors={errors}
        required={false}
        placeholder={t("adminCatalog.listing.none")}
        defaultValue={shown(sent, "brandId", id(values.brandId))}
        options={options.brands}
      />
      <SelectField
        name="packageId"
        label={t("adminCatalog.listing.package")}
        errors={errors}
        placeholder={t("adminCatalog.brands.choose")}
        defaultValue={shown(sent, "packageId", id(values.packageId))}
        options={options.packages}
      />
    </>
  );
}

export type HistoryEntry = {
  from: string | null;
  to: string;
  actor: string | null;
  reason: string | null;
  at: string;
};

const statusKey = (status: string) => `catalog.status.${status as ProductStatus}` as const;

/** Every status change of the listing, oldest first, with who made it and why. */
export function StatusHistory({ entries }: { entries: HistoryEntry[] }) {
  const { t, locale } = useTranslation();
  return (
    <Section title={t("adminCatalog.listing.history")}>
      {entries.length === 0 ? (
        <p className="text-muted">{t("adminCatalog.listing.noHistory")}</p>
      ) : (
        <ol className="flex flex-col gap-2 text-sm" data-testid="status-history">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{formatDate(entry.at, locale, true)}</time>:{" "}
              {entry.from ? `${t(statusKey(entry.from))} → ` : ""}
              <strong>{t(statusKey(entry.to))}</strong> · {t("adminCatalog.listing.by")}{" "}
              {entry.actor ?? t("adminCatalog.listing.system")}
              {entry.reason ? ` · ${t("adminCatalog.listing.reason")}: ${entry.reason}` : ""}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function Photos({
  images,
  name,
}: {
  images: { id: number; url: string; alt: string | null }[];
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t("adminCatalog.listing.photos")}>
      {images.length === 0 ? (
        <p className="text-muted">{t("adminCatalog.listing.noPhotos")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4">
          {images.map((image) => (
            <li key={image.id}>
              <a href={image.url}>
                <img
                  src={variantSrc(image.url, 320)}
                  alt={image.alt || name}
                  loading="lazy"
                  className="aspect-square w-full rounded-md border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
