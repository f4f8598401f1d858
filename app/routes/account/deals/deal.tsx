import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { dealAction } from "#app/features/deals/deal-actions.server.ts";
import { DealActions } from "#app/features/deals/deal-actions.tsx";
import { DealDocuments } from "#app/features/deals/deal-documents.tsx";
import { DealHeader, DealNotes } from "#app/features/deals/deal-header.tsx";
import { DealMoney } from "#app/features/deals/deal-money.tsx";
import { DealTimeline } from "#app/features/deals/deal-timeline.tsx";
import { DeliveryChoice } from "#app/features/deals/delivery-choice.tsx";
import { DealDispute, mayDispute, OpenDispute } from "#app/features/deals/dispute.tsx";
import { tooLargeForDispute } from "#app/features/deals/dispute-photos.server.ts";
import { SecondChanceChoice } from "#app/features/deals/second-chance.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
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
  const secondChance = await services.unpaidWins.secondChanceOf(deal);
  const dispute = await services.disputes.view(deal.id);
  const deliveryChoices = deal.next === "pay" ? await services.deals.deliveryChoices(deal.id, user!.id) : [];
  const documents = (await services.deals.feeDocuments(deal.id, user!.id)) ?? [];
  return {
    deal,
    secondChance,
    dispute,
    deliveryChoices,
    documents,
    payment: payment === "cancelled" ? "cancelled" : checked,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  // A dispute's photos ride in the form: a request larger than six of them is not read at all.
  if (tooLargeForDispute(request)) throw data(null, { status: 413 });
  const form = await request.formData();
  return dealAction(services, { dealId: dealIdOf(params), userId: user!.id, user: user!, form, locale });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("dealPages.deal.title", { id: args.params.dealId ?? "" }),
    noindex: true,
  }));
}

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, payment, secondChance, dispute, deliveryChoices, documents } = loaderData;
  const { t, locale } = useTranslation();
  const carrierName = deal.carrier ? t(deliveryNameKey(deal.carrier as "ppl")) : "";
  return (
    <section data-testid="deal-page" data-status={deal.status}>
      <DealHeader deal={deal} />
      <DealNotes deal={deal} payment={payment} done={actionData?.done} error={actionData?.error} />

      <div className="mt-6 grid gap-5 desktop:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-5">
          <DeliveryChoice choices={deliveryChoices} />
          <DealActions deal={deal} carrierName={carrierName} />
          {secondChance ? <SecondChanceChoice state={secondChance} /> : null}
          {dispute ? (
            <DealDispute deal={deal} dispute={dispute} />
          ) : mayDispute(deal) ? (
            <OpenDispute pickup={deal.carrier === null} />
          ) : null}
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
          <DealDocuments dealId={deal.id} role={deal.role} documents={documents} />
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
