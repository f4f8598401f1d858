import { data, Form, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { Statement } from "#app/features/moderation/statement.tsx";
import { TextAreaField } from "#app/features/moderation/text-area.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SubmitButton } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { COMPLAINT_REFUSAL_KEYS, COMPLAINT_TEXT_MAX } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { translate } from "#core/i18n/index.ts";
import { ComplaintSchema } from "#core/schemas/moderation.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/decision";

/**
 * A statement of reasons sent to the affected user (DSA Art. 17) and their internal complaint
 * (Art. 20): within 6 months, one open at a time, decided by another staff member.
 */
const [signInFirst] = named("auth");

/**
 * Signed in, or holding the statement's link with its access key (`?k=`, the mail's link): a
 * suspended or blocked account cannot sign in, yet must be able to read and complain (Art. 20).
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => (new URL(args.request.url).searchParams.has("k") ? next() : signInFirst(args, next)),
];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("moderation.decision.title", { id: args.params.id }),
    noindex: true,
  }));
}

/** The statement and whose it is: the signed-in user's own, or the one the link's key opens. */
async function load(context: Route.LoaderArgs["context"], request: Request, rawId: string) {
  const { services, user, locale } = context.get(appContext);
  const id = Number(rawId);
  const key = new URL(request.url).searchParams.get("k");
  if (Number.isSafeInteger(id) && key) {
    const found = await services.moderation.decisionByKey(id, key.slice(0, 100));
    if (found) return { decision: found.view, userId: found.userId };
  }
  const decision =
    user && Number.isSafeInteger(id) ? await services.moderation.decisionFor(user.id, id) : null;
  if (!decision || !user) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return { decision, userId: user.id };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { decision } = await load(context, request, params.id);
  return { decision, now: new Date().toISOString() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, locale } = context.get(appContext);
  const { decision, userId } = await load(context, request, params.id);
  const submission = parseForm(await request.formData(), ComplaintSchema, locale);
  if (submission.status !== "success")
    return data({ result: submission.reply() as FormReply, ok: false }, { status: 422 });
  const result = await services.moderation.complain({ id: userId, locale }, decision.id, submission.value);
  if (result.ok) return data({ result: submission.reply({ resetForm: true }) as FormReply, ok: true });
  const errors =
    result.code === "invalid"
      ? translateProblems(locale, result.details.problems)
      : { form: [translate(locale, COMPLAINT_REFUSAL_KEYS[result.code])] };
  return data({ result: submission.reply({ fieldErrors: errors }) as FormReply, ok: false }, { status: 409 });
}

function ComplaintForm({ reply }: { reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(ComplaintSchema, reply, { id: "complaint" });
  const sent = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-3"
      data-testid="complaint-form"
    >
      <FormError messages={form.allErrors.form} />
      <TextAreaField
        name="text"
        label={t("moderation.decision.complaint")}
        hint={t("moderation.decision.complaintHint")}
        errors={form.allErrors}
        defaultValue={sent.text}
        maxLength={COMPLAINT_TEXT_MAX}
      />
      <SubmitButton busy={navigation.state === "submitting"}>
        {t("moderation.decision.complaintSubmit")}
      </SubmitButton>
    </Form>
  );
}

export default function DecisionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { decision, now } = loaderData;
  const open = decision.complaints.find((complaint) => complaint.status === "open");
  const late = now > decision.complaintDeadline;
  const canComplain = !decision.reversedAt && !open && !late;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 rounded-xl border border-line bg-white p-6">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark">
          {t("moderation.decision.title", { id: decision.id })}
        </h1>
        <p className="mt-2 text-muted">{t("moderation.decision.lead")}</p>
      </header>
      {decision.reversedAt ? (
        <p role="status" className="font-semibold text-[#1f5c44]">
          {t("moderation.decision.reversed", { date: formatDate(decision.reversedAt, locale) })}
        </p>
      ) : null}
      <Statement decision={decision} />
      {decision.complaints.length > 0 ? (
        <section aria-labelledby="complaints-title" className="flex flex-col gap-3">
          <h2 id="complaints-title" className="font-serif text-xl text-primary-dark">
            {t("moderation.decision.complaint")}
          </h2>
          {decision.complaints.map((complaint) => (
            <div key={complaint.id} className="rounded border border-line p-3" data-testid="complaint">
              <p className="whitespace-pre-line">{complaint.text}</p>
              <p className="mt-2 font-semibold">
                {t(`moderation.decision.complaintStatus.${complaint.status}`)}
              </p>
              {complaint.answer ? (
                <p className="mt-1 whitespace-pre-line">
                  {t("moderation.decision.answer")}: {complaint.answer}
                </p>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}
      {actionData?.ok ? (
        <p role="status" className="font-semibold text-[#1f5c44]" data-testid="complaint-sent">
          {t("moderation.decision.complaintSent")}
        </p>
      ) : null}
      {canComplain && !actionData?.ok ? <ComplaintForm reply={actionData?.result} /> : null}
      {late && !decision.reversedAt ? (
        <p className="text-muted">
          {t("moderation.decision.complaintClosed", { date: formatDate(decision.complaintDeadline, locale) })}
        </p>
      ) : null}
    </article>
  );
}
