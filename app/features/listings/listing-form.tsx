import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "#app/ui/feedback/use-hydrated.ts";
import type { AttributeFormData } from "#core/contracts/listing-attributes.ts";
import type { ListingFieldValues } from "#core/schemas/listing-form.ts";
import { AttributesSection } from "./attributes-section.tsx";
import { EvidenceSection, type EvidenceSectionProps } from "./evidence-section.tsx";
import { ImageManager, type ManagedImage } from "./image-manager.tsx";
import { type DealTermsSectionProps, DeliverySection } from "./listing-form-delivery.tsx";
import { Choice, Field, inputClass, LockedValue, Section } from "./listing-form-parts.tsx";
import { PriceSection, type SectionProps, StartSection } from "./listing-form-sections.tsx";
import type { ListingFormErrors, ListingFormLocks, ListingFormOptions } from "./listing-form-types.ts";
import { useListingChoices } from "./use-listing-choices.ts";

export { FormErrorSummary, HiddenValues } from "./listing-form-parts.tsx";
export type { ListingFormErrors, ListingFormLocks, ListingFormOptions } from "./listing-form-types.ts";

/**
 * The listing's fields, shared by the add and edit pages (the page draws the <Form> and its
 * buttons). With scripts the form shows only what applies (a demand ad has no auction, "by
 * agreement" no price, the subcategories of the chosen category); without them every field shows
 * and the server sorts it out. Locked fields (edit after the first bid or once released) are
 * disabled and explained above the form by the page.
 */
export function ListingFormFields({
  options,
  values,
  images,
  errors,
  locks,
  lockedImages,
  minActivation,
  uploadUrl,
  dealTerms,
  evidence,
  attributes,
}: {
  options: ListingFormOptions;
  values: ListingFieldValues;
  images: ManagedImage[];
  errors: ListingFormErrors;
  locks?: ListingFormLocks;
  lockedImages?: string[];
  /** The earliest activation the date field offers (Prague wall clock, datetime-local format). */
  minActivation: string;
  uploadUrl: string;
  /** The delivery and payment section, given while deals through the site are offered. */
  dealTerms?: DealTermsSectionProps;
  /** A spirit's evidence of authenticity (issue 36), given where its rules apply. */
  evidence?: EvidenceSectionProps;
  /** The categories' structured attributes and the suggestions of existing values (issue 37). */
  attributes?: AttributeFormData;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const choices = useListingChoices(values, options);
  const props = sectionProps(values, errors, locks, choices, hydrated);
  return (
    <div ref={choices.root} className="flex flex-col gap-6" data-hydrated={hydrated || undefined}>
      <TypeSection {...props} />
      <Section title={t("listings.form.sectionItem")} testId="item">
        <CategoryFields {...props} options={options} hydrated={hydrated} />
        <NameAndDescription {...props} />
      </Section>
      {attributes ? (
        <AttributesSection
          data={attributes}
          values={values.attributes}
          choices={choices}
          errors={errors}
          hydrated={hydrated}
        />
      ) : null}
      <Section title={t("listings.form.sectionImages")} testId="images">
        <ImageManager
          initial={images}
          errors={[...(errors.images ?? []), ...(errors.image ?? [])]}
          locked={lockedImages}
          uploadUrl={uploadUrl}
        />
      </Section>
      {evidence ? (
        <EvidenceSection
          evidence={evidence}
          choices={choices}
          errors={errors}
          show={props.show}
          uploadUrl={uploadUrl}
        />
      ) : null}
      <PriceSection {...props} />
      {dealTerms ? (
        <DeliverySection {...props} terms={dealTerms.values} fixedClassified={dealTerms.fixedClassified} />
      ) : null}
      <StartSection {...props} minActivation={minActivation} />
    </div>
  );
}

/** What every section reads: the values, the errors, the locks, the live choices, and whether a part shows. */
function sectionProps(
  values: ListingFieldValues,
  errors: ListingFormErrors,
  locks: ListingFormLocks | undefined,
  choices: SectionProps["choices"],
  hydrated: boolean,
): SectionProps {
  return {
    values,
    errors,
    afterBid: locks?.afterBid ?? false,
    released: locks?.released ?? false,
    choices,
    // With scripts only what applies shows; without them every part, and the server sorts it out.
    show: (applies) => !hydrated || applies,
  };
}

function TypeSection({ errors, released, choices, values }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Section title={t("listings.form.sectionType")} testId="type">
      <LockedValue name="type" value={values.type} locked={released} />
      <Choice
        legend={t("listings.form.typeLegend")}
        name="type"
        value={choices.type}
        onChange={choices.setType}
        disabled={released}
        errors={errors.type}
        options={[
          { value: "supply", label: t("listings.form.typeSupply"), hint: t("listings.form.typeSupplyHint") },
          { value: "demand", label: t("listings.form.typeDemand"), hint: t("listings.form.typeDemandHint") },
        ]}
      />
    </Section>
  );
}

