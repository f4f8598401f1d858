import { data, Form, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { DealList } from "#app/features/deals/deal-list.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { MarketplaceUnavailableError } from "#core/contracts/marketplace-payments.ts";
import { translate } from "#core/i18n/index.ts";
import type { Route } from "./+types/sales";

export const middleware = named("auth");

/**
 * Prodeje (/ucet/prodeje, issue 35 item 8): the user's sold deals, and their payouts: the provider
 * verifies who the seller is on its own pages before any money goes out.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  const returned = new URL(request.url).searchParams.get("payouts") === "returned";
  const account = await services.deals.payoutAccount(user!.id, returned).catch(() => null);
  return {
    rows: await services.deals.list(user!.id, "seller", locale),
    payoutsEnabled: account?.payoutsEnabled ?? false,
    available: await services.deals.available(),
    returned,
  };
}

export async function action({ context }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  try {
    const url = await services.deals.payoutOnboarding({ userId: user!.id, email: user!.email }, locale);
    if (!url) return data({ error: translate(locale, "dealPages.refusal.unavailable") }, { status: 409 });
    return redirect(url);
  } catch (error) {
    if (error instanceof MarketplaceUnavailableError)
      return data({ error: translate(locale, "dealPages.refusal.provider") }, { status: 503 });
    throw error;
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("dealPages.sales.title"), noindex: true }));
}

export default function Sales({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section data-testid="sales-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("dealPages.sales.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("dealPages.sales.intro")}</p>
      {loaderData.available || loaderData.rows.length > 0 ? (
        <section className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-line" data-testid="payouts">
          <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.sales.payouts")}</h2>
          {loaderData.returned ? (
            <p className="mt-2 text-sm text-muted" role="status">
              {t("dealPages.sales.payoutsReturned")}
            </p>
          ) : null}
          <p className="mt-2" data-testid="payouts-state">
            {t(loaderData.payoutsEnabled ? "dealPages.sales.payoutsOn" : "dealPages.sales.payoutsOff")}
          </p>
          {loaderData.payoutsEnabled ? null : (
            <Form method="post" className="mt-3">
              <button
                type="submit"
                className="rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-[#173d42]"
              >
                {t("dealPages.sales.payoutsStart")}
              </button>
            </Form>
          )}
          {actionData?.error ? (
            <p className="mt-2 text-danger" role="alert">
              {actionData.error}
            </p>
          ) : null}
        </section>
      ) : null}
      <DealList rows={loaderData.rows} emptyText={t("dealPages.sales.empty")} />
    </section>
  );
}
