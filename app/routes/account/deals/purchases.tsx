import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { DealList } from "#app/features/deals/deal-list.tsx";
import { SecondChanceOffers } from "#app/features/deals/second-chance.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/purchases";

export const middleware = named("auth");

/** Nákupy (/ucet/nakupy, issue 35 item 8): the deals the user pays for, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  return {
    rows: await services.deals.list(user!.id, "buyer", locale),
    offers: await services.unpaidWins.openOfferRows(user!.id, locale),
  };
}

/** A second-chance offer accepted (a new deal to pay: its page) or declined. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  const form = await request.formData();
  const offerId = Number(form.get("offerId"));
  if (!Number.isSafeInteger(offerId) || offerId <= 0) throw data(null, { status: 404 });
  if (form.get("intent") === "decline") {
    const declined = await services.unpaidWins.declineOffer(offerId, user!.id);
    if (!declined) throw data(null, { status: 404 });
    return { message: translate(locale, "dealPages.offers.declined"), error: null };
  }
  const accepted = await services.unpaidWins.acceptOffer(offerId, user!.id);
  if (!accepted.ok)
    return data(
      { message: null, error: translate(locale, `dealPages.refusal.${accepted.code}`) },
      { status: accepted.code === "not_found" ? 404 : 409 },
    );
  return redirect(localePath("accountDeal", locale, { dealId: accepted.value.deal.id }));
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("dealPages.purchases.title"), noindex: true }));
}

export default function Purchases({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section data-testid="purchases-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
        {t("dealPages.purchases.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t("dealPages.purchases.intro")}</p>
      {actionData?.message ? (
        <p className="mt-4 rounded-xl bg-light p-3 text-sm" role="status">
          {actionData.message}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="mt-4 rounded-xl bg-danger/10 p-3 text-sm text-danger" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <SecondChanceOffers offers={loaderData.offers} />
      <DealList rows={loaderData.rows} emptyText={t("dealPages.purchases.empty")} />
    </section>
  );
}
