import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AgeVerification } from "#core/contracts/age-check.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ageCheckPath } from "#core/web/age-check-path.ts";

/** `26. 11. 2026` / `26/11/2026`: the day of the check, in Prague. */
export function verifiedDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "en-GB", {
    timeZone: "Europe/Prague",
    day: "numeric",
    month: "numeric",
    year: "numeric",
  }).format(new Date(iso));
}

/** "18+ ověřeno · bankovní identita · 26. 11. 2026": all the account shows of a passed check. */
export function AgeVerifiedLine({ verification }: { verification: AgeVerification }) {
  const { t, locale } = useTranslation();
  return (
    <span data-testid="age-verified">
      {t("ageCheck.account.verified", {
        method: t(`ageCheck.account.methods.${verification.method}`),
        date: verifiedDay(verification.verifiedAt, locale),
      })}
    </span>
  );
}

const actionLinkClass =
  "mt-3 inline-flex min-h-11 items-center font-semibold text-primary-dark underline decoration-secondary underline-offset-4 hover:decoration-primary-dark";

/** The account overview's card: the passed check's one line, or the way to it. */
export function AgeCard({ verification }: { verification: AgeVerification | null }) {
  const { t, locale } = useTranslation();
  return (
    <section
      className="rounded-xl border border-line bg-white p-5"
      data-testid="overview-age"
      aria-label={t("ageCheck.account.title")}
    >
      <h2 className="font-serif text-xl text-primary-dark">{t("ageCheck.account.title")}</h2>
      <div className="mt-2 text-[0.95rem]">
        {verification ? (
          <p className="font-semibold text-primary-dark">
            <AgeVerifiedLine verification={verification} />
          </p>
        ) : (
          <>
            <p className="text-muted">{t("ageCheck.account.unverified")}</p>
            <Link
              to={ageCheckPath(locale, localePath("accountOverview", locale))}
              className={actionLinkClass}
              data-testid="overview-age-link"
            >
              {t("ageCheck.account.verify")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
