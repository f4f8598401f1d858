import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

/** Field errors as the server answers them (docs/product/calls-and-errors.md): field name to messages. */
export type FieldErrors = Record<string, string[] | undefined>;

const inputClass =
  "w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";

function ErrorText({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger" data-field-error>
      {messages.join(" ")}
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-sm text-muted">
      {children}
    </p>
  ) : null;
}

/** A field's label, with the star of a required field (hidden from screen readers: the input says it). */
export function FieldLabel({
  htmlFor,
  required = false,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="block font-medium">
      {children}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

const describedBy = (...ids: unknown[]) =>
  ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;

type TextFieldProps = {
  name: string;
  label: string;
  errors?: FieldErrors;
  type?: "text" | "email" | "tel";
  defaultValue?: string;
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  inputMode?: "text" | "numeric" | "email" | "tel";
  maxLength?: number;
};

/** A labelled input with its hint and its errors under it, wired for screen readers. */
export function TextField({
  name,
  label,
  errors,
  hint,
  type = "text",
  required = true,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, messages?.length && `${id}-error`)}
        className={`mt-1 ${inputClass}`}
        {...rest}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A labelled select with its errors, styled like TextField. */
export function SelectField({
  name,
  label,
  errors,
  options,
  placeholder,
  required = true,
  ...rest
}: {
  name: string;
  label: string;
  errors?: FieldErrors;
  defaultValue?: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <select
        id={id}
        name={name}
        required={required}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={describedBy(messages?.length && `${id}-error`)}
        className={`mt-1 ${inputClass}`}
        {...rest}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A password input with a show/hide toggle; it never gets a value back from the server. */
export function PasswordField({
  name,
  label,
  errors,
  hint,
  autoComplete = "new-password",
}: {
  name: string;
  label: string;
  errors?: FieldErrors;
  hint?: ReactNode;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const messages = errors?.[name];
  return (
    <div>
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      <div className="mt-1 flex">
        <input
          id={id}
          name={name}
          type={reveal ? "text" : "password"}
          autoComplete={autoComplete}
          required
          maxLength={1024}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, messages?.length && `${id}-error`)}
          className={`${inputClass} rounded-r-none`}
        />
        <button
          type="button"
          onClick={() => setReveal((v) => !v)}
          aria-pressed={reveal}
          aria-label={`${reveal ? t("account.hidePassword") : t("account.showPassword")}: ${label}`}
          className="rounded-r border border-l-0 border-line bg-white px-3 text-sm text-primary-dark"
        >
          {reveal ? t("account.hidePassword") : t("account.showPassword")}
        </button>
      </div>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A checkbox with a rich label (links allowed) and its errors. */
export function CheckboxField({
  name,
  children,
  errors,
  defaultChecked,
  required,
}: {
  name: string;
  children: ReactNode;
  errors?: FieldErrors;
  defaultChecked?: boolean;
  required?: boolean;
}) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={defaultChecked}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 accent-primary-dark"
        />
        <label htmlFor={id} className="leading-snug">
          {children}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** Errors that belong to the whole form (bot check, rate limit). */
export function FormError({ messages }: { messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p role="alert" data-testid="form-error" className="rounded bg-danger/10 px-3 py-2 text-danger">
      {messages.join(" ")}
    </p>
  );
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="w-full rounded bg-primary-dark px-4 py-3 font-semibold text-white hover:bg-primary disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** The white card on the page background that every account form sits in. */
export function FormCard({
  title,
  lead,
  children,
  wide,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="container-page flex justify-center py-8 tablet:py-12">
      <div
        className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-lg border border-line bg-white p-5 shadow-sm tablet:p-8`}
      >
        <h1 className="font-serif text-3xl text-primary-dark">{title}</h1>
        {lead ? <p className="mt-2 text-muted">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A result page after a link from a mail: a title, what happened, and where to go next. */
export function ResultCard({
  title,
  tone,
  children,
  actions,
}: {
  title: string;
  tone: "success" | "danger" | "neutral";
  children: ReactNode;
  actions?: ReactNode;
}) {
  const mark = tone === "success" ? "✓" : tone === "danger" ? "!" : "i";
  const markClass =
    tone === "success"
      ? "bg-success text-white"
      : tone === "danger"
        ? "bg-danger text-white"
        : "bg-secondary text-white";
  return (
    <section className="container-page flex justify-center py-8 tablet:py-12">
      <div
        className="w-full max-w-xl rounded-lg border border-line bg-white p-6 text-center shadow-sm tablet:p-10"
        data-testid={`result-${tone}`}
      >
        <span
          aria-hidden="true"
          className={`mx-auto flex size-12 items-center justify-center rounded-full text-2xl font-bold ${markClass}`}
        >
          {mark}
        </span>
        <h1 className="mt-4 font-serif text-3xl text-primary-dark">{title}</h1>
        <div className="mt-3 space-y-3 text-ink">{children}</div>
        {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
      </div>
    </section>
  );
}

export const primaryLinkClass =
  "inline-block rounded bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-primary";
export const secondaryLinkClass =
  "inline-block rounded border border-primary-dark px-5 py-3 font-semibold text-primary-dark hover:bg-light";
