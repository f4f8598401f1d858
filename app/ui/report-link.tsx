import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ReportTarget } from "#core/contracts/moderation.ts";
import { localePath } from "#core/i18n/paths.ts";

/** "Nahlásit": opens the report form (DSA Art. 16) for a listing, a message, a review or a user. */
export function ReportLink({ kind, id, className }: { kind: ReportTarget; id: number; className?: string }) {
  const { t, locale } = useTranslation();
  return (
    <Link
      to={`${localePath("report", locale)}?kind=${kind}&id=${id}`}
      rel="nofollow"
      className={className ?? "text-xs text-muted underline hover:text-primary-dark"}
      title={t("common.reportLabel")}
      data-testid={`report-link-${kind}`}
    >
      {t("common.report")}
    </Link>
  );
}
