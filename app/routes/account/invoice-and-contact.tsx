import type { FormEvent } from "react";
import { data, useLoaderData } from "react-router";
import { appContext } from "#app/context.ts";
import {
  AvatarSection,
  DeleteSection,
  SectionFooter,
  type SectionResult,
  useSection,
} from "#app/features/account/account-data-sections.tsx";
import { PhoneField } from "#app/features/account/phone-field.tsx";
import { AccountSection, SectionButton } from "#app/features/account/section.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { AddressFields, type AddressValues, CompanyFields } from "#app/ui/forms/address-fields.tsx";
import { parseForm } from "#app/ui/forms/conform.ts";
import { CheckboxField, PasswordField, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { AccountDataFormSchema } from "#core/schemas/account.ts";
import type { Route } from "./+types/invoice-and-contact";
import { readLimitedFormData, saveSection } from "./invoice-and-contact.server.ts";

/**
 * Invoice and contact details (`/ucet/fakturacni-a-kontaktni-udaje`): profile and phone, contact
 * and invoice address (a company with IČO and DIČ), avatar, login e-mail, password, and the GDPR
 * export with the account's deletion. Each card is its own form posting an `intent` to this
 * action; with JavaScript a fetcher keeps the others untouched, without it the page re-renders
 * with the refused values. Everything is decided by services.accountData (the same as /api/me/*).
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("accountData.title"), noindex: true }));
}

/** The avatar's 5 MB and the multipart envelope around it. */
const BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  // The auth middleware guarantees a user.
  const userId = user!.id;
  const [profile, addresses, countries, blockers] = await Promise.all([
    services.accountData.profile(userId),
    services.accountData.addresses(userId),
    services.lists.countries(locale),
    services.accountData.deletionBlockers(userId),
  ]);
  return { profile: profile!, contact: addresses.contact, invoice: addresses.invoice, countries, blockers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(appContext);
  const body = await readLimitedFormData(request, BODY_LIMIT);
  if (!body) {
    const errors = { avatar: [translate(locale, "accountData.errors.avatarTooLarge")] };
    return data<SectionResult>({ intent: "avatar", ok: false, errors }, { status: 413 });
  }
  const submission = parseForm(body, AccountDataFormSchema, locale);
  if (submission.status !== "success") {
    const errors = { form: [translate(locale, "errors.general")] };
    return data<SectionResult>({ intent: "profile", ok: false, errors }, { status: 400 });
  }
  return saveSection(submission.value, context);
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function addressValues(
  prefix: string,
  address: LoaderData["contact"],
  values: Record<string, string>,
): AddressValues {
  const submitted = (name: string) => values[`${prefix}.${name}`];
  const pickValue = (name: keyof AddressValues, stored: string | null | undefined, fallback = "") =>
    submitted(name) ?? stored ?? fallback;
  return {
    name: pickValue("name", address?.name),
    street: pickValue("street", address?.street),
    city: pickValue("city", address?.city),
    zip: pickValue("zip", address?.zip),
    countryCode: pickValue("countryCode", address?.countryCode, "CZ"),
    isCompany:
      submitted("isCompany") !== undefined ? submitted("isCompany") === "on" : Boolean(address?.isCompany),
    company: pickValue("company", address?.company),
    companyId: pickValue("companyId", address?.companyId),
    taxId: pickValue("taxId", address?.taxId),
  };
}

function ProfileSection({ profile }: { profile: LoaderData["profile"] }) {
  const { t } = useTranslation();
  const section = useSection("profile");
  const v = (name: string, stored: string | null) => section.values[name] ?? stored ?? "";
  return (
    <AccountSection id="profile" title={t("accountData.sections.profile")}>
      <section.fetcher.Form
        key={section.key}
        ref={section.formRef}
        method="post"
        noValidate
        className="grid gap-4 tablet:grid-cols-2"
        data-testid="profile-form"
      >
        <input type="hidden" name="intent" value="profile" />
        <TextField
          name="firstname"
          label={t("accountData.profile.firstname")}
          errors={section.errors}
          defaultValue={v("firstname", profile.firstname)}
          autoComplete="given-name"
          maxLength={100}
        />
        <TextField
          name="lastname"
          label={t("accountData.profile.lastname")}
          errors={section.errors}
          defaultValue={v("lastname", profile.lastname)}
          autoComplete="family-name"
          maxLength={100}
        />
        <TextField
          name="username"
          label={t("accountData.profile.username")}
          errors={section.errors}
          defaultValue={v("username", profile.username)}
          autoComplete="username"
          hint={t("accountData.profile.usernameHint")}
          maxLength={40}
        />
        <PhoneField
          errors={section.errors}
          prefix={v("phonePrefix", profile.phonePrefix)}
          phone={v("phone", profile.phone)}
        />
        <SectionFooter message={section.message}>
          <SectionButton busy={section.busy}>{t("accountData.profile.submit")}</SectionButton>
        </SectionFooter>
      </section.fetcher.Form>
    </AccountSection>
  );
}

/** Whether the invoice address is the contact address (company data aside). */
function sameAddress(invoice: NonNullable<LoaderData["invoice"]>, contact: LoaderData["contact"]) {
  if (!contact) return false;
  const fields = ["name", "street", "city", "zip", "countryCode"] as const;
  return fields.every((name) => (invoice[name] ?? "") === (contact[name] ?? ""));
}

/**
 * Unticking "same as contact" reveals the invoice fields: when they are empty they start as a copy
 * of what the contact address says now (typed or stored), so a company only adds its name and IDs.
 */
function copyContactOnUntick(event: FormEvent<HTMLFormElement>) {
  const target = event.target as HTMLInputElement;
  if (target.name !== "invoiceSame" || target.checked) return;
  const form = event.currentTarget;
  const field = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const texts = ["name", "street", "city", "zip"];
  if (texts.some((name) => field(`invoice.${name}`)?.value)) return;
  for (const name of [...texts, "countryCode"]) {
    const from = field(`contact.${name}`);
    const to = field(`invoice.${name}`);
    if (from && to) to.value = from.value;
  }
}

function AddressesSection({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation();
  const section = useSection("addresses");
  const { contact, invoice, countries } = loaderData;
  const contactValues = addressValues("contact", contact, section.values);
  // Without a separate invoice address the fields start as a copy of the contact address.
  const invoiceValues = addressValues("invoice", invoice ?? contact, section.values);
  // No invoice address, or one at the contact address (a company's): "same" stays ticked.
  const same =
    section.values.invoiceSame !== undefined
      ? section.values.invoiceSame === "on"
      : invoice === null || sameAddress(invoice, contact);
  return (
    <AccountSection id="addresses" title={t("accountData.sections.addresses")}>
      <section.fetcher.Form
        key={section.key}
        ref={section.formRef}
        method="post"
        noValidate
        className="space-y-6"
        data-testid="addresses-form"
        onChange={copyContactOnUntick}
      >
        <input type="hidden" name="intent" value="addresses" />
        <fieldset>
          <legend className="mb-3 text-lg font-semibold text-primary-dark">
            {t("accountData.addresses.contact")}
          </legend>
          <AddressFields
            prefix="contact"
            values={contactValues}
            errors={section.errors}
            countries={countries}
          />
        </fieldset>
        <fieldset className="group/invoice border-t border-line pt-5">
          <legend className="float-left mb-3 w-full text-lg font-semibold text-primary-dark">
            {t("accountData.addresses.invoice")}
          </legend>
          <div className="clear-both mb-4">
            <CheckboxField name="invoiceSame" defaultChecked={same}>
              {t("accountData.addresses.sameAsContact")}
            </CheckboxField>
          </div>
          {/* Hidden by CSS while "same as contact" is ticked: it works before the scripts load. */}
          <div
            className="mb-4 group-has-[input[name=invoiceSame]:checked]/invoice:hidden"
            data-testid="invoice-fields"
          >
            <AddressFields
              prefix="invoice"
              values={invoiceValues}
              errors={section.errors}
              countries={countries}
            />
          </div>
          {/* A company is invoiced at either address: the company's data show either way. */}
          <CompanyFields prefix="invoice" values={invoiceValues} errors={section.errors} />
        </fieldset>
        <SectionFooter message={section.message} errors={section.errors.form}>
          <SectionButton busy={section.busy}>{t("accountData.addresses.submit")}</SectionButton>
        </SectionFooter>
      </section.fetcher.Form>
    </AccountSection>
  );
}

function EmailSection({ profile }: { profile: LoaderData["profile"] }) {
  const { t } = useTranslation();
  const section = useSection("email");
  return (
    <AccountSection id="email" title={t("accountData.sections.email")}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-muted">{t("accountData.email.current")}:</span>
        <strong className="break-all" data-testid="current-email">
          {profile.email}
        </strong>
        <span
          className={`rounded-full px-2 text-sm ${profile.emailConfirmed ? "bg-success/10 text-[#256549]" : "bg-secondary/15 text-[#7a5c1c]"}`}
        >
          {profile.emailConfirmed ? t("accountData.email.confirmed") : t("accountData.email.unconfirmed")}
        </span>
      </p>
      {profile.pendingEmail ? (
        <p className="mt-3 rounded bg-light px-3 py-2 text-sm" data-testid="pending-email">
          {t("accountData.email.pendingNotice", { email: profile.pendingEmail })}
        </p>
      ) : null}
      <section.fetcher.Form
        key={section.key}
        ref={section.formRef}
        method="post"
        noValidate
        className="mt-5 grid gap-4 tablet:grid-cols-2"
        data-testid="email-form"
      >
        <input type="hidden" name="intent" value="email" />
        <TextField
          name="email"
          type="email"
          label={t("accountData.email.newEmail")}
          errors={section.errors}
          defaultValue={section.values.email ?? ""}
          autoComplete="email"
          maxLength={254}
        />
        <PasswordField
          name="currentPassword"
          label={t("accountData.email.currentPassword")}
          errors={section.errors}
          autoComplete="current-password"
        />
        <SectionFooter message={section.message} errors={section.errors.form}>
          <SectionButton busy={section.busy}>{t("accountData.email.submit")}</SectionButton>
        </SectionFooter>
      </section.fetcher.Form>
    </AccountSection>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const section = useSection("password");
  return (
    <AccountSection id="password" title={t("accountData.sections.password")}>
      <section.fetcher.Form
        key={section.key}
        ref={section.formRef}
        method="post"
        noValidate
        className="grid gap-4 tablet:grid-cols-2"
        data-testid="password-form"
      >
        <input type="hidden" name="intent" value="password" />
        <div className="tablet:col-span-2 tablet:max-w-[calc(50%-0.5rem)]">
          <PasswordField
            name="currentPassword"
            label={t("accountData.password.current")}
            errors={section.errors}
            autoComplete="current-password"
          />
        </div>
        <PasswordField
          name="password"
          label={t("accountData.password.new")}
          errors={section.errors}
          hint={t("accountData.password.newHint")}
        />
        <PasswordField
          name="passwordConfirmation"
          label={t("accountData.password.confirmation")}
          errors={section.errors}
        />
        <SectionFooter message={section.message} errors={section.errors.form}>
          <SectionButton busy={section.busy}>{t("accountData.password.submit")}</SectionButton>
        </SectionFooter>
      </section.fetcher.Form>
    </AccountSection>
  );
}

export default function InvoiceAndContactPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <div className="space-y-6" data-testid="account-data-page">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark">{t("accountData.title")}</h1>
        <p className="mt-2 text-muted">{t("accountData.lead")}</p>
      </header>
      <ProfileSection profile={loaderData.profile} />
      <AddressesSection loaderData={loaderData} />
      <AvatarSection />
      <EmailSection profile={loaderData.profile} />
      <PasswordSection />
      <DeleteSection blockers={loaderData.blockers} />
    </div>
  );
}
