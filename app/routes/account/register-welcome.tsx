import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import {
  FormError,
  primaryLinkClass,
  ResultCard,
  secondaryLinkClass,
  TextField,
} from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { AddressRequestSchema } from "#core/schemas/account.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
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

type ActionData = { sent?: boolean; result?: FormReply };

/**
 * Sends the confirmation link again to the address typed (or the signed-in account's). The answer
 * is the same whether or not the address has an unconfirmed account, so the form cannot be used
 * to find out who is registered; requests are rate-limited per IP, mails per address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), AddressRequestSchema, locale);
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 422 });
  const meta = { locale, ip: clientIp };
  const result = await services.accounts.emailConfirmation.requestResend(submission.value, meta);
  if (result.ok) return { sent: true } satisfies ActionData;
  if (result.code === "limited")
    return data<ActionData>(
      {
        result: submission.reply({
          fieldErrors: { form: [translate(locale, "registration.errors.tooMany")] },
        }),
      },
      { status: 429, headers: { "Retry-After": String(result.details.retryAfterSeconds) } },
    );
  const fieldErrors = translateProblems(locale, result.details.problems);
  return data<ActionData>({ result: submission.reply({ fieldErrors }) }, { status: 422 });
}

export default function RegisterWelcome() {
  const { locale, t } = useTranslation();
  const { email, confirmed } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
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
            <ResendForm result={actionData?.result} email={email} />
          )}
        </section>
      )}
    </ResultCard>
  );
}

/** The address to send the confirmation to again: the typed one, or the signed-in account's. */
function ResendForm({ result, email }: { result: FormReply | undefined; email: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(AddressRequestSchema, result);
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-2 flex flex-col gap-3">
      <FormError messages={form.allErrors.form} />
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={t("registration.email")}
        defaultValue={fields.email.initialValue ?? email ?? ""}
        errors={form.allErrors}
      />
      <button
        type="submit"
        disabled={busy}
        className="self-start rounded bg-primary-dark px-5 py-2.5 font-semibold text-white hover:bg-primary disabled:opacity-60"
      >
        {t("registration.welcomeResendButton")}
      </button>
    </Form>
  );
}
