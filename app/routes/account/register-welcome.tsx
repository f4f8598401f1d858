import { Link, useLoaderData } from "react-router";
import { primaryLinkClass, ResultCard, secondaryLinkClass } from "../../components/forms/fields.tsx";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { appContext } from "../../context.ts";
import { localePath } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/register-welcome";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("pages.metaTitles.welcome"), noindex: true }));
}

/**
 * Where registration lands (`/registrace/dekujeme`): check your inbox, then log in. Registration
 * logs nobody in (a registered address must get the same answer as a new one, ADR 0010), so the
 * signed-in variant only shows to someone who comes back here logged in.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  return { email: user?.email ?? null, confirmed: user?.emailConfirmed ?? false };
}

export default function RegisterWelcome() {
  const { locale, t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  return (
    <ResultCard
      tone="success"
      title={t("registration.welcomeTitle")}
      actions={
        <>
          <Link to={localePath("accountOverview", locale)} className={primaryLinkClass}>
            {t("registration.welcomeAccount")}
          </Link>
          <Link to={localePath("dailyAuctions", locale)} className={secondaryLinkClass}>
            {t("registration.welcomeBrowse")}
          </Link>
        </>
      }
    >
      {email ? <p className="text-lg">{t("registration.welcomeLead")}</p> : null}
      <p>{t("registration.welcomeConfirm")}</p>
      {email ? (
        <p className="font-semibold" data-testid="welcome-email">
          {t("registration.welcomeConfirmTo", { email })}
        </p>
      ) : null}
      {email ? null : <p data-testid="welcome-login">{t("registration.welcomeLogin")}</p>}
      <p className="text-sm text-muted">{t("registration.welcomeNoMail")}</p>
    </ResultCard>
  );
}
