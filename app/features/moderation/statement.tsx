import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DecisionView } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-line py-3 tablet:grid-cols-[14rem_1fr]">
      <dt className="font-semibold">{term}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}

/**
 * A statement of reasons (DSA Art. 17) as the affected user and the back office read it: what was
 * restricted, the facts, the reasons, the rule of the terms, how it was decided, when, and the
 * redress (the internal complaint until its deadline, out-of-court settlement, a court).
 */
export function Statement({ decision }: { decision: DecisionView }) {
  const { t, locale } = useTranslation();
  return (
    <dl data-testid="statement">
      <Row term={t("moderation.decision.what")}>{decision.targetLabel}</Row>
      <Row term={t("moderation.decision.action")}>
        {t(`moderation.action.${decision.action}`)}
        {decision.suspendedUntil
          ? ` (${t("moderation.decision.until")} ${formatDate(decision.suspendedUntil, locale)})`
          : ""}
      </Row>
      <Row term={t("moderation.decision.facts")}>{decision.facts}</Row>
      <Row term={t("moderation.decision.reasons")}>{decision.reasons}</Row>
      <Row term={t("moderation.decision.terms")}>
        {decision.termsSection ? t(`moderation.terms.${decision.termsSection}`) : "–"}
      </Row>
      <Row term={t("moderation.decision.how")}>
        {t("moderation.decision.howText", { ground: t(`moderation.ground.${decision.ground}`) })}
      </Row>
      <Row term={t("moderation.decision.when")}>{formatDate(decision.createdAt, locale, true)}</Row>
      <Row term={t("moderation.decision.redress")}>
        <ul className="list-disc pl-5">
          <li>
            {t("moderation.decision.redressComplaint", {
              date: formatDate(decision.complaintDeadline, locale),
            })}
          </li>
          <li>{t("moderation.decision.redressOutOfCourt")}</li>
          <li>{t("moderation.decision.redressCourt")}</li>
        </ul>
      </Row>
    </dl>
  );
}
