import { data, Form, Link, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { AccountLink, evidenceText, StatusBadge } from "#app/features/admin/shill-signals/evidence.tsx";
import { SignalLots } from "#app/features/admin/shill-signals/lot-bids.tsx";
import { DecisionForm } from "#app/features/moderation/decision-form.tsx";
import { TextAreaField } from "#app/features/moderation/text-area.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { FormError, SubmitButton } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { ShillSignalDetail } from "#core/contracts/shill-signals.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { SHILL_NOTE_MAX, ShillDismissSchema } from "#core/schemas/shill-signals.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/shill-signal";
import { shillSignalAction } from "./shill-signal.server.ts";

/**
 * One shill-bidding signal (ADR 0087): the kind, both accounts with links to their back-office
 * pages, the evidence, every lot it covers with its bids under the bidders' real names, and the
 * moderator's decision: dismiss with a note, or a measure against the bidder with a statement of
 * reasons (moderation's decision form). Moderation scope.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminShillSignals.detail.title", { id: args.params.id ?? "" }),
    noindex: true,
  }));
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const detail = await services.shillSignals.detail(Number(params.id) || 0, locale);
  if (!detail) throw data(translate(locale, "adminShillSignals.errors.not_found"), { status: 404 });
  return { detail };
}

export const action = shillSignalAction;

function DismissForm({ reply }: { reply: FormReply | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(ShillDismissSchema, reply, { id: "dismiss-signal" });
  const sent = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <section aria-labelledby="dismiss-title" className="rounded-xl border border-line bg-white p-5">
      <h2 id="dismiss-title" className="font-serif text-xl text-primary-dark">
        {t("adminShillSignals.detail.dismissTitle")}
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">{t("adminShillSignals.detail.dismissLead")}</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="dismiss" />
        <FormError messages={form.allErrors.form ?? form.errors} />
        <TextAreaField
          name="note"
          label={t("adminShillSignals.detail.noteLabel")}
          errors={form.allErrors}
          defaultValue={sent.note}
          maxLength={SHILL_NOTE_MAX}
          rows={3}
        />
        <SubmitButton busy={navigation.state === "submitting"}>
          {t("adminShillSignals.detail.dismiss")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function Decided({ detail }: { detail: ShillSignalDetail }) {
  const { t, locale } = useTranslation();
  const decision = detail.decision;
  if (!decision) return null;
  return (
    <section className="rounded-xl bg-light p-4 text-sm" data-testid="signal-decision">
      <p className="font-medium">
        {t("adminShillSignals.detail.decided", {
          who: decision.by ?? "—",
          date: formatDate(decision.at, locale, true),
        })}
      </p>
      {decision.note ? (
        <p className="mt-1 whitespace-pre-line">
          {t("adminShillSignals.detail.note", { note: decision.note })}
        </p>
      ) : null}
      {decision.moderationDecisionId ? (
        <p className="mt-1">
          <Link
            to={localePath("adminDecision", locale, { id: decision.moderationDecisionId })}
            className="text-primary-dark underline underline-offset-4"
          >
            {t("adminShillSignals.detail.decision", { id: decision.moderationDecisionId })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Parties({ detail }: { detail: ShillSignalDetail }) {
  const { t, locale } = useTranslation();
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm tablet:grid-cols-[auto_1fr]">
      {(["bidder", "seller"] as const).map((side) => (
        <div key={side} className="contents">
          <dt className="text-muted">{t(`adminShillSignals.list.${side}`)}</dt>
          <dd className="flex flex-wrap gap-x-3">
            <AccountLink account={detail[side]} />
            <Link
              to={localePath("adminUserRestriction", locale, { id: detail[side].id })}
              className="text-primary-dark underline underline-offset-4"
            >
              {t("adminShillSignals.detail.restrictions")}
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminShillSignalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { detail } = loaderData;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-shill-signal" data-status={detail.status}>
      <p>
        <Link
          to={localePath("adminShillSignals", locale)}
          className="text-primary-dark underline underline-offset-4"
        >
          {t("adminShillSignals.detail.back")}
        </Link>
      </p>
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="font-serif text-3xl text-primary-dark">
          {t("adminShillSignals.detail.title", { id: detail.id })}
        </h1>
        <StatusBadge status={detail.status} />
      </div>
      <h2 className="text-lg font-semibold text-primary-dark">
        {t(`adminShillSignals.kinds.${detail.kind}`)}
      </h2>
      <Parties detail={detail} />
      <section className="rounded-xl bg-white p-4 ring-1 ring-line" data-testid="signal-evidence">
        <h2 className="font-semibold text-primary-dark">{t("adminShillSignals.detail.evidence")}</h2>
        <p className="mt-1">{evidenceText(t, locale, detail.evidence)}</p>
      </section>
      {actionData?.done ? (
        <p className="rounded-xl bg-success/10 p-3 text-sm" role="status">
          {actionData.done}
        </p>
      ) : null}
      <Decided detail={detail} />
      {detail.status === "new" ? (
        <div className="grid items-start gap-6 desktop:grid-cols-2">
          <DismissForm reply={actionData?.intent === "dismiss" ? actionData.result : undefined} />
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted">{t("adminShillSignals.detail.actLead")}</p>
            <DecisionForm
              target="user"
              targetId={detail.bidder.id}
              actions={["suspend_account", "block_account"]}
              reply={actionData?.intent === "decide" ? actionData.result : undefined}
            />
          </div>
        </div>
      ) : null}
      <SignalLots detail={detail} />
    </section>
  );
}
