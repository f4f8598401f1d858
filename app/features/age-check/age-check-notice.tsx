import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ageCheckPath } from "#core/web/age-check-path.ts";

/**
 * The checkout's (and the deal's) notice that the age check comes first, with the way to it and
 * back to `returnPath`; a guest's check is for this one order (`forOrder`).
 */
export function AgeCheckNotice({
  returnPath,
  forOrder = false,
  text = "ageCheck.gate.checkout",
}: {
  returnPath: string;
  forOrder?: boolean;
  text?: "ageCheck.gate.checkout" | "ageCheck.gate.deal";
}) {
  const { t, locale } = useTranslation();
  return (
    <div
      className="rounded-lg border border-secondary bg-light p-4"
      role="status"
      data-testid="age-check-notice"
    >
      <p>{t(text)}</p>
      <Link
        to={ageCheckPath(locale, returnPath, forOrder)}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary-dark underline underline-offset-4 hover:no-underline"
        data-testid="age-check-link"
      >
        {t("ageCheck.gate.checkoutAction")}
      </Link>
    </div>
  );
}
