import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ReportReason, ReportStatus, ReportTarget } from "#core/contracts/moderation.ts";
import { formatDate, formatShortDateTime } from "#core/formats/dates.ts";
import { isMessageKey } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ActivityTable, Card } from "./user-sections.tsx";

/** The moderation's decisions about a user, as its service reads them (services.moderation.decisions). */
export type UserDecision = {
  id: number;
  action: string;
  targetLabel: string;
  createdAt: string;
  reversedAt: string | null;
  deciderName: string;
  suspendedUntil: string | null;
};

/** The standing block or suspension among the decisions, newest first: what the restriction rests on. */
export function currentRestriction(decisions: UserDecision[]): UserDecision | null {
  return (
    decisions.find(
      (decision) =>
        decision.reversedAt === null &&
        (decision.action === "block_account" || decision.action === "suspend_account"),
    ) ?? null
  );
}

export function DecisionLink({ decision }: { decision: UserDecision }) {
  const { t, locale } = useTranslation();
  const key = `moderation.action.${decision.action}`;
  return (
    <Link
      to={localePath("adminDecision", locale, { id: String(decision.id) })}
      className="text-primary-dark underline underline-offset-4"
    >
      {isMessageKey(key) ? t(key) : decision.action} ·{" "}
      {t("adminUsers.moderation.decision", { id: decision.id })}
    </Link>
  );
}

/** A report as moderation's service lists it for a user's page (services.moderation.userReports). */
export type UserReport = {
  id: number;
  target: ReportTarget;
  targetId: number;
  targetLabel: string | null;
  reason: ReportReason;
  status: ReportStatus;
  createdAt: string;
  decidedAt: string | null;
  decisionId: number | null;
};

type Rows<Row> = { rows: Row[]; total: number };

/** What moderation holds about the user; null for staff without the `moderation` scope. */
export type UserModeration = {
  decisions: Rows<UserDecision>;
  reports: { about: Rows<UserReport>; filed: Rows<UserReport> };
};

const linkClass = "text-primary-dark underline underline-offset-4";

/** What was reported: its kind and name, linked where the back office has a page for it. */
function ReportedContent({ report, userId }: { report: UserReport; userId: number }) {
  const { t, locale } = useTranslation();
  const kind = t(`adminUsers.moderation.kind.${report.target}`);
  const label = report.targetLabel ?? t("adminUsers.moderation.gone");
  const page =
    report.target === "listing"
      ? localePath("adminListingReview", locale, { id: String(report.targetId) })
      : report.target === "user" && report.targetId !== userId
        ? localePath("adminUser", locale, { id: String(report.targetId) })
        : null;
  return (
    <span className="flex flex-col">
      <span className="text-xs text-muted">
        {kind} #{report.targetId}
      </span>
      {page ? (
        <Link to={page} className={`${linkClass} break-words`}>
          {label}
        </Link>
      ) : (
        <span className="break-words">{label}</span>
      )}
    </span>
  );
}

function ReportsTable({
  id,
  caption,
  reports,
  userId,
}: {
  id: string;
  caption: string;
  reports: Rows<UserReport>;
  userId: number;
}) {
  const { t, locale } = useTranslation();
  const m = "adminUsers.moderation";
  return (
    <ActivityTable
      id={id}
      caption={caption}
      rows={reports.rows}
      total={reports.total}
      columns={[
        {
          header: t(`${m}.received`),
          cell: (row) => (
            <span className="whitespace-nowrap">{formatShortDateTime(row.createdAt, locale)}</span>
          ),
        },
        { header: t(`${m}.content`), cell: (row) => <ReportedContent report={row} userId={userId} /> },
        { header: t(`${m}.reason`), cell: (row) => t(`moderation.reason.${row.reason}`) },
        {
          header: t(`${m}.state`),
          cell: (row) =>
            row.status === "open" ? (
              t(`${m}.open`)
            ) : row.decisionId ? (
              <Link
                to={localePath("adminDecision", locale, { id: String(row.decisionId) })}
                className={linkClass}
              >
                {t(`${m}.decided`)} · {t(`${m}.decision`, { id: row.decisionId })}
              </Link>
            ) : (
              t(`${m}.decided`)
            ),
        },
        {
          header: t(`${m}.report`),
          cell: (row) => (
            <Link
              to={localePath("adminReport", locale, { id: String(row.id) })}
              className={`${linkClass} whitespace-nowrap`}
            >
              {t(`${m}.reportNo`, { id: row.id })}
            </Link>
          ),
        },
      ]}
    />
  );
}

function Heading({ children }: { children: string }) {
  return <h3 className="mb-2 font-semibold text-ink">{children}</h3>;
}

/** Reports about the user and their content, reports they filed, and every decision that affected them (DSA: the moderator's context). */
export function ModerationCard({ moderation, userId }: { moderation: UserModeration; userId: number }) {
  const { t, locale } = useTranslation();
  const m = "adminUsers.moderation";
  const { about, filed } = moderation.reports;
  return (
    <Card id="user-moderation" title={t(`${m}.title`)}>
      <div className="flex flex-col gap-6">
        <div data-testid="user-reports-about">
          <Heading>{t(`${m}.reportsAbout`, { count: about.total })}</Heading>
          <ReportsTable
            id="reports-about"
            caption={t(`${m}.reportsAbout`, { count: about.total })}
            reports={about}
            userId={userId}
          />
        </div>
        <div data-testid="user-reports-filed">
          <Heading>{t(`${m}.reportsFiled`, { count: filed.total })}</Heading>
          <ReportsTable
            id="reports-filed"
            caption={t(`${m}.reportsFiled`, { count: filed.total })}
            reports={filed}
            userId={userId}
          />
        </div>
        <div data-testid="user-decisions">
          <Heading>{t(`${m}.decisionsCount`, { count: moderation.decisions.total })}</Heading>
          <ActivityTable
            id="decisions"
            caption={t(`${m}.decisions`)}
            rows={moderation.decisions.rows}
            total={moderation.decisions.total}
            columns={[
              { header: t(`${m}.when`), cell: (row) => formatDate(row.createdAt, locale, true) },
              { header: t(`${m}.action`), cell: (row) => <DecisionLink decision={row} /> },
              { header: t(`${m}.content`), cell: (row) => row.targetLabel },
              { header: t(`${m}.decider`), cell: (row) => row.deciderName },
              {
                header: t(`${m}.state`),
                cell: (row) => (row.reversedAt ? t(`${m}.reversed`) : t(`${m}.standing`)),
              },
            ]}
          />
        </div>
      </div>
    </Card>
  );
}
