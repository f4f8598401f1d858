import { useRef } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PhoneField } from "#app/components/account/phone-field.tsx";
import { type BotProofSetup, useBotProof } from "#app/components/forms/bot-proof.tsx";
import {
  CheckboxField,
  FormCard,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/register";

/** Registration (`/registrace`, `/en/register`, `/ucet/registrace`): guests only. */
export const middleware = named("guest");

/** Fields echoed back after a refused submit; the passwords never are. */
const KEPT = [
  "email",
  "username",
  "firstname",
  "lastname",
  "phonePrefix",
  "phone",
  "terms",
  "adult",
  "newsletter",
];

export type RegisterActionData = {
  errors: Record<string, string[]>;
  values: Record<string, string>;
  challenge: BotProofSetup["challenge"];
};

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("registration.title"),
    description: t("registration.lead"),
    noindex: true,
  }));
}

async function botSetup(context: Route.LoaderArgs["context"]): Promise<BotProofSetup> {
  const { services, config } = context.get(appContext);
  if (config.recaptchaSiteKey) return { recaptchaSiteKey: config.recaptchaSiteKey, challenge: null };
  return { challenge: await services.accounts.altcha.issue(), recaptchaSiteKey: null };
}

export function loader({ context }: Route.LoaderArgs) {
  return botSetup(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, clientIp } = context.get(appContext);
  const form = await request.formData();
  const raw: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") raw[key] = value;

  const result = await services.accounts.registration.register(raw, {
    locale,
    ip: clientIp,
    proof: { altcha: raw.altcha, recaptchaToken: raw.recaptchaToken },
  });
  // A new address and a registered one get the same redirect, without a session cookie: the
  // owner of a registered one gets a mail instead (ADR 0010). The visitor confirms and logs in.
  if (result.status === "accepted") throw redirect(localePath("registerWelcome", locale));
  const values = Object.fromEntries(KEPT.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  if (result.status === "limited") {
    return data<RegisterActionData>(
      {
        errors: { form: [translate(locale, "registration.errors.tooMany")] },
        values,
        challenge: (await botSetup(context)).challenge,
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<RegisterActionData>(
    { errors: result.errors, values, challenge: (await botSetup(context)).challenge },
    { status: 422 },
  );
}

export default function RegisterPage() {
  const { locale, t } = useTranslation();
  const setup = useLoaderData<typeof loader>();
  const actionData = useActionData<RegisterActionData>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const bot = useBotProof(
    { challenge: actionData?.challenge ?? setup.challenge, recaptchaSiteKey: setup.recaptchaSiteKey },
    formRef,
  );
  const busy = navigation.state === "submitting" || bot.waiting;
  const v = (name: string) => values[name] ?? "";
  const termsLink = "text-primary-dark underline";

  return (
    <FormCard title={t("registration.title")} lead={t("registration.lead")} wide>
      {setup.recaptchaSiteKey ? <style>{".grecaptcha-badge{visibility:hidden}"}</style> : null}
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={bot.onSubmit}
        className="mt-6 grid gap-4 tablet:grid-cols-2"
        data-testid="register-form"
        data-ready={bot.ready || undefined}
      >
        {bot.fields}
        <div className="tablet:col-span-2">
          <FormError messages={errors.form} />
        </div>
        <TextField
          name="email"
          type="email"
          label={t("registration.email")}
          errors={errors}
          defaultValue={v("email")}
          autoComplete="email"
          maxLength={254}
        />
        <TextField
          name="username"
          label={t("registration.username")}
          errors={errors}
          defaultValue={v("username")}
          autoComplete="username"
          hint={t("registration.usernameHint")}
          maxLength={40}
        />
        <PasswordField
          name="password"
          label={t("registration.password")}
          errors={errors}
          hint={t("registration.passwordHint")}
        />
        <PasswordField
          name="passwordConfirmation"
          label={t("registration.passwordConfirmation")}
          errors={errors}
        />
        <TextField
          name="firstname"
          label={t("registration.firstname")}
          errors={errors}
          defaultValue={v("firstname")}
          autoComplete="given-name"
          maxLength={100}
        />
        <TextField
          name="lastname"
          label={t("registration.lastname")}
          errors={errors}
          defaultValue={v("lastname")}
          autoComplete="family-name"
          maxLength={100}
        />
        <PhoneField
          idPrefix="register-phone"
          className="tablet:col-span-2"
          legend={t("registration.phone")}
          hint={t("registration.phoneHint")}
          errors={errors}
          prefix={values.phonePrefix ?? "+420"}
          phone={v("phone")}
        />
        <div className="space-y-3 tablet:col-span-2">
          <CheckboxField name="terms" errors={errors} defaultChecked={values.terms === "on"} required>
            {t("registration.termsBefore")}
            <Link
              to={localePath("info", locale, { id: 1, slug: "obchodni-podminky" })}
              target="_blank"
              className={termsLink}
            >
              {t("registration.termsLink")}
            </Link>
            {t("registration.termsAnd")}
            <Link
              to={localePath("info", locale, { id: 2, slug: "gdpr" })}
              target="_blank"
              className={termsLink}
            >
              {t("registration.privacyLink")}
            </Link>
          </CheckboxField>
          <CheckboxField name="adult" errors={errors} defaultChecked={values.adult === "on"} required>
            {t("registration.adult")}
          </CheckboxField>
          <CheckboxField name="newsletter" errors={errors} defaultChecked={values.newsletter === "on"}>
            {t("registration.newsletter")}
          </CheckboxField>
        </div>
        <div className="tablet:col-span-2">
          <SubmitButton busy={busy}>
            {bot.waiting ? t("registration.checking") : t("registration.submit")}
          </SubmitButton>
          {setup.recaptchaSiteKey ? (
            <p className="mt-2 text-xs text-muted">{t("registration.recaptchaNotice")}</p>
          ) : null}
        </div>
      </Form>
      <p className="mt-6 text-sm">
        {t("registration.haveAccount")}{" "}
        <Link to={localePath("account", locale)} className="text-primary-dark underline">
          {t("registration.login")}
        </Link>
      </p>
    </FormCard>
  );
}
