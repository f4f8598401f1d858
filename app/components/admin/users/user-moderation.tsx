import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#core/formats/dates.ts";
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

/** Reports about the user and every decision that affected them (DSA: the moderator's context). */
export function ModerationCard(props: {
  decisions: { rows: UserDecision[]; total: number };
  reportsAgainstUser: number;
}) {
  const { t, locale } = useTranslation();
  const m = "adminUsers.moderation";
  return (
    <Card id="user-moderation" title={t(`${m}.title`)}>
      <p className="mb-3 text-sm">{t(`${m}.reports`, { count: props.reportsAgainstUser })}</p>
      <ActivityTable
        id="decisions"
        caption={t(`${m}.decisions`)}
        rows={props.decisions.rows}
        total={props.decisions.total}
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
    </Card>
  );
}
