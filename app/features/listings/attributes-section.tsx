import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AttributeFormData, AttributeFormField } from "#core/contracts/listing-attributes.ts";
import { Field, inputClass, Section } from "./listing-form-parts.tsx";
import type { ListingChoices, ListingFormErrors } from "./listing-form-types.ts";

/** The units as the form writes them beside a number. */
const UNIT_LABEL: Record<string, { cs: string; en: string }> = {
  years: { cs: "let", en: "years" },
  abv: { cs: "% obj.", en: "% ABV" },
  ml: { cs: "ml", en: "ml" },
  mm: { cs: "mm", en: "mm" },
  pieces: { cs: "ks", en: "pcs" },
};

/**
 * "Údaje o položce" (issue 37, item 1): the chosen category's structured attributes in order of
 * importance, the suggested texts with the values other listings have (a <datalist>). With
 * scripts the fields follow the category as it is chosen; without them they are the category's
 * the form was drawn with, and before a category is chosen a button draws the form again with it.
 */
export function AttributesSection({
  data,
  values,
  choices,
  errors,
  hydrated,
}: {
  data: AttributeFormData;
  values: Record<string, string>;
  choices: ListingChoices;
  errors: ListingFormErrors;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  const chosen = choices.subcategory || choices.category;
  const fields = chosen ? data.byCategory[Number(chosen)] : undefined;
  // No fields: the category has none, or (with scripts) none is chosen yet; without scripts and
  // before a category is chosen, the button below draws the form again with the chosen one.
  if ((!fields || fields.length === 0) && (hydrated || chosen)) return null;
  return (
    <Section title={t("listingAttributes.form.title")} testId="attributes">
      <p className="text-muted">{t("listingAttributes.form.lead")}</p>
      {fields && fields.length > 0 ? (
        <>
          <div className="grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3" data-testid="attribute-fields">
            {fields.map((field) => (
              <AttributeField
                key={field.key}
                field={field}
                value={values[field.key] ?? ""}
                suggestions={data.suggestions[field.key] ?? []}
                errors={errors[`attributes.${field.key}`]}
              />
            ))}
          </div>
          <p className="text-sm text-muted">{t("listingAttributes.form.brandNote")}</p>
        </>
      ) : (
        <div className="flex flex-col items-start gap-3" data-testid="attributes-choose-category">
          <p className="text-sm">{t("listingAttributes.form.chooseCategory")}</p>
          <button
            type="submit"
            name="intent"
            value="back"
            className="inline-flex min-h-11 items-center rounded border border-primary-dark bg-white px-5 py-2 font-semibold text-primary-dark hover:bg-light"
            data-testid="attributes-show"
          >
            {t("listingAttributes.form.showFields")}
          </button>
        </div>
      )}
    </Section>
  );
}

function AttributeField({
  field,
  value,
  suggestions,
  errors,
}: {
  field: AttributeFormField;
  value: string;
  suggestions: string[];
  errors?: string[];
}) {
  const { t, locale } = useTranslation();
  const list = useId();
  const name = `attributes.${field.key}`;
  const testId = `attribute-${field.key}`;
  const unit = field.unit ? UNIT_LABEL[field.unit]?.[locale] : null;
  return (
    <Field label={unit ? `${field.label} (${unit})` : field.label} required={field.required} errors={errors}>
      {(props) => {
        if (field.type === "enum" || field.type === "boolean") {
          const options =
            field.type === "boolean"
              ? [
                  { value: "true", label: t("listingAttributes.form.yes") },
                  { value: "false", label: t("listingAttributes.form.no") },
                ]
              : field.options.map((option) => ({ value: option.value, label: option[locale] }));
          return (
            <select {...props} name={name} defaultValue={value} className={inputClass} data-testid={testId}>
              <option value="">{t("listingAttributes.form.none")}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        }
        const numeric = field.type !== "text";
        return (
          <>
            <input
              {...props}
              name={name}
              defaultValue={value}
              list={field.suggested && suggestions.length > 0 ? list : undefined}
              inputMode={field.type === "decimal" ? "decimal" : numeric ? "numeric" : undefined}
              autoComplete="off"
              maxLength={numeric ? 12 : 120}
              className={inputClass}
              data-testid={testId}
            />
            {field.suggested && suggestions.length > 0 ? (
              <datalist id={list}>
                {suggestions.map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
              </datalist>
            ) : null}
          </>
        );
      }}
    </Field>
  );
}
