import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { DealActions } from "#app/features/deals/deal-actions.tsx";
import { DealHeader, DealNotes } from "#app/features/deals/deal-header.tsx";
import { DealMoney } from "#app/features/deals/deal-money.tsx";
import { DealTimeline } from "#app/features/deals/deal-timeline.tsx";
import { SecondChanceChoice } from "#app/features/deals/second-chance.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { MARKETPLACE_METHODS, MarketplaceUnavailableError } from "#core/contracts/marketplace-payments.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import type { Route } from "./+types/deal";

export const middleware = named("auth");

/**
 * One deal (/ucet/obchody/:dealId, issue 35 item 8), for its buyer or its seller only (anyone else:
 * 404): the money, the delivery, the timeline and the next step, pay, ship or confirm receipt.
 * Back from the provider's page, the deal asks the provider itself how the payment stands.
 */
function dealIdOf(params: { dealId?: string }): number {
  const id = Number(params.dealId);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  const dealId = dealIdOf(params);
  const payment = new URL(request.url).searchParams.get("payment");
  let checked: string | null = null;
  if (payment === "returned")
    checked = await services.deals.returnedFromPayment(dealId, user!.id).catch(() => "unknown");
  const deal = await services.deals.page(dealId, user!.id, locale);
  if (!deal) throw data(null, { status: 404 });
  const secondChance = await services.deals.secondChanceOf(deal);
  return { deal, secondChance, payment: payment === "cancelled" ? "cancelled" : checked };
}

type Refusal =
  | "not_found"
  | "not_payable"
  | "unavailable"
  | "invalid"
  | "illegal_transition"
  | "not_unpaid"
  | "no_runner_up"
  | "already_offered";

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  const dealId = dealIdOf(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (code: Refusal) =>
    data(
      { error: translate(locale, `dealPages.refusal.${code}`), done: null },
      { status: code === "not_found" ? 404 : 409 },
    );
  try {
    if (intent === "pay") {
      const method = MARKETPLACE_METHODS.find((one) => one === form.get("method")) ?? "card";
      const started = await services.deals.startPayment(dealId, user!.id, method, locale);
      return started.ok ? redirect(started.value.payUrl) : refuse(started.code);
    }
    if (intent === "ship") {
      const shipped = await services.deals.ship(dealId, user!.id, {
        trackingNumber: String(form.get("trackingNumber") ?? ""),
      });
      if (!shipped.ok)
        return shipped.code === "invalid"
          ? data({ error: translate(locale, "dealPages.refusal.invalid"), done: null }, { status: 422 })
          : refuse(shipped.code);
      return { error: null, done: translate(locale, "dealPages.deal.shipped") };
    }
    if (intent === "second_chance") {
      const offered = await services.deals.offerSecondChance(dealId, user!.id);
      return offered.ok ? { error: null, done: null } : refuse(offered.code);
    }
    if (intent === "confirm") {
      const confirmed = await services.deals.confirmReceipt(dealId, user!.id);
      return confirmed.ok
        ? { error: null, done: translate(locale, "dealPages.deal.confirmed") }
        : refuse(confirmed.code);
    }
  } catch (error) {
    if (error instanceof MarketplaceUnavailableError)
      return data({ error: translate(locale, "dealPages.refusal.provider"), done: null }, { status: 503 });
    throw error;
  }
  return refuse("illegal_transition");
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("dealPages.deal.title", { id: args.params.dealId ?? "" }),
    noindex: true,
  }));
}

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, payment, secondChance } = loaderData;
  const { t, locale } = useTranslation();
  const carrierName = deal.carrier ? t(deliveryNameKey(deal.carrier as "ppl")) : "";
  return (
    <section data-testid="deal-page" data-status={deal.status}>
      <DealHeader deal={deal} />
      <DealNotes deal={deal} payment={payment} done={actionData?.done} error={actionData?.error} />

      <div className="mt-6 grid gap-5 desktop:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-5">
          <DealActions deal={deal} carrierName={carrierName} />
          {secondChance ? <SecondChanceChoice state={secondChance} /> : null}
          {deal.trackingUrl ? (
            <p>
              <a
                href={deal.trackingUrl}
                className="text-primary-dark underline underline-offset-4"
                rel="noreferrer"
                target="_blank"
              >
                {t("dealPages.deal.tracking")} ({carrierName} {deal.trackingNumber})
              </a>
            </p>
          ) : null}
          <DealTimeline deal={deal} />
        </div>
        <div className="flex flex-col gap-5">
          <DealMoney deal={deal} />
          <p className="flex flex-wrap gap-4 text-sm">
            <Link to={deal.productUrl} className="text-primary-dark underline underline-offset-4">
              {t("dealPages.deal.item")}
            </Link>
            {deal.threadId ? (
              <Link
                to={localePath("accountMessageThread", locale, { threadId: deal.threadId })}
                className="text-primary-dark underline underline-offset-4"
              >
                {t("dealPages.deal.conversation")}
              </Link>
            ) : null}
          </p>
        </div>
      </div>
    </section>
  );
}
