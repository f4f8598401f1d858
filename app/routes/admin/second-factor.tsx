import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormCard, FormError, SubmitButton, TextField } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { minutesLeft, secondFactorMessage } from "#core/contracts/second-factor.ts";
import { localePath } from "#core/i18n/paths.ts";
import { SecondFactorCodeSchema } from "#core/schemas/staff.ts";
import type { Route } from "./+types/second-factor";
import { staffBeforeFactor, wantedAdminPage } from "./second-factor.server.ts";

/**
 * The staff's second factor at sign-in (`/admin/overeni`; docs/product/back-office.md, "Signing
 * in"): the code of the authenticator app or a recovery code, then back to the admin page wanted.
 * Outside the admin frame, since the frame answers only sessions that passed it.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminStaff.verify.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services, secondFactorDone } = staffBeforeFactor(context);
  const url = new URL(request.url);
  const target = wantedAdminPage(context, url.searchParams.get("redirect"));
  if (secondFactorDone) throw redirect(target);
  const factor = await services.secondFactor.state(user.id);
  if (factor.state !== "active") {
    const setup = localePath("adminSecondFactorSetup", context.get(appContext).locale);
    throw redirect(`${setup}?redirect=${encodeURIComponent(target)}`);
  }
  return { redirect: target, lockedMinutes: factor.lockedUntil ? minutesLeft(factor.lockedUntil) : null };
}

type ActionData = { result: FormReply; reason?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { user, services, locale, clientIp, sessionTokenHash } = staffBeforeFactor(context);
  const submission = parseForm(await request.formData(), SecondFactorCodeSchema, locale);
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 422 });
  const result = await services.secondFactor.verify(user.id, submission.value.code, clientIp);
  if (result.ok) {
    await services.auth.markSecondFactor(sessionTokenHash!);
    throw redirect(wantedAdminPage(context, submission.value.redirect));
  }
  const reply = submission.reply({
    fieldErrors: { code: [secondFactorMessage(locale, result)] },
    hideFields: ["code"],
  });
  const headers: HeadersInit =
    result.code === "locked" ? { "Retry-After": String(minutesLeft(result.details.lockedUntil) * 60) } : {};
  return data<ActionData>(
    { result: reply, reason: result.code },
    { status: result.code === "locked" ? 429 : 422, headers },
  );
}

export default function SecondFactorPage({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useTranslation();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [form] = useSchemaForm(SecondFactorCodeSchema, actionData?.result, { shouldValidate: "onSubmit" });
  const errors = form.allErrors;
  const locked =
    actionData?.reason === undefined && loaderData.lockedMinutes !== null
      ? t("adminStaff.verify.locked", { minutes: loaderData.lockedMinutes })
      : null;
  return (
    <FormCard title={t("adminStaff.verify.title")} lead={t("adminStaff.verify.lead")}>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-6 space-y-4"
        data-testid="second-factor-form"
      >
        {locked ? <FormError messages={[locked]} /> : null}
        <FormError messages={errors.form} />
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <div data-second-factor-error={actionData?.reason}>
          <TextField
            name="code"
            label={t("adminStaff.verify.codeLabel")}
            errors={errors}
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={40}
          />
        </div>
        <SubmitButton busy={navigation.state === "submitting"}>{t("adminStaff.verify.submit")}</SubmitButton>
      </Form>
      <Form method="post" action={localePath("logout", locale)} className="mt-6">
        <button type="submit" className="text-sm text-primary-dark underline underline-offset-4">
          {t("adminStaff.verify.logout")}
        </button>
      </Form>
    </FormCard>
  );
}
