import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AddressFields, type Country } from "#app/ui/forms/address-fields.tsx";
import { CheckboxField, type FieldErrors, PasswordField, TextField } from "#app/ui/forms/fields.tsx";
import type { DraftAddress } from "#core/contracts/shop.ts";

/** The shop's countries (docs/product: the Czech Republic and Slovakia), named in the page's language. */
export function useShopCountries(): Country[] {
  const { t } = useTranslation();
  return [
    { code: "CZ", name: t("shop.countries.CZ") },
    { code: "SK", name: t("shop.countries.SK") },
  ];
}

/**
 * "Nakupuji na firmu", which reveals the company, IČO and DIČ; CSS (:has) does the revealing, so
 * it works before and without scripts. Named `invoice.isCompany` and so on (DetailsStepSchema).
 */
export function CompanyFields({ values, errors }: { values: DraftAddress; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <div className="group/company mt-4 grid gap-4">
      <CheckboxField name="invoice.isCompany" defaultChecked={values.isCompany}>
        {t("shop.details.isCompany")}
      </CheckboxField>
      <div
        className="hidden gap-4 group-has-[input[name='invoice.isCompany']:checked]/company:grid tablet:grid-cols-2"
        data-testid="company-fields"
      >
        <div className="tablet:col-span-2">
          <TextField
            name="invoice.company"
            label={t("shop.details.company")}
            errors={errors}
            defaultValue={values.company}
            autoComplete="section-invoice organization"
            maxLength={200}
          />
        </div>
        <TextField
          name="invoice.companyId"
          label={t("shop.details.companyId")}
          errors={errors}
          defaultValue={values.companyId}
          hint={t("shop.details.companyIdHint")}
          inputMode="numeric"
          maxLength={20}
        />
        <TextField
          name="invoice.taxId"
          label={t("shop.details.taxId")}
          errors={errors}
          defaultValue={values.taxId}
          hint={t("shop.details.taxIdHint")}
          required={false}
          maxLength={20}
        />
      </div>
    </div>
  );
}

/**
 * Where it goes: the invoice address, or another one whose fields the second radio reveals (CSS,
 * so without scripts too). `sameAddress` is "on" or "off" (DetailsStepSchema's checkbox).
 */
export function DeliveryAddressChoice({
  same,
  values,
  errors,
}: {
  same: boolean;
  values: DraftAddress;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const countries = useShopCountries();
  const radio =
    "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line bg-white px-4 py-2 has-[:checked]:border-primary-dark has-[:checked]:ring-1 has-[:checked]:ring-primary-dark has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-dark";
  return (
    <fieldset className="group/delivery">
      <legend className="font-serif text-2xl text-primary-dark">{t("shop.details.deliverTo")}</legend>
      <div className="mt-3 grid gap-2 tablet:grid-cols-2">
        <label className={radio}>
          <input
            type="radio"
            name="sameAddress"
            value="on"
            defaultChecked={same}
            className="size-5 accent-primary-dark"
          />
          {t("shop.details.sameAddress")}
        </label>
        <label className={radio}>
          <input
            type="radio"
            name="sameAddress"
            value="off"
            defaultChecked={!same}
            className="size-5 accent-primary-dark"
            data-testid="other-address"
          />
          {t("shop.details.otherAddress")}
        </label>
      </div>
      <div
        className="mt-4 hidden group-has-[input[name=sameAddress][value=off]:checked]/delivery:block"
        data-testid="delivery-address"
      >
        <h3 className="mb-3 text-lg font-semibold text-primary-dark">{t("shop.details.deliveryAddress")}</h3>
        <AddressFields prefix="delivery" values={values} errors={errors} countries={countries} />
      </div>
    </fieldset>
  );
}

/** A guest may open an account with the order: "Vytvořit si účet" reveals the password, twice. */
export function RegisterFields({ errors, checked }: { errors: FieldErrors; checked: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="group/register rounded-lg border border-line bg-light/50 p-4">
      <CheckboxField name="register" defaultChecked={checked}>
        <span className="font-semibold">{t("shop.details.register")}</span>
        <span className="block text-sm text-muted">{t("shop.details.registerHint")}</span>
      </CheckboxField>
      <div
        className="mt-4 hidden gap-4 group-has-[input[name=register]:checked]/register:grid tablet:grid-cols-2"
        data-testid="register-fields"
      >
        <PasswordField name="password" label={t("shop.details.password")} errors={errors} />
        <PasswordField
          name="passwordConfirmation"
          label={t("shop.details.passwordConfirmation")}
          errors={errors}
        />
      </div>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="font-serif text-2xl text-primary-dark">{title}</legend>
      <div className="mt-3">{children}</div>
    </fieldset>
  );
}
