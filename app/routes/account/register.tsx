import { useRef } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { PhoneField } from "#app/features/account/phone-field.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type BotProofSetup, useBotProof } from "#app/ui/forms/bot-proof.tsx";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import {
  CheckboxField,
  type FieldErrors,
  FormCard,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { RegistrationFormSchema } from "#core/schemas/registration.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/register";

/** Registration (`/registrace`, `/en/register`, `/ucet/registrace`): guests only. */
export const middleware = named("guest");

/** What a refusal never sends back: the passwords and the bot check's answers. */
const HIDDEN = ["password", "passwordConfirmation", "altcha", "recaptchaToken"];

export type RegisterActionData = {
  result: FormReply;
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

/**
 * The service judges the form as sent, also when the browser's check would stop it (a form sent
 * before the scripts ran): the same core schema, with what only the server knows (how guessable the
 * password is, the bot check, a taken username), all reported together so the visitor fixes
 * everything in one go.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), RegistrationFormSchema, locale);
  const sent = submission.payload;
  const result = await services.accounts.registration.register(sent, {
    locale,
    ip: clientIp,
    proof: { altcha: sent.altcha, recaptchaToken: sent.recaptchaToken },
  });
  // A new address and a registered one get the same redirect, without a session cookie: the
  // owner of a registered one gets a mail instead (ADR 0010). The visitor confirms and logs in.
  if (result.ok) throw redirect(localePath("registerWelcome", locale));
  const { challenge } = await botSetup(context);
  if (result.code === "limited") {
    return data<RegisterActionData>(
      {
        result: submission.reply({
          fieldErrors: { form: [translate(locale, "registration.errors.tooMany")] },
          hideFields: HIDDEN,
        }),
        challenge,
      },
      { status: 429, headers: { "Retry-After": String(result.details.retryAfterSeconds) } },
    );
  }
  return data<RegisterActionData>(
    {
      result: submission.reply({
        fieldErrors: translateProblems(locale, result.details.problems),
        hideFields: HIDDEN,
      }),
      challenge,
    },
    { status: 422 },
  );
}

export default function RegisterPage() {
  const { locale, t } = useTranslation();
  const setup = useLoaderData<typeof loader>();
  const actionData = useActionData<RegisterActionData>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const bot = useBotProof(
    { challenge: actionData?.challenge ?? setup.challenge, recaptchaSiteKey: setup.recaptchaSiteKey },
    formRef,
  );
  const [form] = useSchemaForm(RegistrationFormSchema, actionData?.result, {
    id: "registration",
    onSubmit: bot.onSubmit,
  });
  const busy = navigation.state === "submitting" || bot.waiting;
  const errors = form.allErrors;
  const sent = (actionData?.result?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <FormCard title={t("registration.title")} lead={t("registration.lead")} wide>
      {setup.recaptchaSiteKey ? <style>{".grecaptcha-badge{visibility:hidden}"}</style> : null}
      <Form
        ref={formRef}
        method="post"
        id={form.id}
        noValidate
        onSubmit={form.onSubmit}
        className="mt-6 grid gap-4 tablet:grid-cols-2"
        data-testid="register-form"
        data-ready={bot.ready || undefined}
      >
        {bot.fields}
        <div className="tablet:col-span-2">
          <FormError messages={errors.form} />
        </div>
        <AccountFields errors={errors} sent={sent} />
        <PersonFields errors={errors} sent={sent} refused={Boolean(actionData)} />
        <ConsentFields errors={errors} sent={sent} />
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

/** The fields' errors, and the values a refused form sent (kept in the fields, passwords aside). */
type PartProps = { errors: FieldErrors; sent: Record<string, string | undefined> };

function AccountFields({ errors, sent }: PartProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="email"
        type="email"
        label={t("registration.email")}
        errors={errors}
        defaultValue={sent.email ?? ""}
        autoComplete="email"
        maxLength={254}
      />
      <TextField
        name="username"
        label={t("registration.username")}
        errors={errors}
        defaultValue={sent.username ?? ""}
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
    </>
  );
}

/** Names and phone. A refused form that sent no prefix (Conform drops empty values) chose none. */
function PersonFields({ errors, sent, refused }: PartProps & { refused: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="firstname"
        label={t("registration.firstname")}
        errors={errors}
        defaultValue={sent.firstname ?? ""}
        autoComplete="given-name"
        maxLength={100}
      />
      <TextField
        name="lastname"
        label={t("registration.lastname")}
        errors={errors}
        defaultValue={sent.lastname ?? ""}
        autoComplete="family-name"
        maxLength={100}
      />
      <PhoneField
        idPrefix="register-phone"
        className="tablet:col-span-2"
        legend={t("registration.phone")}
        hint={t("registration.phoneHint")}
        errors={errors}
        prefix={sent.phonePrefix ?? (refused ? "" : "+420")}
        phone={sent.phone ?? ""}
      />
    </>
  );
}

function ConsentFields({ errors, sent }: PartProps) {
  const { locale, t } = useTranslation();
  const termsLink = "text-primary-dark underline";
  return (
    <div className="space-y-3 tablet:col-span-2">
      <CheckboxField name="terms" errors={errors} defaultChecked={sent.terms === "on"} required>
        {t("registration.termsBefore")}
        <Link
          to={localePath("info", locale, { id: 1, slug: "obchodni-podminky" })}
          target="_blank"
          className={termsLink}
        >
          {t("registration.termsLink")}
        </Link>
        {t("registration.termsAnd")}
        <Link to={localePath("info", locale, { id: 2, slug: "gdpr" })} target="_blank" className={termsLink}>
          {t("registration.privacyLink")}
        </Link>
      </CheckboxField>
      <CheckboxField name="adult" errors={errors} defaultChecked={sent.adult === "on"} required>
        {t("registration.adult")}
      </CheckboxField>
      <CheckboxField name="newsletter" errors={errors} defaultChecked={sent.newsletter === "on"}>
        {t("registration.newsletter")}
      </CheckboxField>
    </div>
  );
}
