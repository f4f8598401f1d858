import { Link, useRouteLoaderData } from "react-router";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { localePath } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { named } from "../../middleware.server.ts";
import type { ShellData } from "../../shell.ts";
import type { Route } from "./+types/overview";

export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("account.overviewTitle"), noindex: true }));
}

/** The account overview; the accounts issue fills it with bids, watched items and verification. */
export default function AccountOverview() {
  const { locale, t } = useTranslation();
  const shell = useRouteLoaderData("root") as ShellData;
  const user = shell.user!;
  const stats = [
    { label: t("account.statsActive"), value: user.advertisements.active },
    { label: t("account.statsStarted"), value: user.advertisements.started },
    { label: t("account.statsTotal"), value: user.advertisements.total },
    { label: t("account.messagesNew"), value: user.messages.new },
  ];
  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <section>
      <h1 className="font-serif text-3xl text-primary-dark">{t("account.overviewTitle")}</h1>
      <p className="mt-2 text-muted" data-testid="account-welcome">
        {t("account.welcome", { name: user.username })}
      </p>
      <dl className="mt-8 grid grid-cols-2 gap-4 desktop:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border border-line bg-white p-5">
            <dt className="text-sm text-muted">{stat.label}</dt>
            <dd className="mt-1 font-serif text-3xl text-primary-dark">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">
        <Link to={localePath("home", locale)} className="text-primary-dark underline">
          {t("common.backHome")}
        </Link>
      </p>
    </section>
  );
}
