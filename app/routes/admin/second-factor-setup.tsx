import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormCard, FormError, primaryLinkClass, SubmitButton, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { SecondFactorCodeSchema } from "#core/schemas/staff.ts";
import type { Route } from "./+types/second-factor-setup";
import { staffBeforeFactor, wantedAdminPage } from "./second-factor.server.ts";

/**
 * Setting up the staff's second factor (`/admin/dvoufazove-overeni`; docs/product/back-office.md,
 * "Signing in"): the QR code and the secret for an authenticator app, a code to confirm, then the
 * 10 recovery codes, shown this once. A member whose factor is on goes to enter the code instead.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminStaff.setup.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services, locale, secondFactorDone } = staffBeforeFactor(context);
  const target = wantedAdminPage(context, new URL(request.url).searchParams.get("redirect"));
  const setup = await services.secondFactor.startSetup(user.id, user.email);
  if (!setup) {
    // Already on. Right after the confirmation (the page revalidates, the session has passed) it
    // stays, so the recovery codes remain on screen; otherwise the code is asked for.
    if (secondFactorDone) return { redirect: target, active: true as const };
    throw redirect(`${localePath("adminSecondFactor", locale)}?redirect=${encodeURIComponent(target)}`);
  }
  // Grouped by four, as authenticator apps show secrets typed by hand.
  const secret = setup.secret.match(/.{1,4}/g)!.join(" ");
  return { redirect: target, active: false as const, secret, qr: setup.qr };
}

type ActionData = { result: FormReply; recoveryCodes?: string[]; redirect?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { user, services, locale, clientIp, sessionTokenHash } = staffBeforeFactor(context);
  const submission = parseForm(await request.formData(), SecondFactorCodeSchema, locale);
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 422 });
  const codes = await services.secondFactor.confirmSetup(user.id, submission.value.code, clientIp);
  if (!codes) {
    const reply = submission.reply({
      fieldErrors: { code: [translate(locale, "adminStaff.setup.invalid")] },
      hideFields: ["code"],
    });
    return data<ActionData>({ result: reply }, { status: 422 });
  }
  await services.auth.markSecondFactor(sessionTokenHash!);
  return {
    result: submission.reply({ resetForm: true }),
    recoveryCodes: codes,
    redirect: wantedAdminPage(context, submission.value.redirect),
  } satisfies ActionData;
}

export default function SecondFactorSetupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [form] = useSchemaForm(SecondFactorCodeSchema, actionData?.result, { shouldValidate: "onSubmit" });
  const errors = form.allErrors;

  if (actionData?.recoveryCodes) {
    return (
      <FormCard title={t("adminStaff.setup.recoveryTitle")} lead={t("adminStaff.setup.recoveryLead")}>
        <ol className="mt-6 grid grid-cols-2 gap-2 font-mono text-lg" data-testid="recovery-codes">
          {actionData.recoveryCodes.map((code) => (
            <li key={code} className="rounded bg-light px-3 py-1.5 text-center">
              {code}
            </li>
          ))}
        </ol>
        <p className="mt-6">
          <Link to={actionData.redirect ?? loaderData.redirect} className={primaryLinkClass}>
            {t("adminStaff.setup.continue")}
          </Link>
        </p>
      </FormCard>
    );
  }

  if (loaderData.active) {
    return (
      <FormCard title={t("adminStaff.setup.title")} lead={t("adminStaff.setup.active")}>
        <p className="mt-6">
          <Link to={loaderData.redirect} className={primaryLinkClass}>
            {t("adminStaff.setup.continue")}
          </Link>
        </p>
      </FormCard>
    );
  }

  return (
    <FormCard title={t("adminStaff.setup.title")} lead={t("adminStaff.setup.lead")}>
      <p className="mt-6 font-semibold">{t("adminStaff.setup.step1")}</p>
      <div className="mt-3 flex flex-col items-center gap-3">
        <img src={loaderData.qr} alt={t("adminStaff.setup.qrAlt")} width={200} height={200} />
        <p className="text-center">
          <span className="block text-sm text-muted">{t("adminStaff.setup.secretLabel")}</span>
          <code className="font-mono text-lg break-all" data-testid="second-factor-secret">
            {loaderData.secret}
          </code>
        </p>
      </div>
      <p className="mt-6 font-semibold">{t("adminStaff.setup.step2")}</p>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-3 space-y-4"
        data-testid="second-factor-setup-form"
      >
        <FormError messages={errors.form} />
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <TextField
          name="code"
          label={t("adminStaff.setup.codeLabel")}
          errors={errors}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={40}
        />
        <SubmitButton busy={navigation.state === "submitting"}>{t("adminStaff.setup.submit")}</SubmitButton>
      </Form>
    </FormCard>
  );
}
