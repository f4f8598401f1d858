import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";

/** The deals' screens side by side: the list, the payouts, the held money's check. */
export function DealsSubnav() {
  const { t, locale } = useTranslation();
  return (
    <nav className="flex flex-wrap gap-4" aria-label={t("admin.section.deals")}>
      <Link
        to={localePath("adminDealPayouts", locale)}
        className="text-primary-dark underline underline-offset-4"
      >
        {t("adminDeals.links.payouts")}
      </Link>
      <Link
        to={localePath("adminDealReconciliation", locale)}
        className="text-primary-dark underline underline-offset-4"
      >
        {t("adminDeals.links.reconciliation")}
      </Link>
      <Link
        to={localePath("adminDealDisputes", locale)}
        className="text-primary-dark underline underline-offset-4"
      >
        {t("adminDealSupport.links.disputes")}
      </Link>
      <Link
        to={localePath("adminDealStrikes", locale)}
        className="text-primary-dark underline underline-offset-4"
      >
        {t("adminDealSupport.links.strikes")}
      </Link>
      <Link
        to={localePath("adminDealAppeals", locale)}
        className="text-primary-dark underline underline-offset-4"
      >
        {t("adminDealSupport.links.appeals")}
      </Link>
    </nav>
  );
}
