import type { ReactNode } from "react";
import { Form } from "react-router";
import { AccountSection, SectionButton } from "#app/features/account/section.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { CheckboxField, type FieldErrors, FormError, TextField } from "#app/ui/forms/fields.tsx";
import type { SellerDeclarationView } from "#core/contracts/traders.ts";

/** What the trader form shows: the stored data, or what was typed and sent back. */
export type TraderValues = Record<
  | "ico"
  | "name"
  | "street"
  | "city"
  | "zip"
  | "phone"
  | "email"
  | "registerName"
  | "registerNumber"
  | "paymentAccount",
  string
> & { selfCertification: boolean };

export type DeclarationAnswer = {
  intent: "private" | "trader" | "ares";
  ok: boolean;
  message: string | null;
  errors: FieldErrors;
  values: TraderValues;
  /** Remounts the form so that its fields show the answer's values (the ARES prefill). */
  generation: number;
};

/** The choice between a private person and a trader: radios that show the matching form (CSS only, before scripts too). */
export function KindChoice({ kind }: { kind: "private" | "trader" | null }) {
  const { t } = useTranslation();
  const option = (value: "private" | "trader") => (
    <label className="flex flex-1 cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4 has-[:checked]:border-primary-dark has-[:checked]:ring-1 has-[:checked]:ring-primary-dark">
      <input
        type="radio"
        name="kind-choice"
        value={value}
        id={`kind-${value}`}
        defaultChecked={kind === value}
        className="mt-1 size-5 shrink-0 accent-primary-dark"
        data-testid={`kind-${value}`}
      />
      <span>
        <span className="block font-semibold text-primary-dark">{t(`traders.page.${value}`)}</span>
        <span className="block text-sm text-muted">{t(`traders.page.${value}Hint`)}</span>
      </span>
    </label>
  );
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-primary-dark">{t("traders.page.kindLegend")}</legend>
      <div className="flex flex-col gap-3 tablet:flex-row">
        {option("private")}
        {option("trader")}
      </div>
    </fieldset>
  );
}

export function PrivateForm({ answer }: { answer: DeclarationAnswer | null }) {
  const { t } = useTranslation();
  return (
    <AccountSection id="private" title={t("traders.page.private")}>
      <p className="text-muted">{t("traders.page.privateNotice")}</p>
      <Form method="post" className="mt-4 flex flex-col gap-3" data-testid="private-form">
        {answer?.intent === "private" && !answer.ok ? <FormError messages={answer.errors.form} /> : null}
        <div>
          <SectionButton name="intent" value="private">
            {t("traders.page.savePrivate")}
          </SectionButton>
        </div>
      </Form>
    </AccountSection>
  );
}

function AresState({ view }: { view: SellerDeclarationView | null }) {
  const { t, locale } = useTranslation();
  if (view?.kind !== "trader") return null;
  return (
    <div className="mb-5 flex flex-col gap-1 rounded-lg bg-light px-4 py-3 text-sm" data-testid="ares-state">
      {view.aresVerifiedAt ? (
        <p className="font-semibold text-[#1f5c44]">
          ✓ {t("traders.page.verified", { date: formatDate(view.aresVerifiedAt, locale) })}
        </p>
      ) : null}
      {view.aresName ? (
        <p className="text-muted">
          {t("traders.page.aresHas", { name: view.aresName, address: view.aresAddress ?? "" })}
        </p>
      ) : null}
      {view.selfCertifiedAt ? (
        <p className="text-muted">
          {t("traders.page.selfCertifiedAt", { date: formatDate(view.selfCertifiedAt, locale) })}
        </p>
      ) : null}
    </div>
  );
}

