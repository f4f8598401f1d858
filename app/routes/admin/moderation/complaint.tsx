import { data, Form, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { Statement } from "#app/features/moderation/statement.tsx";
import { TextAreaField } from "#app/features/moderation/text-area.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SubmitButton } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { STATEMENT_TEXT_MAX } from "#core/contracts/moderation.ts";
import { translate } from "#core/i18n/index.ts";
import { ComplaintDecisionSchema } from "#core/schemas/moderation.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

/** The texts of a refused complaint decision (the moderation module answers with the codes). */
const COMPLAINT_DECISION_KEYS = {
  not_found: "adminModeration.errors.notFound",
  same_decider: "adminModeration.errors.sameDecider",
  closed: "adminModeration.errors.complaintClosed",
} as const;

import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/complaint";

/**
 * A complaint beside the decision it is about: another staff member upholds it or reverses it (the
 * server refuses the decision's own decider); the user is told either way.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminModeration.complaints.detail", { id: args.params.id }),
    noindex: true,
  }));
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const found = await services.moderation.complaint(Number(params.id) || 0);
  if (!found) throw data(translate(locale, "adminModeration.errors.notFound"), { status: 404 });
  return { ...found, ownDecision: found.decision.deciderId === staff.id };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireScope(context, "moderation");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), ComplaintDecisionSchema, locale);
  if (submission.status !== "success")
    return data({ result: submission.reply(), ok: false }, { status: 422 });
  const result = await services.moderation.decideComplaint(
    { id: staff.id, ip: clientIp, locale },
    Number(params.id) || 0,
    submission.value,
  );
  if (result.ok) return data({ result: submission.reply({ resetForm: true }), ok: true });
  if (result.code === "invalid") {
    const fieldErrors = translateProblems(locale, result.details.problems);
    return data({ result: submission.reply({ fieldErrors }), ok: false }, { status: 422 });
  }
  const message = translate(locale, COMPLAINT_DECISION_KEYS[result.code]);
  const status = result.code === "same_decider" ? 403 : result.code === "closed" ? 409 : 404;
  return data({ result: submission.reply({ fieldErrors: { form: [message] } }), ok: false }, { status });
}

function ComplaintDecisionForm({ reply }: { reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(ComplaintDecisionSchema, reply, { id: "complaint-decision" });
  const sent = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="complaint-decision-form"
    >
      <FormError messages={form.allErrors.form} />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">{t("adminModeration.complaints.outcome")}</legend>
        {(["upheld", "reversed"] as const).map((outcome) => (
          <label key={outcome} className="flex items-center gap-2">
            <input type="radio" name="outcome" value={outcome} defaultChecked={sent.outcome === outcome} />
            {t(
              outcome === "upheld"
                ? "adminModeration.complaints.uphold"
                : "adminModeration.complaints.reverse",
            )}
          </label>
        ))}
        {form.allErrors.outcome ? <FormError messages={form.allErrors.outcome} /> : null}
      </fieldset>
      <TextAreaField
        name="answer"
        label={t("adminModeration.complaints.answer")}
        errors={form.allErrors}
        defaultValue={sent.answer}
        maxLength={STATEMENT_TEXT_MAX}
        rows={4}
      />
      <SubmitButton busy={navigation.state === "submitting"}>
        {t("adminModeration.complaints.submit")}
      </SubmitButton>
    </Form>
  );
}

export default function AdminComplaintPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { complaint, decision, ownDecision } = loaderData;
  return (
    <section className="flex max-w-4xl flex-col gap-6" data-testid="admin-complaint">
      <h1 className="font-serif text-3xl text-primary-dark">
        {t("adminModeration.complaints.detail", { id: complaint.id })}
      </h1>
      <section aria-labelledby="complaint-text" className="rounded-xl border border-line bg-white p-5">
        <h2 id="complaint-text" className="mb-2 font-serif text-xl text-primary-dark">
          {t("adminModeration.complaints.text")}
        </h2>
        <p className="whitespace-pre-line">{complaint.text}</p>
        <p className="mt-2 font-semibold">{t(`adminModeration.complaints.status.${complaint.status}`)}</p>
        {complaint.answer ? <p className="mt-1 whitespace-pre-line">{complaint.answer}</p> : null}
      </section>
      <section aria-labelledby="decision-title" className="rounded-xl border border-line bg-white p-5">
        <h2 id="decision-title" className="mb-2 font-serif text-xl text-primary-dark">
          {t("adminModeration.decisions.detail", { id: decision.id })} ({decision.deciderName})
        </h2>
        <Statement decision={decision} />
      </section>
      {actionData?.ok ? (
        <p role="status" className="font-semibold text-[#1f5c44]">
          {t("adminModeration.saved")}
        </p>
      ) : null}
      {complaint.status === "open" ? (
        <section aria-labelledby="outcome-title" className="rounded-xl border border-line bg-white p-5">
          <h2 id="outcome-title" className="mb-2 font-serif text-xl text-primary-dark">
            {t("adminModeration.complaints.outcome")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("adminModeration.complaints.otherDecider")}</p>
          {/* The server refuses the decision's own decider anyway; the form is not offered to them. */}
          {ownDecision ? (
            <FormError messages={[t("adminModeration.errors.sameDecider")]} />
          ) : (
            <ComplaintDecisionForm reply={actionData?.result} />
          )}
        </section>
      ) : null}
    </section>
  );
}
