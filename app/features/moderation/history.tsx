import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DecisionView } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";

export type UserHistory = {
  account: {
    id: number;
    username: string;
    createdAt: string | Date;
    verified: boolean;
    suspendedUntil: string | Date | null;
    blockedAt: string | Date | null;
  } | null;
  listingCount: number;
  decisionCount: number;
  upheldCount: number;
  reportsAgainstUser: number;
};

/** The owner's history beside a report or a held listing (Art. 23: the count of standing restrictions). */
export function HistoryPanel({ history }: { history: UserHistory }) {
  const { t, locale } = useTranslation();
  const { account } = history;
  const rows: [string, string][] = [
    [t("adminModeration.history.account"), account?.username ?? "–"],
    [t("adminModeration.history.since"), account ? formatDate(account.createdAt, locale) : "–"],
    [
      t("adminModeration.history.verified"),
      account?.verified ? t("adminModeration.history.yes") : t("adminModeration.history.no"),
    ],
    [t("adminModeration.history.listings"), String(history.listingCount)],
    [t("adminModeration.history.decisions"), String(history.decisionCount)],
    [t("adminModeration.history.upheld"), String(history.upheldCount)],
    [t("adminModeration.history.reports"), String(history.reportsAgainstUser)],
  ];
  if (account?.suspendedUntil)
    rows.push([t("adminModeration.history.suspendedUntil"), formatDate(account.suspendedUntil, locale)]);
  if (account?.blockedAt)
    rows.push([t("adminModeration.history.blocked"), formatDate(account.blockedAt, locale)]);
  return (
    <section
      aria-labelledby="history-title"
      className="rounded-xl border border-line bg-white p-5"
      data-testid="user-history"
    >
      <h2 id="history-title" className="mb-3 font-serif text-xl text-primary-dark">
        {t("adminModeration.history.title")}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Earlier decisions about the same content (or the given title's), each linking to its detail. */
export function EarlierDecisions({ decisions, title }: { decisions: DecisionView[]; title?: string }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="earlier-title" className="rounded-xl border border-line bg-white p-5">
      <h2 id="earlier-title" className="mb-3 font-serif text-xl text-primary-dark">
        {title ?? t("adminModeration.earlier")}
      </h2>
      {decisions.length === 0 ? (
        <p className="text-muted">{t("adminModeration.noEarlier")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {decisions.map((decision) => (
            <li key={decision.id}>
              <Link
                className="text-primary-dark underline"
                to={localePath("adminDecision", locale, { id: decision.id })}
              >
                {formatDate(decision.createdAt, locale)}: {t(`moderation.action.${decision.action}`)}
              </Link>{" "}
              ({decision.deciderName})
              {decision.reversedAt ? ` – ${t("adminModeration.decisions.reversed")}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