/** The trader's DSA Art 30 data: IČO first with "Načíst z ARES", then the rest; nothing typed is lost on a refusal. */
/** The IČO with "Načíst z ARES" beside it, and what ARES answered. */
function IcoRow({ field, answer }: { field: FieldOf; answer: DeclarationAnswer | null }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-col gap-2 tablet:col-span-2 tablet:flex-row tablet:items-start">
        <div className="tablet:w-1/2">
          {field("ico", { inputMode: "numeric", maxLength: 12, hint: t("traders.page.icoHint") })}
        </div>
        <button
          type="submit"
          name="intent"
          value="ares"
          formNoValidate
          className="rounded-lg border border-primary-dark px-4 py-2 font-semibold text-primary-dark hover:bg-light tablet:mt-7"
          data-testid="ares-load"
        >
          {t("traders.page.aresLoad")}
        </button>
      </div>
      {answer?.intent === "ares" && answer.ok && answer.message ? (
        <p
          role="status"
          className="rounded bg-success/10 px-3 py-2 text-sm tablet:col-span-2"
          data-testid="ares-loaded"
        >
          {answer.message}
        </p>
      ) : null}
    </>
  );
}

/** The save's outcome above its button. */
function SaveFooter({ answer }: { answer: DeclarationAnswer | null }) {
  const { t } = useTranslation();
  const shown =
    answer && answer.intent !== "private" && answer.message && !(answer.intent === "ares" && answer.ok);
  return (
    <div className="flex flex-col gap-3 tablet:col-span-2">
      {shown ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`rounded px-3 py-2 ${answer.ok ? "bg-success/10 text-[#1f5c44]" : "bg-danger/10 text-danger"}`}
          data-testid="trader-message"
        >
          {answer.message}
        </p>
      ) : null}
      <div>
        <SectionButton name="intent" value="trader">
          {t("traders.page.saveTrader")}
        </SectionButton>
      </div>
    </div>
  );
}

type FieldName = Exclude<keyof TraderValues, "selfCertification">;
type FieldOf = (name: FieldName, extra?: Partial<Parameters<typeof TextField>[0]>) => ReactNode;

/** The trader's DSA Art 30 data: IČO first with "Načíst z ARES", then the rest; nothing typed is lost on a refusal. */
export function TraderForm({
  view,
  values,
  answer,
}: {
  view: SellerDeclarationView | null;
  values: TraderValues;
  answer: DeclarationAnswer | null;
}) {
  const { t } = useTranslation();
  const errors = answer?.errors ?? {};
  const field: FieldOf = (name, extra = {}) => (
    <TextField
      name={name}
      label={t(`traders.page.${name}`)}
      errors={errors}
      defaultValue={values[name]}
      {...extra}
    />
  );
  return (
    <AccountSection id="trader" title={t("traders.page.traderTitle")} lead={t("traders.page.traderLead")}>
      <AresState view={view} />
      <Form
        method="post"
        noValidate
        key={answer?.generation ?? 0}
        className="grid gap-4 tablet:grid-cols-2"
        data-testid="trader-form"
      >
        {/* Enter in a field saves (the form's first submit button is the default), not "Načíst z ARES". */}
        <button
          type="submit"
          name="intent"
          value="trader"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
        >
          {t("traders.page.saveTrader")}
        </button>
        <IcoRow field={field} answer={answer} />
        <div className="tablet:col-span-2">
          {field("name", { autoComplete: "organization", maxLength: 200 })}
        </div>
        <div className="tablet:col-span-2">
          {field("street", { autoComplete: "street-address", maxLength: 200 })}
        </div>
        {field("city", { autoComplete: "address-level2", maxLength: 100 })}
        {field("zip", { autoComplete: "postal-code", inputMode: "numeric", maxLength: 10 })}
        {field("phone", { type: "tel", autoComplete: "tel", inputMode: "tel", maxLength: 20 })}
        {field("email", { type: "email", autoComplete: "email", inputMode: "email", maxLength: 254 })}
        {field("registerName", { hint: t("traders.page.registerNameHint"), maxLength: 200 })}
        {field("registerNumber", { hint: t("traders.page.registerNumberHint"), maxLength: 60 })}
        <div className="tablet:col-span-2">
          {field("paymentAccount", { hint: t("traders.page.paymentAccountHint"), maxLength: 50 })}
        </div>
        <div className="tablet:col-span-2">
          <CheckboxField
            name="selfCertification"
            errors={errors}
            defaultChecked={values.selfCertification}
            required
          >
            {t("traders.page.selfCertification")}
          </CheckboxField>
        </div>
        <SaveFooter answer={answer} />
      </Form>
    </AccountSection>
  );
}
