import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { clearedSessionCookie } from "#app/auth.server.ts";
import {
  FormCard,
  PasswordField,
  primaryLinkClass,
  ResultCard,
  SubmitButton,
} from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/change-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("registration.changeTitle"), noindex: true }));
}

/** The link from the reset mail (`/zmena-hesla/:hash`): shows the form only while the link is good. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { status: await services.accounts.passwordReset.check(params.hash ?? "") };
}

/**
 * Sets the new password, which ends every session of the account (this browser's too), and sends
 * the user to the login page with a notice.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, locale, config } = context.get(appContext);
  const form = await request.formData();
  const result = await services.accounts.passwordReset.reset(
    params.hash ?? "",
    {
      password: form.get("password") ?? undefined,
      passwordConfirmation: form.get("passwordConfirmation") ?? undefined,
    },
    locale,
  );
  if (result.status === "changed") {
    throw redirect(`${localePath("account", locale)}?notice=password-changed`, {
      headers: { "Set-Cookie": clearedSessionCookie(config.publicUrl) },
    });
  }
  if (result.status === "invalid_password")
    return data({ errors: result.errors, status: null }, { status: 422 });
  return data({ errors: {}, status: result.status }, { status: 410 });
}

export default function ChangePasswordPage() {
  const { locale, t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
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
  const errors = actionData?.errors ?? {};
  return (
    <FormCard title={t("registration.changeTitle")} lead={t("registration.changeLead")}>
      <Form method="post" noValidate className="mt-6 space-y-4">
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
