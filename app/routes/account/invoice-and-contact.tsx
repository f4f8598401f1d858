import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { data, redirect, useActionData, useFetcher, useLoaderData } from "react-router";
import { clearedSessionCookie } from "#app/auth.server.ts";
import { AddressFields, type AddressValues, CompanyFields } from "#app/components/account/address-fields.tsx";
import { PhoneField } from "#app/components/account/phone-field.tsx";
import { AccountSection, SavedMessage, SectionButton } from "#app/components/account/section.tsx";
import { CheckboxField, FormError, PasswordField, TextField } from "#app/components/forms/fields.tsx";
import { Avatar } from "#app/components/header/account-links.tsx";
import { useShellData } from "#app/components/header/live-counts.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/invoice-and-contact";
import { readLimitedFormData } from "./invoice-and-contact.server.ts";

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

const INTENTS = ["profile", "addresses", "avatar", "avatarRemove", "email", "password", "delete"] as const;
type Intent = (typeof INTENTS)[number];

export type SectionResult = {
  intent: Intent;
  ok: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  /** What was submitted, for a page rendered without JavaScript; passwords never come back. */
  values?: Record<string, string>;
};

const ADDRESS_FIELDS = [
  "name",
  "street",
  "city",
  "zip",
  "countryCode",
  "isCompany",
  "company",
  "companyId",
  "taxId",
];
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
  const { services, user, locale, config, clientIp, sessionTokenHash } = context.get(appContext);
  const userId = user!.id;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const reply = (result: SectionResult, status = result.ok ? 200 : 422) => data(result, { status });

  const form = await readLimitedFormData(request, BODY_LIMIT);
  if (!form) {
    return reply(
      { intent: "avatar", ok: false, errors: { avatar: [t("accountData.errors.avatarTooLarge")] } },
      413,
    );
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const pick = (names: string[], prefix = "") =>
    Object.fromEntries(names.map((name) => [name, text(`${prefix}${name}`)]));
  const requested = text("intent");
  const intent = (INTENTS as readonly string[]).includes(requested) ? (requested as Intent) : null;
  const meta = { locale, ip: clientIp };

  switch (intent) {
    case "profile": {
      const raw = pick(["firstname", "lastname", "username", "phonePrefix", "phone"]);
      const result = await services.accountData.updateProfile(userId, raw, locale);
      if (result.status === "invalid")
        return reply({ intent, ok: false, errors: result.errors, values: raw });
      return reply({ intent, ok: true, message: t("accountData.profile.saved") });
    }
    case "addresses": {
      const contact = pick(ADDRESS_FIELDS, "contact.");
      const invoice = pick(ADDRESS_FIELDS, "invoice.");
      const same = text("invoiceSame") === "on";
      // A company at the contact address: its invoice address is the contact address with the
      // company's name and IDs (invoices read the invoice address). Otherwise "same" has none.
      const company = pick(["isCompany", "company", "companyId", "taxId"], "invoice.");
      const invoiceAddress = !same ? invoice : company.isCompany === "on" ? { ...contact, ...company } : null;
      const result = await services.accountData.saveContactAndInvoice(
        userId,
        { contact, invoice: invoiceAddress },
        locale,
      );
      if (result.status === "invalid") {
        const values: Record<string, string> = { invoiceSame: same ? "on" : "" };
        for (const [name, value] of Object.entries(contact)) values[`contact.${name}`] = value;
        for (const [name, value] of Object.entries(invoice)) values[`invoice.${name}`] = value;
        return reply({ intent, ok: false, errors: result.errors, values });
      }
      return reply({ intent, ok: true, message: t("accountData.addresses.saved") });
    }
    case "avatar": {
      const file = form.get("avatar");
      if (!(file instanceof File) || file.size === 0)
        return reply({ intent, ok: false, errors: { avatar: [t("validation.required")] } });
      const result = await services.accountData.setAvatar(
        userId,
        new Uint8Array(await file.arrayBuffer()),
        locale,
      );
      // Refused or over the upload limit: the message shows at the field.
      if (result.status !== "saved") return reply({ intent, ok: false, errors: result.errors });
      return reply({ intent, ok: true, message: t("accountData.avatar.saved") });
    }
    case "avatarRemove": {
      await services.accountData.removeAvatar(userId);
      return reply({ intent: "avatar", ok: true, message: t("accountData.avatar.removed") });
    }
    case "email": {
      const raw = pick(["email", "currentPassword"]);
      const result = await services.accountData.requestEmailChange(userId, raw, meta);
      if (result.status !== "pending") {
        return reply(
          { intent, ok: false, errors: result.errors, values: { email: raw.email } },
          result.status === "limited" ? 429 : 422,
        );
      }
      return reply({ intent, ok: true, message: t("accountData.email.pending", { email: result.email }) });
    }
    case "password": {
      const raw = pick(["currentPassword", "password", "passwordConfirmation"]);
      const result = await services.accountData.changePassword(userId, raw, {
        ...meta,
        keepSessionHash: sessionTokenHash,
      });
      if (result.status !== "changed")
        return reply({ intent, ok: false, errors: result.errors }, result.status === "limited" ? 429 : 422);
      return reply({ intent, ok: true, message: t("accountData.password.changed") });
    }
    case "delete": {
      const result = await services.accountData.deleteAccount(userId, pick(["password"]), meta);
      if (result.status !== "deleted")
        return reply({ intent, ok: false, errors: result.errors }, result.status === "limited" ? 429 : 422);
      // Every session is revoked; the browser forgets its cookie too.
      throw redirect(localePath("home", locale), {
        headers: { "Set-Cookie": clearedSessionCookie(config.publicUrl) },
      });
    }
    default:
      return reply({ intent: "profile", ok: false, errors: { form: [t("errors.general")] } }, 400);
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/**
 * One card's form state: the fetcher's answer (or, without JavaScript, the page's action data for
 * this card). After a success the form is remounted, once the page's data is fresh, so that it
 * shows what was stored (a normalised postcode) and password fields empty; after a refusal it
 * stays, keeping everything typed, and the first refused field gets the focus.
 */
function useSection(intent: Intent) {
  const fetcher = useFetcher<SectionResult>({ key: `account-data-${intent}` });
  const actionData = useActionData<SectionResult>();
  const result = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) setGeneration((value) => value + 1);
    else formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [fetcher.state, fetcher.data]);
  const failed = result && !result.ok ? result : undefined;
  return {
    fetcher,
    formRef,
    busy: fetcher.state !== "idle",
    key: `${intent}-${generation}`,
    errors: failed?.errors ?? {},
    values: failed?.values ?? {},
    message: result?.ok ? result.message : null,
  };
}

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

