import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DecisionForm } from "#app/features/moderation/decision-form.tsx";
import { EarlierDecisions, HistoryPanel } from "#app/features/moderation/history.tsx";
import { ListingPanel } from "#app/features/moderation/listing-panel.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { type DecisionAction, RESTRICTIONS_BY_TARGET } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/report";
import { decideAction } from "./decide.server.ts";

/**
 * A report (DSA Art. 16) as the moderator decides it: the reported content (a listing with its
 * photos), every report about it, the owner's history and earlier decisions, and the decision form.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminModeration.report.title", { id: args.params.id }),
    noindex: true,
  }));
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const detail = await services.moderation.reportDetail(Number(params.id) || 0);
  if (!detail) throw data(translate(locale, "adminModeration.errors.notFound"), { status: 404 });
  return detail;
}

export const action = decideAction;

export default function AdminReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { report, content, listing, reports, decisions, owner } = loaderData;
  const actions: DecisionAction[] = [...RESTRICTIONS_BY_TARGET[report.target], "no_action"];
  return (
    <section className="flex flex-col gap-6" data-testid="admin-report">
      <h1 className="font-serif text-3xl text-primary-dark">
        {t("adminModeration.report.title", { id: report.id })}
      </h1>
      <div className="grid gap-6 desktop:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="content-title" className="rounded-xl border border-line bg-white p-5">
            <h2 id="content-title" className="mb-3 font-serif text-xl text-primary-dark">
              {t("adminModeration.report.content")}: {t(`moderation.target.${report.target}`)} #
              {report.targetId}
            </h2>
            {content ? (
              <p className="font-semibold">{content.label}</p>
            ) : (
              <p className="text-muted">{t("adminModeration.report.missing")}</p>
            )}
            {content?.text && !listing ? <p className="mt-2 whitespace-pre-line">{content.text}</p> : null}
          </section>
          {listing ? <ListingPanel listing={listing} /> : null}
          <section aria-labelledby="reports-title" className="rounded-xl border border-line bg-white p-5">
            <h2 id="reports-title" className="mb-3 font-serif text-xl text-primary-dark">
              {t("adminModeration.report.otherReports")}
            </h2>
            <ul className="flex flex-col gap-3">
              {reports.map((row) => (
                <li key={row.id} className="border-b border-line pb-2">
                  <p className="text-sm text-muted">
                    {formatDate(row.createdAt, locale, true)} · {t(`moderation.reason.${row.reason}`)} ·{" "}
                    {t(`adminModeration.report.status.${row.status}`)}
                    {row.id === report.id ? "" : ` · #${row.id}`}
                  </p>
                  <p className="whitespace-pre-line">{row.explanation}</p>
                  {row.reporterEmail ? (
                    <p className="text-sm">
                      {t("adminModeration.report.reporterEmail")}: {row.reporterEmail}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          {report.status === "open" && content ? (
            <DecisionForm
              target={report.target}
              targetId={report.targetId}
              reportId={report.id}
              actions={actions}
              reply={actionData?.result}
            />
          ) : report.decisionId ? (
            <Link
              className="text-primary-dark underline"
              to={localePath("adminDecision", locale, { id: report.decisionId })}
            >
              {t("adminModeration.decisions.detail", { id: report.decisionId })}
            </Link>
          ) : null}
        </div>
        <div className="flex flex-col gap-6">
          {owner ? <HistoryPanel history={owner} /> : null}
          <EarlierDecisions decisions={decisions} />
        </div>
      </div>
    </section>
  );
}
