import { Form, useNavigation } from "react-router";
import { CheckoutAlert, CheckoutFrame, StepButtons } from "#app/features/shop/checkout-frame.tsx";
import { CostSummary } from "#app/features/shop/cost-summary.tsx";
import {
  CompanyFields,
  DeliveryAddressChoice,
  RegisterFields,
  Section,
  useShopCountries,
} from "#app/features/shop/details-fields.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AddressFields } from "#app/ui/forms/address-fields.tsx";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { type FieldErrors, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { DraftAddress } from "#core/contracts/shop.ts";
import { localePath } from "#core/i18n/paths.ts";
import { DetailsStepSchema } from "#core/schemas/checkout.ts";
import type { Route } from "./+types/details";
import { type DetailsDefaults, detailsAction, loadDetailsStep } from "./details.server.ts";

/**
 * Checkout, step 2 (`/kosik/udaje`): e-mail and phone, the invoice address (a company's with its
 * IČO, checked by its check digit, and DIČ), where it goes (not asked for a pickup), a note, and a
 * guest's account on the way. A signed-in user finds it filled in from the account; the fields the
 * shop refuses show their reasons, translated, at the field.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("shop.details.title"), noindex: true }));
}

export const loader = (args: Route.LoaderArgs) => loadDetailsStep(args);
export const action = (args: Route.ActionArgs) => detailsAction(args);

/** What was sent, read back from the server's answer (a page without scripts shows it again). */
function submittedValues(result: FormReply | undefined) {
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const address = (name: string, fallback: DraftAddress): DraftAddress => {
    const sent = initial[name];
    if (!sent || typeof sent !== "object") return fallback;
    const values = sent as Record<string, unknown>;
    return {
      name: text(values.name, ""),
      street: text(values.street, ""),
      city: text(values.city, ""),
      zip: text(values.zip, ""),
      countryCode: text(values.countryCode, fallback.countryCode),
      isCompany: values.isCompany === "on",
      company: text(values.company, ""),
      companyId: text(values.companyId, ""),
      taxId: text(values.taxId, ""),
    };
  };
  return (defaults: DetailsDefaults) => ({
    email: result ? text(initial.email, "") : defaults.email,
    phone: result ? text(initial.phone, "") : defaults.phone,
    invoice: address("invoice", defaults.invoice),
    delivery: address("delivery", defaults.delivery),
    sameAddress: result ? initial.sameAddress !== "off" : defaults.sameAddress,
    note: result ? text(initial.note, "") : defaults.note,
    register: initial.register === "on",
  });
}

function ContactFields({
  values,
  errors,
}: {
  values: { email: string; phone: string };
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t("shop.details.contact")}>
      <div className="grid gap-4 tablet:grid-cols-2">
        <TextField
          name="email"
          type="email"
          label={t("shop.details.email")}
          errors={errors}
          defaultValue={values.email}
          autoComplete="email"
          hint={t("shop.details.emailHint")}
          maxLength={254}
        />
        <TextField
          name="phone"
          type="tel"
          label={t("shop.details.phone")}
          errors={errors}
          defaultValue={values.phone}
          autoComplete="tel"
          inputMode="tel"
          hint={t("shop.details.phoneHint")}
          maxLength={20}
        />
      </div>
    </Section>
  );
}

function NoteField({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="checkout-note" className="block font-medium">
        {t("shop.details.note")}
      </label>
      <textarea
        id="checkout-note"
        name="note"
        rows={3}
        maxLength={1000}
        defaultValue={value}
        aria-describedby="checkout-note-hint"
        className="mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark"
      />
      <p id="checkout-note-hint" className="mt-1 text-sm text-muted">
        {t("shop.details.noteHint")}
      </p>
    </div>
  );
}

export default function DetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { cart, defaults, pickup, branch, signedInAs } = loaderData;
  const result = (actionData as { result?: FormReply } | undefined)?.result;
  const [form] = useSchemaForm(DetailsStepSchema, result, { shouldValidate: "onSubmit" });
  const errors = form.allErrors;
  const values = submittedValues(result)(defaults);
  const countries = useShopCountries();
  const navigation = useNavigation();
  return (
    <CheckoutFrame
      step="details"
      title={t("shop.details.title")}
      alert={<CheckoutAlert messages={form.errors} />}
      aside={<CostSummary cart={cart} withDelivery />}
    >
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-8"
        data-testid="details-form"
      >
        {signedInAs ? (
          <p className="rounded-lg bg-white px-4 py-3 text-sm ring-1 ring-line">
            {t("shop.details.signedInAs", { email: signedInAs })}
          </p>
        ) : null}
        <ContactFields values={values} errors={errors} />
        <Section title={t("shop.details.invoice")}>
          <AddressFields prefix="invoice" values={values.invoice} errors={errors} countries={countries} />
          <CompanyFields values={values.invoice} errors={errors} />
        </Section>
        {pickup ? (
          <p
            className="rounded-lg bg-secondary/10 px-4 py-3 text-[#5e4712] ring-1 ring-secondary/40"
            data-testid="pickup-at"
          >
            <input type="hidden" name="sameAddress" value="on" />
            {branch
              ? t("shop.details.pickupAt", { branch: branch.name, street: branch.street, city: branch.city })
              : t("shop.delivery.pickup.legend")}
          </p>
        ) : (
          <DeliveryAddressChoice same={values.sameAddress} values={values.delivery} errors={errors} />
        )}
        <NoteField value={values.note} />
        {signedInAs ? null : <RegisterFields errors={errors} checked={values.register} />}
        <StepButtons
          backTo={localePath("cartDelivery", locale)}
          backLabel={t("shop.details.back")}
          submitLabel={t("shop.details.submit")}
          busy={navigation.state === "submitting"}
          testId="details-submit"
        />
      </Form>
    </CheckoutFrame>
  );
}