function AvatarSection() {
  const { t } = useTranslation();
  const section = useSection("avatar");
  const user = useShellData()?.user ?? null;
  return (
    <AccountSection id="avatar" title={t("accountData.sections.avatar")}>
      <div className="flex flex-col gap-5 tablet:flex-row tablet:items-start">
        <div className="flex items-center gap-4 tablet:flex-col tablet:items-center">
          {user ? <Avatar user={user} size="size-24" tone="light" /> : null}
          <p className="text-sm text-muted tablet:max-w-32 tablet:text-center" data-testid="avatar-state">
            {user?.avatarFileName ? t("accountData.avatar.current") : t("accountData.avatar.none")}
          </p>
        </div>
        <section.fetcher.Form
          key={section.key}
          ref={section.formRef}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="min-w-0 flex-1 space-y-4"
          data-testid="avatar-form"
        >
          <FileField
            name="avatar"
            label={t("accountData.avatar.file")}
            hint={t("accountData.avatar.hint")}
            errors={section.errors}
          />
          <SectionFooter message={section.message}>
            <SectionButton busy={section.busy} name="intent" value="avatar">
              {t("accountData.avatar.submit")}
            </SectionButton>
            {user?.avatarFileName ? (
              <SectionButton busy={section.busy} name="intent" value="avatarRemove" tone="secondary">
                {t("accountData.avatar.remove")}
              </SectionButton>
            ) : null}
          </SectionFooter>
        </section.fetcher.Form>
      </div>
    </AccountSection>
  );
}

