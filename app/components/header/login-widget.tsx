import { type RefObject, useId, useRef } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { LoginChallengeFields } from "../forms/login-challenge.tsx";
import { type LoginAnswer, useLoginForm } from "../forms/use-login-form.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { EyeIcon, EyeOffIcon, UserIcon } from "../ui/icons.tsx";
import { BAR_ICON_BUTTON, FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "./shared.ts";

type LoginWidgetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go after logging in, when the visitor asked for a page (the add-auction button). */
  redirectTo?: string | null;
};

/**
 * The guests' login widget (docs/product/screens.md, "Parts of every page"): e-mail, password with reveal,
 * login, password reset and registration. It posts to the login target page's action (`/ucet`), which either
 * redirects (logged in; the router follows) or answers 422 with `{ errors }`. After login it goes where the
 * redirect targets say (docs/product/calls-and-errors.md): the `redirect` query value when safe (the server
 * checks), else the account overview (an empty value makes the server fall back to it).
 */
export function LoginWidget({ open, onOpenChange, redirectTo }: LoginWidgetProps) {
  const { locale, t } = useTranslation();
  const emailRef = useRef<HTMLInputElement>(null);
  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      initialFocus={emailRef}
      data-testid="login-widget"
      panelClassName="absolute right-0 top-full z-50 mt-3 w-[min(23rem,calc(100vw-2rem))] overflow-hidden rounded-xl bg-white text-ink shadow-2xl ring-1 ring-ink/10"
      trigger={(props) => (
        <button
          {...props}
          className={`${BAR_ICON_BUTTON} aria-expanded:bg-white/15 tablet:w-auto tablet:gap-2 tablet:px-3.5 ${FOCUS_ON_DARK}`}
          data-testid="login-trigger"
        >
          <UserIcon className="size-6 tablet:size-5" />
          <span className="sr-only tablet:not-sr-only tablet:text-[0.9rem] tablet:font-medium">
            {t("header.login")}
          </span>
        </button>
      )}
    >
      <div className="h-1 bg-secondary" />
      <LoginWidgetForm emailRef={emailRef} redirectTo={redirectTo} />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-line bg-light px-6 py-4">
        <span className="text-[0.85rem] text-muted">{t("header.noAccount")}</span>
        <Link
          to={localePath("register", locale)}
          className={`inline-flex h-9 items-center rounded-md border border-primary-dark px-3.5 text-[0.85rem] font-semibold text-primary-dark transition-colors hover:bg-primary-dark hover:text-white ${FOCUS_ON_LIGHT}`}
        >
          {t("header.register")}
        </Link>
      </div>
    </Dropdown>
  );
}

const inputClass =
  "h-11 w-full rounded-md border border-line bg-white px-3.5 text-[0.95rem] text-ink placeholder:text-muted/70 focus:border-primary-dark focus:outline-2 focus:outline-offset-1 focus:outline-primary-dark aria-invalid:border-danger";

/** The widget's form, sent by a fetcher to the login target page's action. */
function LoginWidgetForm({
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
