import { appContext } from "#app/context.ts";
import { DealList } from "#app/features/deals/deal-list.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { Route } from "./+types/purchases";

export const middleware = named("auth");

/** Nákupy (/ucet/nakupy, issue 35 item 8): the deals the user pays for, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  return { rows: await services.deals.list(user!.id, "buyer", locale) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("dealPages.purchases.title"), noindex: true }));
}

export default function Purchases({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section data-testid="purchases-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
        {t("dealPages.purchases.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t("dealPages.purchases.intro")}</p>
      <DealList rows={loaderData.rows} emptyText={t("dealPages.purchases.empty")} />
    </section>
  );
}
