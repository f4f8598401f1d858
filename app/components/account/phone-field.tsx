import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { FieldErrors } from "../forms/fields.tsx";

/** The spec's phone prefixes (section 3) and an empty one; server/modules/users/tables.ts checks them. */
export const PHONE_PREFIXES = [
  "",
  "+420",
  "+421",
  "+49",
  "+44",
  "+36",
  "+43",
  "+48",
  "+33",
  "+40",
  "+386",
  "+385",
];

const control =
  "w-full rounded border border-line bg-white py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";

/** Phone with its prefix: a prefix select and the number, under one legend, errors of either below. */
export function PhoneField({
  errors,
  prefix,
  phone,
}: {
  errors?: FieldErrors;
  prefix: string;
  phone: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messages = [...(errors?.phonePrefix ?? []), ...(errors?.phone ?? [])];
  return (
    <fieldset>
      <legend className="font-medium">{t("accountData.profile.phone")}</legend>
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
            className={`${control} px-2`}
          >
            {PHONE_PREFIXES.map((value) => (
              <option key={value} value={value}>
                {value || t("accountData.profile.noPrefix")}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-number`} className="sr-only">
            {t("accountData.profile.phone")}
          </label>
          <input
            id={`${id}-number`}
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
        {t("accountData.profile.phoneHint")}
      </p>
      {messages.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
