import { useRef } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { TextAreaField } from "#app/features/moderation/text-area.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type BotProofSetup, useBotProof } from "#app/ui/forms/bot-proof.tsx";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import {
  FormCard,
  FormError,
  ResultCard,
  SelectField,
  SubmitButton,
  TextField,
} from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import {
  REPORT_EXPLANATION_MAX,
  REPORT_TARGETS,
  type ReportReason,
  type ReportTarget,
  reportReasonsFor,
} from "#core/contracts/moderation.ts";
import { translate } from "#core/i18n/index.ts";
import { ReportFormSchema } from "#core/schemas/moderation.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/report";

/**
 * Reporting content to the operator (DSA Art. 16): `/nahlasit?kind=listing&id=…`. Anyone may
 * report; a guest's browser solves the ALTCHA challenge (as at registration) and may leave an
 * e-mail for the receipt and the decision. Works without scripts for a signed-in user.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("moderation.report.title"), noindex: true }));
}

type Sent = { id: number; email: string | null };
export type ReportActionData = { result: FormReply; challenge: BotProofSetup["challenge"]; sent?: Sent };

function targetOf(url: URL): { target: ReportTarget; id: number } | null {
  const kind = url.searchParams.get("kind");
  const id = Number(url.searchParams.get("id"));
  if (!kind || !(REPORT_TARGETS as readonly string[]).includes(kind) || !Number.isSafeInteger(id) || id <= 0)
    return null;
  return { target: kind as ReportTarget, id };
}

async function challengeFor(context: Route.LoaderArgs["context"]) {
  const { services, user } = context.get(appContext);
  return user ? null : await services.moderation.challenge();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(appContext);
  const about = targetOf(new URL(request.url));
  if (!about) throw data(translate(locale, "moderation.report.unknown"), { status: 404 });
  // A link may pick the reason ("suspected fake" under a listing's evidence of authenticity).
  const asked = new URL(request.url).searchParams.get("reason");
  const reason = reportReasonsFor(about.target).find((item) => item === asked) ?? null;
  return {
    about,
    reason,
    challenge: await challengeFor(context),
    signedIn: Boolean(context.get(appContext).user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, clientIp, user } = context.get(appContext);
  const submission = parseForm(await request.formData(), ReportFormSchema, locale);
  const reply = async (errors: Record<string, string[]>, status: number, headers?: Record<string, string>) =>
    data<ReportActionData>(
      {
        result: submission.reply({ fieldErrors: errors, hideFields: ["altcha"] }),
        challenge: await challengeFor(context),
      },
      { status, headers },
    );
  const result = await services.moderation.report(submission.payload, {
    user: user ? { id: user.id, email: user.email, locale: user.locale === "en" ? "en" : "cs" } : null,
    ip: clientIp,
    locale,
    altcha: submission.payload.altcha,
  });
  if (result.ok)
    return data<ReportActionData>({
      result: submission.reply({ resetForm: true }),
      challenge: null,
      sent: result.value,
    });
  if (result.code === "invalid") return reply(translateProblems(locale, result.details.problems), 422);
  if (result.code === "not_found")
    return reply({ form: [translate(locale, "moderation.errors.notFound")] }, 404);
  if (result.code === "bot") return reply({ form: [translate(locale, "moderation.errors.bot")] }, 403);
  return reply({ form: [translate(locale, "moderation.errors.rateLimited")] }, 429, {
    "Retry-After": String(result.details.retryAfter),
  });
}

export default function ReportPage() {
  const { t } = useTranslation();
  const { about, reason, challenge, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<ReportActionData>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const bot = useBotProof({ challenge: actionData?.challenge ?? challenge }, formRef);
  const [form] = useSchemaForm(ReportFormSchema, actionData?.result, {
    id: "report",
    onSubmit: bot.onSubmit,
  });
  const what = t(`moderation.target.${about.target}`);
  if (actionData?.sent)
    return (
      <ResultCard title={t("moderation.report.sent")} tone="success">
        <p data-testid="report-sent">{t("moderation.report.sentLead", { id: actionData.sent.id })}</p>
        {actionData.sent.email ? (
          <p>{t("moderation.report.sentMail", { email: actionData.sent.email })}</p>
        ) : null}
      </ResultCard>
    );
  const errors = form.allErrors;
  const sent = (actionData?.result?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <FormCard title={t("moderation.report.title")} lead={t("moderation.report.lead", { what })}>
      <Form
        ref={formRef}
        method="post"
        id={form.id}
        noValidate
        onSubmit={form.onSubmit}
        className="mt-6 flex flex-col gap-4"
        data-testid="report-form"
        data-ready={signedIn || bot.ready || undefined}
      >
        {bot.fields}
        <input type="hidden" name="target" value={about.target} />
        <input type="hidden" name="targetId" value={about.id} />
        <p className="text-sm text-muted">{t("moderation.report.about", { what, id: about.id })}</p>
        <FormError messages={errors.form} />
        <SelectField
          name="reason"
          label={t("moderation.report.reason")}
          errors={errors}
          defaultValue={sent.reason ?? reason ?? undefined}
          placeholder={t("moderation.report.choose")}
          options={reportReasonsFor(about.target).map((item: ReportReason) => ({
            value: item,
            label: t(`moderation.reason.${item}`),
          }))}
        />
        <TextAreaField
          name="explanation"
          label={t("moderation.report.explanation")}
          hint={t("moderation.report.explanationHint")}
          errors={errors}
          defaultValue={sent.explanation}
          maxLength={REPORT_EXPLANATION_MAX}
        />
        {signedIn ? null : (
          <TextField
            name="email"
            type="email"
            label={t("moderation.report.email")}
            hint={t("moderation.report.emailHint")}
            errors={errors}
            defaultValue={sent.email}
            autoComplete="email"
            required={false}
          />
        )}
        <p className="text-sm text-muted">{t("moderation.report.goodFaith")}</p>
        <SubmitButton busy={navigation.state === "submitting" || bot.waiting}>
          {bot.waiting ? t("moderation.report.waiting") : t("moderation.report.submit")}
        </SubmitButton>
      </Form>
    </FormCard>
  );
}
