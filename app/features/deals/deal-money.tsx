import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealPageView } from "#core/contracts/deals.ts";
import type { DealStatus } from "#core/lifecycles/deal.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { czk } from "./format.ts";

/** While the provider holds (or is about to hold) the buyer's money: not once released or refunded. */
const HELD: readonly DealStatus[] = [
  "awaiting_payment",
  "paid",
  "shipped",
  "ready_for_pickup",
  "delivered",
  "disputed",
];

/** The deal's money: what the buyer pays (price, delivery, protection) and, for the seller, what they get. */
export function DealMoney({ deal }: { deal: DealPageView }) {
  const { t, locale } = useTranslation();
  const line = (label: string, minor: number, strong = false, testId?: string) => (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? "border-t border-line pt-2.5 font-semibold" : ""}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {czk(minor, locale)}
      </dd>
    </div>
  );
  return (
    <section className="rounded-2xl bg-white p-5 ring-1 ring-line" aria-labelledby="deal-money">
      <h2 id="deal-money" className="font-serif text-xl text-primary-dark">
        {t("dealPages.deal.money")}
      </h2>
      <dl className="mt-3 text-sm">
        {line(t("dealPages.deal.price"), deal.priceMinor)}
        {line(
          deal.carrier
            ? t("dealPages.deal.delivery", { carrier: t(deliveryNameKey(deal.carrier as "ppl")) })
            : t("dealPages.deal.pickup", { town: deal.pickupTown ?? "" }),
          deal.deliveryMinor,
        )}
        {line(t("dealPages.deal.protection"), deal.buyerFeeMinor)}
        {line(t("dealPages.deal.total"), deal.totalMinor, true, "deal-total")}
        {deal.role === "seller" ? (
          <>
            {line(t("dealPages.deal.commission"), deal.sellerCommissionMinor)}
            {line(t("dealPages.deal.sellerGets"), deal.sellerGetsMinor, true, "deal-seller-gets")}
            {line(t("dealPages.deal.paidOut"), deal.paidOutMinor, false, "deal-paid-out")}
          </>
        ) : null}
      </dl>
      {deal.role === "buyer" && HELD.includes(deal.status) ? (
        <p className="mt-3 text-sm text-muted">{t("dealPages.deal.held")}</p>
      ) : null}
    </section>
  );
}
