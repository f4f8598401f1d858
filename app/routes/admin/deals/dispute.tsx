import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import {
  DisputeDecision,
  DisputeMessages,
  DisputeReturnState,
} from "#app/features/admin/deals/dispute-decision.tsx";
import { reasonKey } from "#app/features/deals/dispute.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";
import { formatPrice } from "#core/money/money.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/dispute";

/**
 * The operator's side of a deal's dispute (docs/product/back-office.md, "Deals through Rarita";
 * issue 35, item 6): what both sides wrote, and once either handed it over, the decision (a
 * refund of what the provider holds, the rest to the seller) with its statement of reasons, which
 * both sides then see on their deal page. Audited by the disputes service.
 */
function dealIdOf(params: { dealId?: string }, locale: "cs" | "en"): number {
  const id = /^\d{1,9}$/.test(params.dealId ?? "") ? Number(params.dealId) : 0;
  if (id < 1) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services, locale } = context.get(appContext);
  const dealId = dealIdOf(params, locale);
  const [found, dispute] = await Promise.all([
    services.dealsAdmin.deal(dealId, locale),
    services.disputes.view(dealId),
  ]);
  if (!found || !dispute) throw data(translate(locale, "errors.notFound"), { status: 404 });
  const held = found.balances.find((balance) => balance.account === "held")?.amountMinor ?? 0;
  // A personal pickup's "not arrived" is a handover that did not happen (as on the deal page).
  return { dealId, productName: found.deal.productName, pickup: found.deal.carrier === null, held, dispute };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "deals");
  const { services, locale, clientIp } = context.get(appContext);
  const dealId = dealIdOf(params, locale);
  const form = await request.formData();
  // "return": a full refund after the item's return; else the refund's amount.
  const returnItem = form.get("kind") === "return";
  const refund = returnItem ? 0 : parseCrowns(String(form.get("refund") ?? ""));
  if (typeof refund !== "number")
    return data(
      { error: translate(locale, "adminDeals.dispute.errors.invalid_amount"), done: null },
      { status: 422 },
    );
  const decided = await services.disputes.decide(
    dealId,
    { actorId: staff.id, ip: clientIp },
    {
      refundMinor: refund,
      facts: String(form.get("facts") ?? ""),
      grounds: String(form.get("grounds") ?? ""),
      returnItem,
    },
  );
  if (decided.ok) return { error: null, done: translate(locale, "adminDeals.dispute.decided") };
  const code =
    decided.code === "invalid" || decided.code === "invalid_amount" || decided.code === "not_found"
      ? decided.code
      : "illegal_transition";
  return data(
    { error: translate(locale, `adminDeals.dispute.errors.${code}`), done: null },
    { status: code === "not_found" ? 404 : code === "illegal_transition" ? 409 : 422 },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminDeals.dispute.title", { number: args.params.dealId ?? "" }),
    noindex: true,
  }));
}

export default function AdminDisputePage({ loaderData, actionData }: Route.ComponentProps) {
  const { dealId, productName, pickup, held, dispute } = loaderData;
  const { t, locale } = useTranslation();
  const money = (minor: number) => formatPrice(minor, null, { locale });
  return (
    <section data-testid="admin-dispute" data-status={dispute.status}>
      <Link
        to={localePath("adminDeal", locale, { dealId: String(dealId) })}
        className="text-sm text-primary-dark underline underline-offset-4"
      >
        {t("adminDeals.dispute.back")}
      </Link>
      <h1 className="mt-2 font-serif text-2xl text-primary-dark">
        {t("adminDeals.dispute.title", { number: dealId })}
      </h1>
      <p className="mt-1 text-muted">
        {productName} · {t(reasonKey(dispute.reason, pickup))} ·{" "}
        {t(`adminDeals.dispute.statusLabels.${dispute.status}`)} ·{" "}
        {t("adminDeals.dispute.held", { amount: money(held) })}
      </p>
      {actionData?.done ? (
        <p className="mt-4 rounded-xl bg-success/10 p-3" role="status">
          {actionData.done}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="mt-4 rounded-xl bg-danger/10 p-3 text-danger" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {dispute.status === "returning" ? <DisputeReturnState ret={dispute.return ?? null} /> : null}
      <DisputeMessages messages={dispute.messages} />
      <DisputeDecision status={dispute.status} />
    </section>
  );
}
