import { type ReactNode, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Avatar } from "#app/features/account/account-links.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FormError, PasswordField } from "#app/ui/forms/fields.tsx";
import { useShellData } from "#app/ui/live-counts.ts";
import type { AccountDataForm } from "#core/schemas/account.ts";
import { AccountSection, SavedMessage, SectionButton } from "./section.tsx";

/**
 * The cards of the invoice and contact details page (routes/account/invoice-and-contact.tsx): each
 * is its own form posting an `intent` to the page's action, which answers with a SectionResult.
 */
export type Intent = AccountDataForm["intent"];

export type SectionResult = {
  intent: Intent;
  ok: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  /** What was submitted, for a page rendered without JavaScript; passwords never come back. */
  values?: Record<string, string>;
};

/** What keeps the account from being deleted now. */
export type DeletionBlockers = { sellingAuctions: number; leadingAuctions: number };

/**
 * One card's form state: the fetcher's answer (or, without JavaScript, the page's action data for
 * this card). After a success the form is remounted, once the page's data is fresh, so that it
 * shows what was stored (a normalised postcode) and password fields empty; after a refusal it
 * stays, keeping everything typed, and the first refused field gets the focus.
 */
export function useSection(intent: Intent) {
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

export function AvatarSection() {
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

/** The GDPR export, and the account's deletion (refused while the account has running auctions). */
export function DeleteSection({ blockers }: { blockers: DeletionBlockers }) {
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

export function SectionFooter({
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
