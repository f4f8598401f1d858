import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { DealPageView } from "#core/contracts/deals.ts";

/** The steps the deal went through with their dates, and the deadline that runs now. */
export function DealTimeline({ deal }: { deal: DealPageView }) {
  const { t, locale } = useTranslation();
  const deadline =
    deal.status === "awaiting_payment"
      ? t("dealPages.deal.deadlinePay", { date: formatDate(deal.payBy, locale, true) })
      : deal.status === "paid" && deal.shipBy
        ? t("dealPages.deal.deadlineShip", { date: formatDate(deal.shipBy, locale, true) })
        : (deal.status === "shipped" || deal.status === "delivered") && deal.releaseAt
          ? t("dealPages.deal.deadlineRelease", { date: formatDate(deal.releaseAt, locale, true) })
          : deal.status === "ready_for_pickup" && deal.dueAt
            ? t("dealPages.deal.deadlinePickup", { date: formatDate(deal.dueAt, locale, true) })
            : null;
  return (
    <section className="rounded-2xl bg-white p-5 ring-1 ring-line" aria-labelledby="deal-timeline">
      <h2 id="deal-timeline" className="font-serif text-xl text-primary-dark">
        {t("dealPages.deal.timeline")}
      </h2>
      <ol
        className="mt-3 flex flex-col gap-2 border-l-2 border-line pl-4 text-sm"
        data-testid="deal-timeline"
      >
        {deal.timeline.map((step) => (
          <li key={`${step.transition}-${step.at}`}>
            <span className="font-medium">{t(`dealPages.deal.transitions.${step.transition}`)}</span>{" "}
            <time className="text-muted" dateTime={step.at}>
              {formatDate(step.at, locale, true)}
            </time>
          </li>
        ))}
        {deadline ? <li className="font-medium text-primary-dark">{deadline}</li> : null}
      </ol>
    </section>
  );
}
