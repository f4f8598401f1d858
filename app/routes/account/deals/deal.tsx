import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { DealMoney } from "#app/features/deals/deal-money.tsx";
import { DealTimeline } from "#app/features/deals/deal-timeline.tsx";
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
  return { deal, payment: payment === "cancelled" ? "cancelled" : checked };
}

type Refusal = "not_found" | "not_payable" | "unavailable" | "invalid" | "illegal_transition";

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

const BUTTON = "rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-[#173d42]";

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, payment } = loaderData;
  const { t, locale } = useTranslation();
  const carrierName = deal.carrier ? t(deliveryNameKey(deal.carrier as "ppl")) : "";
  return (
    <section data-testid="deal-page" data-status={deal.status}>
      <Link
        to={localePath(deal.role === "buyer" ? "accountPurchases" : "accountSales", locale)}
        className="text-sm text-primary-dark underline underline-offset-4"
      >
        {t("dealPages.deal.back")}
      </Link>
      <h1 className="mt-2 font-serif text-3xl text-primary-dark tablet:text-4xl">{deal.productName}</h1>
      <p className="mt-1 text-muted">
        {t("dealPages.deal.title", { id: deal.id })} · {t(`dealPages.deal.from.${deal.source}`)} ·{" "}
        {t(deal.role === "buyer" ? "dealPages.deal.seller" : "dealPages.deal.buyer")}:{" "}
        {deal.counterpart || "–"}
      </p>
      <p
        className="mt-3 inline-flex rounded-full bg-light px-3 py-1 text-sm font-semibold ring-1 ring-line"
        data-testid="deal-status"
      >
        {t(`dealPages.status.${deal.status}`)}
      </p>

      {payment ? (
        <p className="mt-4 rounded-xl bg-light p-3 text-sm" role="status" data-testid="deal-payment-note">
          {payment === "cancelled"
            ? t("dealPages.deal.paymentCancelled")
            : deal.status === "awaiting_payment"
              ? t("dealPages.deal.paymentPending")
              : t("dealPages.deal.paymentReturned")}
        </p>
      ) : null}
      {actionData?.done ? (
        <p className="mt-4 rounded-xl bg-success/10 p-3 text-sm" role="status">
          {actionData.done}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="mt-4 rounded-xl bg-danger/10 p-3 text-sm text-danger" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <div className="mt-6 grid gap-5 desktop:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-5">
          {deal.next === "pay" ? (
            <Form method="post" className="rounded-2xl bg-white p-5 ring-1 ring-line" data-testid="deal-pay">
              <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.payTitle")}</h2>
              <p className="mt-1 text-sm text-muted">{t("dealPages.deal.payLead")}</p>
              <fieldset className="mt-3 flex flex-col gap-2">
                <legend className="sr-only">{t("dealPages.deal.payTitle")}</legend>
                {deal.methods.map((method, index) => (
                  <label key={method} className="flex items-center gap-2">
                    <input type="radio" name="method" value={method} defaultChecked={index === 0} />
                    {t(`dealPages.deal.methods.${method}`)}
                  </label>
                ))}
              </fieldset>
              <button type="submit" name="intent" value="pay" className={`mt-4 ${BUTTON}`}>
                {t("dealPages.deal.payButton")}
              </button>
            </Form>
          ) : null}
          {deal.next === "ship" ? (
            <Form method="post" className="rounded-2xl bg-white p-5 ring-1 ring-line" data-testid="deal-ship">
              <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.shipTitle")}</h2>
              <p className="mt-1 text-sm text-muted">
                {t("dealPages.deal.shipLead", { carrier: carrierName })}
              </p>
              <label className="mt-3 block text-sm font-medium" htmlFor="trackingNumber">
                {t("dealPages.deal.trackingNumber")}
              </label>
              <input
                id="trackingNumber"
                name="trackingNumber"
                required
                minLength={4}
                maxLength={40}
                autoComplete="off"
                className="mt-1 w-full rounded-lg border border-line px-3 py-2 tablet:max-w-xs"
              />
              <button type="submit" name="intent" value="ship" className={`mt-4 block ${BUTTON}`}>
                {t("dealPages.deal.shipButton")}
              </button>
            </Form>
          ) : null}
          {deal.next === "confirm_receipt" ? (
            <Form
              method="post"
              className="rounded-2xl bg-white p-5 ring-1 ring-line"
              data-testid="deal-confirm"
            >
              <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.confirmTitle")}</h2>
              <p className="mt-1 text-sm text-muted">{t("dealPages.deal.confirmLead")}</p>
              <button type="submit" name="intent" value="confirm" className={`mt-4 ${BUTTON}`}>
                {t("dealPages.deal.confirmButton")}
              </button>
            </Form>
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
