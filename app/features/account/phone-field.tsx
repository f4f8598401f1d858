import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldErrors } from "#app/ui/forms/fields.tsx";
import { PHONE_PREFIXES } from "#core/formats/phone.ts";

const control =
  "w-full rounded border border-line bg-white py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";

/**
 * Phone with its prefix: a prefix select and the number, under one legend, errors of either below.
 * The legend and hint default to the account page's; registration passes its own.
 */
export function PhoneField({
  errors,
  prefix,
  phone,
  legend,
  hint,
  idPrefix,
  className,
}: {
  errors?: FieldErrors;
  prefix: string;
  phone: string;
  legend?: string;
  hint?: string;
  /** Stable ids (`<idPrefix>-prefix`, `<idPrefix>` for the number) where tests or labels need them. */
  idPrefix?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = idPrefix ?? generatedId;
  const numberId = idPrefix ?? `${id}-number`;
  const messages = [...(errors?.phonePrefix ?? []), ...(errors?.phone ?? [])];
  return (
    <fieldset className={className}>
      <legend className="font-medium">{legend ?? t("accountData.profile.phone")}</legend>
      <div className="mt-1 grid grid-cols-[7.5rem_1fr] gap-2">
        <div>
          <label htmlFor={`${id}-prefix`} className="sr-only">
            {t("accountData.profile.phonePrefix")}
          </label>
          <select
            id={`${id}-prefix`}
            name="phonePrefix"
            defaultValue={prefix}
            autoComplete="tel-country-code"
            aria-invalid={errors?.phonePrefix ? true : undefined}
            className={`${control} h-full px-2`}
          >
            {PHONE_PREFIXES.map((value) => (
              <option key={value} value={value}>
                {value || t("accountData.profile.noPrefix")}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={numberId} className="sr-only">
            {legend ?? t("accountData.profile.phone")}
          </label>
          <input
            id={numberId}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            defaultValue={phone}
            maxLength={20}
            aria-invalid={errors?.phone ? true : undefined}
            aria-describedby={`${id}-hint${messages.length ? ` ${id}-error` : ""}`}
            className={`${control} px-3`}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint ?? t("accountData.profile.phoneHint")}
      </p>
      {messages.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