/** The category and its subcategory (all of them, grouped, before the scripts run), the brand, the package. */
function CategoryFields({
  options,
  hydrated,
  values,
  errors,
  afterBid,
  choices,
}: SectionProps & { options: ListingFormOptions; hydrated: boolean }) {
  const { t } = useTranslation();
  const chosen = options.categories.find((entry) => String(entry.id) === choices.category);
  return (
    <div className="grid gap-5 tablet:grid-cols-2">
      <Field label={t("listings.form.category")} required errors={errors.category}>
        {(props) => (
          <select
            {...props}
            name="category"
            value={choices.category}
            onChange={(event) => {
              choices.setCategory(event.target.value);
              // A new category's subcategories: the choice starts over.
              choices.setSubcategory("");
            }}
            disabled={afterBid}
            className={inputClass}
            data-testid="field-category"
          >
            <option value="">{t("listings.form.choose")}</option>
            {options.categories.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("listings.form.subcategory")} required errors={errors.subcategory}>
        {(props) => (
          <select
            {...props}
            name="subcategory"
            value={choices.subcategory}
            onChange={(event) => choices.setSubcategory(event.target.value)}
            disabled={afterBid || (hydrated && (!chosen || chosen.subcategories.length === 0))}
            className={inputClass}
            data-testid="field-subcategory"
          >
            <option value="">
              {hydrated && !chosen ? t("listings.form.chooseCategoryFirst") : t("listings.form.choose")}
            </option>
            <SubcategoryOptions options={options} chosen={hydrated ? chosen : undefined} all={!hydrated} />
          </select>
        )}
      </Field>
      <LockedValue name="category" value={values.category} locked={afterBid} />
      <LockedValue name="subcategory" value={values.subcategory} locked={afterBid} />
      <BrandAndPackage options={options} values={values} errors={errors} afterBid={afterBid} />
    </div>
  );
}

function SubcategoryOptions({
  options,
  chosen,
  all,
}: {
  options: ListingFormOptions;
  chosen?: ListingFormOptions["categories"][number];
  all: boolean;
}) {
  if (!all)
    return chosen?.subcategories.map((entry) => (
      <option key={entry.id} value={entry.id}>
        {entry.name}
      </option>
    ));
  return options.categories
    .filter((entry) => entry.subcategories.length > 0)
    .map((entry) => (
      <optgroup key={entry.id} label={entry.name}>
        {entry.subcategories.map((sub) => (
          <option key={sub.id} value={sub.id}>
            {sub.name}
          </option>
        ))}
      </optgroup>
    ));
}

function BrandAndPackage({
  options,
  values,
  errors,
  afterBid,
}: Pick<SectionProps, "values" | "errors" | "afterBid"> & { options: ListingFormOptions }) {
  const { t } = useTranslation();
  const brandList = useId();
  return (
    <>
      <Field label={t("listings.form.brand")} hint={t("listings.form.brandHint")} errors={errors.brand}>
        {(props) => (
          <>
            <input
              {...props}
              name="brand"
              defaultValue={values.brand}
              list={brandList}
              autoComplete="off"
              maxLength={80}
              disabled={afterBid}
              className={inputClass}
              data-testid="field-brand"
            />
            <datalist id={brandList}>
              {options.brands.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label={t("listings.form.package")} required errors={errors.package}>
        {(props) => (
          <select
            {...props}
            name="package"
            defaultValue={values.package}
            disabled={afterBid}
            className={inputClass}
            data-testid="field-package"
          >
            <option value="">{t("listings.form.choose")}</option>
            {options.packages.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <LockedValue name="brand" value={values.brand} locked={afterBid} />
      <LockedValue name="package" value={values.package} locked={afterBid} />
    </>
  );
}

function NameAndDescription({ values, errors, afterBid }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t("listings.form.name")} required hint={t("listings.form.nameHint")} errors={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            defaultValue={values.name}
            maxLength={120}
            disabled={afterBid}
            className={inputClass}
            data-testid="field-name"
          />
        )}
      </Field>
      <LockedValue name="name" value={values.name} locked={afterBid} />
      <Field
        label={t("listings.form.description")}
        required
        hint={t("listings.form.descriptionHint")}
        errors={errors.description}
      >
        {(props) => (
          <textarea
            {...props}
            name="description"
            defaultValue={values.description}
            rows={8}
            maxLength={5000}
            className={`${inputClass} leading-relaxed`}
            data-testid="field-description"
          />
        )}
      </Field>
    </>
  );
}
