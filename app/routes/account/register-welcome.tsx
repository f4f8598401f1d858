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

/** Where registration lands (`/registrace/dekujeme`): what happened and what to do next. */
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
      <p className="text-sm text-muted">{t("registration.welcomeNoMail")}</p>
    </ResultCard>
  );
}
