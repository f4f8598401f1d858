import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { clearedSessionCookie } from "#app/auth.server.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import {
  FormCard,
  PasswordField,
  primaryLinkClass,
  ResultCard,
  SubmitButton,
} from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { NewPasswordSchema } from "#core/schemas/registration.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/change-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("registration.changeTitle"), noindex: true }));
}

/** The link from the reset mail (`/zmena-hesla/:hash`): shows the form only while the link is good. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { status: await services.accounts.passwordReset.check(params.hash ?? "") };
}

/** The typed passwords never travel back in the answer. */
const PASSWORDS = ["password", "passwordConfirmation"];

/**
 * Sets the new password, which ends every session of the account (this browser's too), and sends
 * the user to the login page with a notice.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, locale, config } = context.get(appContext);
  const submission = parseForm(await request.formData(), NewPasswordSchema, locale);
  if (submission.status !== "success")
    return data(
      { result: submission.reply({ hideFields: PASSWORDS }) as FormReply, status: null },
      { status: 422 },
    );
  const result = await services.accounts.passwordReset.reset(params.hash ?? "", submission.value);
  if (result.ok) {
    throw redirect(`${localePath("account", locale)}?notice=password-changed`, {
      headers: { "Set-Cookie": clearedSessionCookie(config.publicUrl) },
    });
  }
  if (result.code === "invalid_password")
    return data(
      {
        result: submission.reply({
          fieldErrors: translateProblems(locale, result.details.problems),
          hideFields: PASSWORDS,
        }) as FormReply,
        status: null,
      },
      { status: 422 },
    );
  return data({ result: null, status: result.code }, { status: 410 });
}

export default function ChangePasswordPage() {
  const { locale, t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form] = useSchemaForm(NewPasswordSchema, actionData?.result);
  const status = actionData?.status ?? loaded.status;
  if (status !== "valid") {
    const key = status === "expired" ? "linkExpired" : status === "used" ? "linkUsed" : "linkInvalid";
    return (
      <ResultCard
        tone="danger"
        title={t(`registration.${key}Title`)}
        actions={
          <Link to={localePath("resetPassword", locale)} className={primaryLinkClass}>
            {t("registration.askAgain")}
          </Link>
        }
      >
        <p>{t(`registration.${key}`)}</p>
      </ResultCard>
    );
  }
  const errors = form.allErrors;
  return (
    <FormCard title={t("registration.changeTitle")} lead={t("registration.changeLead")}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-4">
        <PasswordField
          name="password"
          label={t("registration.newPassword")}
          errors={errors}
          hint={t("registration.passwordHint")}
        />
        <PasswordField
          name="passwordConfirmation"
          label={t("registration.newPasswordConfirmation")}
          errors={errors}
        />
        <SubmitButton busy={navigation.state === "submitting"}>{t("registration.changeSubmit")}</SubmitButton>
      </Form>
    </FormCard>
  );
}
