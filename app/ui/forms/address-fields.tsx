import { useTranslation } from "#app/i18n/use-translation.ts";
import { CheckboxField, type FieldErrors, SelectField, TextField } from "./fields.tsx";

export type AddressValues = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string;
  isCompany: boolean;
  company: string;
  companyId: string;
  taxId: string;
};

export type Country = { code: string; name: string };

/**
 * An address's fields, named `<prefix>.<field>` (contact.street, invoice.companyId), so that one
 * form carries two addresses and the server's errors find their field. The invoice address's
 * company data are CompanyFields, apart: a company may invoice at its contact address.
 */
export function AddressFields({
  prefix,
  values,
  errors,
  countries,
}: {
  prefix: string;
  values: AddressValues;
  errors: FieldErrors;
  countries: Country[];
}) {
  const { t } = useTranslation();
  const field = (name: string) => `${prefix}.${name}`;
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      <div className="tablet:col-span-2">
        <TextField
          name={field("name")}
          label={t("accountData.addresses.name")}
          errors={errors}
          defaultValue={values.name}
          autoComplete={`section-${prefix} name`}
          maxLength={200}
        />
      </div>
      <div className="tablet:col-span-2">
        <TextField
          name={field("street")}
          label={t("accountData.addresses.street")}
          errors={errors}
          defaultValue={values.street}
          autoComplete={`section-${prefix} street-address`}
          maxLength={200}
        />
      </div>
      {/* Town and postcode share a row even on a phone: a postcode is short. */}
      <div className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-3 tablet:col-span-2 tablet:grid-cols-[minmax(0,1fr)_12rem] tablet:gap-4">
        <TextField
          name={field("city")}
          label={t("accountData.addresses.city")}
          errors={errors}
          defaultValue={values.city}
          autoComplete={`section-${prefix} address-level2`}
          maxLength={100}
        />
        <TextField
          name={field("zip")}
          label={t("accountData.addresses.zip")}
          errors={errors}
          defaultValue={values.zip}
          autoComplete={`section-${prefix} postal-code`}
          hint={t("accountData.addresses.zipHint")}
          maxLength={20}
        />
      </div>
      <div className="tablet:col-span-2">
        <SelectField
          name={field("countryCode")}
          label={t("accountData.addresses.country")}
          errors={errors}
          defaultValue={values.countryCode}
          placeholder={t("accountData.addresses.chooseCountry")}
          autoComplete={`section-${prefix} country`}
          options={countries.map((country) => ({ value: country.code, label: country.name }))}
        />
      </div>
    </div>
  );
}

/**
 * The "invoice a company" checkbox, which reveals the company, IČO and DIČ fields; CSS (:has) does
 * the revealing, so it works before and without JavaScript. Named `<prefix>.isCompany` and so on.
 */
export function CompanyFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: Pick<AddressValues, "isCompany" | "company" | "companyId" | "taxId">;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const field = (name: string) => `${prefix}.${name}`;
  return (
    <div className="group/company grid gap-4 tablet:col-span-2 tablet:grid-cols-2">
      <div className="tablet:col-span-2">
        <CheckboxField name={field("isCompany")} defaultChecked={values.isCompany}>
          {t("accountData.addresses.isCompany")}
        </CheckboxField>
      </div>
      <div
        className="hidden gap-4 group-has-[input[name$=isCompany]:checked]/company:grid tablet:col-span-2 tablet:grid-cols-2"
        data-testid={`${prefix}-company-fields`}
      >
        <p className="text-sm text-muted tablet:col-span-2">{t("accountData.addresses.companyNote")}</p>
        <div className="tablet:col-span-2">
          <TextField
            name={field("company")}
            label={t("accountData.addresses.company")}
            errors={errors}
            defaultValue={values.company}
            autoComplete={`section-${prefix} organization`}
            maxLength={200}
          />
        </div>
        <TextField
          name={field("companyId")}
          label={t("accountData.addresses.companyId")}
          errors={errors}
          defaultValue={values.companyId}
          hint={t("accountData.addresses.companyIdHint")}
          inputMode="numeric"
          maxLength={20}
        />
        <TextField
          name={field("taxId")}
          label={t("accountData.addresses.taxId")}
          errors={errors}
          defaultValue={values.taxId}
          hint={t("accountData.addresses.taxIdHint")}
          required={false}
          maxLength={20}
        />
      </div>
    </div>
  );
}