function FileField({
  name,
  label,
  hint,
  errors,
}: {
  name: string;
  label: string;
  hint: string;
  errors: Record<string, string[]>;
}) {
  const messages = errors[name];
  return (
    <div>
      <label htmlFor={`${name}-file`} className="block font-medium">
        {label}
      </label>
      <input
        id={`${name}-file`}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={`${name}-hint${messages?.length ? ` ${name}-error` : ""}`}
        className="mt-1 block w-full rounded border border-line bg-white text-sm file:mr-3 file:border-0 file:border-r file:border-line file:bg-light file:px-3 file:py-2 file:font-semibold file:text-primary-dark aria-[invalid=true]:border-danger"
      />
      <p id={`${name}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {messages?.length ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
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

function DeleteSection({ blockers }: { blockers: LoaderData["blockers"] }) {
  const { t } = useTranslation();
  const section = useSection("delete");
  const warnings = [
    blockers.sellingAuctions > 0 &&
      t("accountData.delete.blockedSelling", { count: blockers.sellingAuctions }),
    blockers.leadingAuctions > 0 &&
      t("accountData.delete.blockedLeading", { count: blockers.leadingAuctions }),
  ].filter((warning): warning is string => Boolean(warning));
  return (
    <AccountSection id="delete" title={t("accountData.sections.delete")} tone="danger">
      <div className="rounded-lg bg-light p-4">
        <h3 className="font-semibold text-primary-dark">{t("accountData.delete.exportTitle")}</h3>
        <p className="mt-1 text-sm">{t("accountData.delete.exportText")}</p>
        {/* A plain link: the API answers with Content-Disposition: attachment. */}
        <a
          href="/api/me/export"
          download
          className="mt-3 inline-flex min-h-11 items-center rounded border border-primary-dark bg-white px-4 py-2 font-semibold text-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
          data-testid="export-link"
        >
          {t("accountData.delete.exportButton")}
        </a>
      </div>
      <p className="mt-5">{t("accountData.delete.whatHappens")}</p>
      {warnings.length > 0 ? (
        <ul className="mt-4 space-y-2" data-testid="delete-blockers">
          {warnings.map((warning) => (
            <li
              key={warning}
              className="rounded border-l-4 border-secondary bg-secondary/10 px-3 py-2 text-sm"
            >
              {warning}
            </li>
          ))}
        </ul>
      ) : null}
      {/* While something blocks the deletion, the server would only refuse it: no form to fill in vain. */}
      {warnings.length > 0 ? null : (
        <section.fetcher.Form
          key={section.key}
          ref={section.formRef}
          method="post"
          noValidate
          className="mt-5 grid gap-4 tablet:grid-cols-2 tablet:items-end"
          data-testid="delete-form"
        >
          <input type="hidden" name="intent" value="delete" />
          <PasswordField
            name="password"
            label={t("accountData.delete.password")}
            errors={section.errors}
            autoComplete="current-password"
          />
          <div className="tablet:pb-px">
            <SectionButton busy={section.busy} tone="danger">
              {t("accountData.delete.submit")}
            </SectionButton>
          </div>
          <div className="tablet:col-span-2">
            <FormError messages={section.errors.form} />
          </div>
        </section.fetcher.Form>
      )}
    </AccountSection>
  );
}

function SectionFooter({
  children,
  message,
  errors,
}: {
  children: ReactNode;
  message?: string | null;
  errors?: string[];
}) {
  return (
    <div className="space-y-3 tablet:col-span-2">
      <FormError messages={errors} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {children}
        <SavedMessage message={message} />
      </div>
    </div>
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
