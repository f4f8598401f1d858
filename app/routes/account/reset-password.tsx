import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormCard, FormError, SubmitButton, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { AddressRequestSchema } from "#core/schemas/account.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/reset-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("registration.resetTitle"),
    description: t("registration.resetLead"),
  }));
}

type ActionData = { sent?: boolean; result?: FormReply };

/**
 * Asks for a reset link (`/obnova-hesla`). The answer is the same whether or not the address has
 * an account, so the page cannot be used to find out who is registered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), AddressRequestSchema, locale);
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 422 });
  const result = await services.accounts.passwordReset.request(submission.value, { locale, ip: clientIp });
  if (result.ok) return { sent: true } satisfies ActionData;
  if (result.code === "limited") {
    return data<ActionData>(
      {
        result: submission.reply({
          fieldErrors: { form: [translate(locale, "registration.errors.tooMany")] },
        }),
      },
      { status: 429, headers: { "Retry-After": String(result.details.retryAfterSeconds) } },
    );
  }
  const fieldErrors = translateProblems(locale, result.details.problems);
  return data<ActionData>({ result: submission.reply({ fieldErrors }) }, { status: 422 });
}

export default function ResetPasswordPage() {
  const { locale, t } = useTranslation();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(AddressRequestSchema, actionData?.result);
  const errors = form.allErrors;
  return (
    <FormCard
      title={t("registration.resetTitle")}
      lead={actionData?.sent ? undefined : t("registration.resetLead")}
    >
      {actionData?.sent ? (
        <div className="mt-6 space-y-3" role="status">
          <p className="rounded bg-success/10 px-3 py-3 text-success" data-testid="reset-sent">
            {t("registration.resetSent")}
          </p>
          <p className="text-sm text-muted">{t("registration.resetSentHint")}</p>
        </div>
      ) : (
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-4">
          <FormError messages={errors.form} />
          <TextField
            name="email"
            type="email"
            label={t("registration.email")}
            errors={errors}
            defaultValue={fields.email.initialValue ?? ""}
            autoComplete="email"
            maxLength={254}
          />
          <SubmitButton busy={navigation.state === "submitting"}>
            {t("registration.resetSubmit")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to={localePath("account", locale)} className="text-primary-dark underline">
          {t("registration.backToLogin")}
        </Link>
      </p>
    </FormCard>
  );
}
