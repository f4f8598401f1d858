import { type RefObject, useEffect, useId } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { LoginChallengeFields } from "#app/ui/forms/login-challenge.tsx";
import { type LoginAnswer, useLoginForm } from "#app/ui/forms/use-login-form.ts";
import { EyeIcon, EyeOffIcon } from "#app/ui/icons.tsx";
import { localePath } from "#core/i18n/paths.ts";

const inputClass =
  "h-11 w-full rounded-md border border-line bg-white px-3.5 text-[0.95rem] text-ink placeholder:text-muted/70 focus:border-primary-dark focus:outline-2 focus:outline-offset-1 focus:outline-primary-dark aria-invalid:border-danger";

/**
 * The widget's form, sent by a fetcher to the login target page's action. A module of its own,
 * loaded when the widget first opens (login-widget.tsx), so pages do not carry the form's schema
 * checks (zod, Conform) before a guest asks to sign in (ADR 0032).
 */
export default function LoginWidgetForm({
  emailRef,
  redirectTo,
}: {
  emailRef: RefObject<HTMLInputElement | null>;
  redirectTo?: string | null;
}) {
  const { locale, t } = useTranslation();
  const fetcher = useFetcher<LoginAnswer>({ key: "header-login" });
  const [params] = useSearchParams();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const login = useLoginForm(fetcher.data, busy, `${id}-form`);
  // Loaded on the first opening: the dropdown focused nothing yet, the e-mail field takes it.
  useEffect(() => {
    emailRef.current?.focus();
  }, [emailRef]);
  return (
    <div className="p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl text-primary-dark">
        {t("header.loginTitle")}
      </h2>
      <p className="mt-1 text-[0.85rem] leading-snug text-muted">{t("header.loginLead")}</p>
      <fetcher.Form
        ref={login.formRef}
        id={login.form.id}
        method="post"
        action={localePath("account", locale)}
        noValidate
        onSubmit={login.form.onSubmit}
        aria-labelledby={`${id}-title`}
        className="mt-5 space-y-4"
      >
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirect" value={redirectTo ?? params.get("redirect") ?? ""} />
        <LoginChallengeFields
          proof={login.proof}
          notice={login.challengeNotice}
          className="rounded-md bg-light px-3 py-2 text-[0.85rem] text-ink"
        />
        <WidgetEmail id={id} inputRef={emailRef} error={login.emailError} />
        <WidgetPassword
          id={id}
          error={login.passwordError}
          reveal={login.reveal}
          onToggle={login.toggleReveal}
        />
        {login.loginError ? (
          <p
            role="alert"
            className="rounded-md border border-danger/20 bg-danger/5 px-3 py-2 text-[0.85rem] text-danger"
            data-testid="header-login-error"
          >
            {login.loginError}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy || login.solving}
          className={`h-11 w-full rounded-md bg-primary-dark font-semibold text-white shadow-sm transition-colors hover:bg-[#173d42] disabled:cursor-wait disabled:opacity-70 ${FOCUS_ON_LIGHT}`}
        >
          {busy || login.solving ? t("header.loggingIn") : t("header.loginButton")}
        </button>
      </fetcher.Form>
    </div>
  );
}

function WidgetError({ id, field, text }: { id: string; field: "email" | "password"; text?: string }) {
  return text ? (
    <p
      id={`${id}-${field}-error`}
      className="mt-1 text-[0.8rem] text-danger"
      data-testid={`login-${field}-error`}
    >
      {text}
    </p>
  ) : null;
}

function WidgetEmail({
  id,
  inputRef,
  error,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={`${id}-email`} className="block text-[0.85rem] font-semibold">
        {t("header.email")}
      </label>
      <input
        ref={inputRef}
        id={`${id}-email`}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-email-error` : undefined}
        className={`mt-1 ${inputClass}`}
      />
      <WidgetError id={id} field="email" text={error} />
    </div>
  );
}

function WidgetPassword({
  id,
  error,
  reveal,
  onToggle,
}: {
  id: string;
  error?: string;
  reveal: boolean;
  onToggle: () => void;
}) {
  const { locale, t } = useTranslation();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={`${id}-password`} className="block text-[0.85rem] font-semibold">
          {t("header.password")}
        </label>
        <Link
          to={localePath("resetPassword", locale)}
          className={`rounded-sm text-[0.8rem] text-primary-dark underline decoration-primary-dark/30 underline-offset-2 hover:decoration-primary-dark ${FOCUS_ON_LIGHT}`}
        >
          {t("header.forgotPassword")}
        </Link>
      </div>
      <div className="relative mt-1">
        <input
          id={`${id}-password`}
          name="password"
          type={reveal ? "text" : "password"}
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-password-error` : undefined}
          className={`${inputClass} pr-12`}
        />
        <button
          type="button"
          onClick={onToggle}
          aria-pressed={reveal}
          aria-controls={`${id}-password`}
          className={`absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-md text-muted hover:text-primary-dark ${FOCUS_ON_LIGHT}`}
          data-testid="password-reveal"
        >
          {reveal ? <EyeOffIcon /> : <EyeIcon />}
          <span className="sr-only">{t("header.showPassword")}</span>
        </button>
      </div>
      <WidgetError id={id} field="password" text={error} />
    </div>
  );
}
