import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  FormError,
  primaryLinkClass,
  ResultCard,
  secondaryLinkClass,
  TextField,
} from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/register-welcome";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("pages.metaTitles.welcome"), noindex: true }));
}

/**
 * Where registration lands (`/registrace/dekujeme`): check your inbox, then log in. Registration
 * logs nobody in (a registered address must get the same answer as a new one, ADR 0010), so the
 * signed-in variant only shows to someone who comes back here logged in.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  return { email: user?.email ?? null, confirmed: user?.emailConfirmed ?? false };
}

type ActionData = { sent?: boolean; errors?: Record<string, string[]>; email?: string };

/**
 * Sends the confirmation link again to the address typed (or the signed-in account's). The answer
 * is the same whether or not the address has an unconfirmed account, so the form cannot be used
 * to find out who is registered; requests are rate-limited per IP, mails per address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, clientIp } = context.get(appContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const result = await services.accounts.emailConfirmation.requestResend({ email }, { locale, ip: clientIp });
  if (result.status === "accepted") return { sent: true, email } satisfies ActionData;
  if (result.status === "limited")
    return data<ActionData>(
      { errors: { form: [translate(locale, "registration.errors.tooMany")] }, email },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  return data<ActionData>({ errors: result.errors, email }, { status: 422 });
}

export default function RegisterWelcome() {
  const { locale, t } = useTranslation();
  const { email, confirmed } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  return (
    <ResultCard
      tone="success"
      title={t("registration.welcomeTitle")}
      actions={
        <>
          <Link to={localePath("accountOverview", locale)} className={primaryLinkClass}>
            {t("registration.welcomeAccount")}
          </Link>
          <Link to={localePath("dailyAuctions", locale)} className={secondaryLinkClass}>
            {t("registration.welcomeBrowse")}
          </Link>
        </>
      }
    >
      {email ? <p className="text-lg">{t("registration.welcomeLead")}</p> : null}
      <p>{t("registration.welcomeConfirm")}</p>
      {email ? (
        <p className="font-semibold" data-testid="welcome-email">
          {t("registration.welcomeConfirmTo", { email })}
        </p>
      ) : null}
      {email ? null : <p data-testid="welcome-login">{t("registration.welcomeLogin")}</p>}
      <p className="text-sm text-muted">{t("registration.welcomeNoMail")}</p>
      {confirmed ? null : (
        <section
          aria-labelledby="welcome-resend-title"
          className="mt-2 border-t border-line pt-4 text-left"
          data-testid="welcome-resend"
        >
          <h2 id="welcome-resend-title" className="font-semibold text-ink">
            {t("registration.welcomeResendTitle")}
          </h2>
          {actionData?.sent ? (
            <p
              role="status"
              className="mt-2 rounded bg-success/10 px-3 py-2 text-success"
              data-testid="welcome-resend-sent"
            >
              {t("registration.welcomeResendSent")}
            </p>
          ) : (
            <Form method="post" noValidate className="mt-2 flex flex-col gap-3">
              <FormError messages={actionData?.errors?.form} />
              <TextField
                name="email"
                type="email"
                autoComplete="email"
                label={t("registration.email")}
                defaultValue={actionData?.email ?? email ?? ""}
                errors={actionData?.errors}
              />
              <button
                type="submit"
                disabled={busy}
                className="self-start rounded bg-primary-dark px-5 py-2.5 font-semibold text-white hover:bg-primary disabled:opacity-60"
              >
                {t("registration.welcomeResendButton")}
              </button>
            </Form>
          )}
        </section>
      )}
    </ResultCard>
  );
}
