import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { handleLogin, type LoginActionData } from "#app/auth.server.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { LoginChallengeFields } from "#app/ui/forms/login-challenge.tsx";
import { useLoginForm } from "#app/ui/forms/use-login-form.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";
import type { Route } from "./+types/login";

/**
 * The login target (`/ucet`, `/en/account`): anonymous users sent from a protected page land
 * here with `redirect`; logged-in users go on to the remembered page or the overview.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("account.loginTitle"),
    description: t("account.loginLead"),
    noindex: true,
  }));
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { user, locale } = context.get(appContext);
  if (user) {
    const wanted = new URL(request.url).searchParams.get("redirect") ?? "";
    throw redirect(safeRedirect(wanted, localePath("accountOverview", locale)));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLogin(request, context);
}

const inputClass =
  "border border-line px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-invalid:border-danger";

export default function LoginPage() {
  const { locale, t } = useTranslation();
  const actionData = useActionData<LoginActionData>();
  const [params] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const login = useLoginForm(actionData, submitting, "login-page");
  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-lg border border-line bg-white p-8 shadow-sm">
        <h1 className="font-serif text-3xl text-primary-dark">{t("account.loginTitle")}</h1>
        <p className="mt-2 text-muted">{t("account.loginLead")}</p>
        {params.get("notice") === "password-changed" ? (
          <p role="status" className="mt-4 rounded bg-success/10 px-3 py-2 text-success">
            {t("registration.passwordChangedNotice")}
          </p>
        ) : null}
        <Form
          ref={login.formRef}
          method="post"
          id={login.form.id}
          className="mt-6 space-y-4"
          noValidate
          onSubmit={login.form.onSubmit}
        >
          <input type="hidden" name="redirect" value={params.get("redirect") ?? ""} />
          <LoginChallengeFields
            proof={login.proof}
            notice={login.challengeNotice}
            className="rounded bg-light px-3 py-2 text-ink"
          />
          <EmailInput error={login.emailError} />
          <PasswordInput error={login.passwordError} reveal={login.reveal} onToggle={login.toggleReveal} />
          {login.loginError ? (
            <p role="alert" data-testid="login-error" className="rounded bg-danger/10 px-3 py-2 text-danger">
              {login.loginError}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={submitting || login.solving}
            className="w-full rounded bg-primary-dark px-4 py-3 font-semibold text-white hover:bg-primary disabled:opacity-60"
          >
            {t("account.loginButton")}
          </button>
        </Form>
        <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
          <Link to={localePath("resetPassword", locale)} className="text-primary-dark underline">
            {t("account.forgotPassword")}
          </Link>
          <Link to={localePath("register", locale)} className="text-primary-dark underline">
            {t("account.register")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function ErrorText({ field, text }: { field: "email" | "password"; text: string | undefined }) {
  return text ? (
    <p id={`login-${field}-error`} className="mt-1 text-sm text-danger" data-testid={`login-${field}-error`}>
      {text}
    </p>
  ) : null;
}

function EmailInput({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="login-email" className="block font-medium">
        {t("account.email")}
      </label>
      <input
        id="login-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "login-email-error" : undefined}
        className={`mt-1 w-full rounded ${inputClass}`}
      />
      <ErrorText field="email" text={error} />
    </div>
  );
}

function PasswordInput({
  error,
  reveal,
  onToggle,
}: {
  error: string | undefined;
  reveal: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="login-password" className="block font-medium">
        {t("account.password")}
      </label>
      <div className="mt-1 flex">
        <input
          id="login-password"
          name="password"
          type={reveal ? "text" : "password"}
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "login-password-error" : undefined}
          className={`w-full rounded-l ${inputClass}`}
        />
        <button
          type="button"
          onClick={onToggle}
          aria-pressed={reveal}
          className="rounded-r border border-l-0 border-line px-3 text-sm text-primary-dark"
        >
          {reveal ? t("account.hidePassword") : t("account.showPassword")}
        </button>
      </div>
      <ErrorText field="password" text={error} />
    </div>
  );
}
