import { createContext, use } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { AllInBreakdown, DealOffer } from "#core/contracts/deal-offer.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";
import { allInBreakdown } from "#core/rules/all-in.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";

/**
 * The deal through the site on the product page (issue 35, item 2; ADR 0075): the seller's
 * delivery options, the all-in total under the amount being typed, and the breakdown the bid
 * confirmation and the purchase panel show. The page puts the listing's offer in `DealOfferContext`
 * (null: none, and nothing here shows), so the bid form needs no new props on its way down.
 */
export const DealOfferContext = createContext<DealOffer | null>(null);

export function useDealOffer(): DealOffer | null {
  return use(DealOfferContext);
}

/** An option as a buyer reads it: "Zásilkovna 89 Kč", "Osobní odběr Praha". */
function useOptionText() {
  const { t } = useTranslation();
  const { czk } = useCzkAmount();
  return (option: DeliveryOption) =>
    option.carrier === "pickup"
      ? t("product.deals.pickupIn", { name: t(deliveryNameKey("pickup")), town: option.town })
      : `${t(deliveryNameKey(option.carrier))} ${czk(option.priceMinor)}`;
}

/** "Doručení: Zásilkovna 89 Kč, Osobní odběr Praha": the listing's options, as the page's offer has them. */
export function DeliveryList() {
  const offer = useDealOffer();
  return offer ? <DeliveryOptionsLine options={offer.deliveryOptions} testId="deal-delivery" /> : null;
}

/** The options in one line, in a panel of their own (the product page; the listing's preview). */
export function DeliveryOptionsLine({
  options,
  testId,
}: {
  options: readonly DeliveryOption[];
  testId: string;
}) {
  const { t } = useTranslation();
  const text = useOptionText();
  return (
    <p
      className="rounded-2xl bg-white px-5 py-4 text-sm leading-relaxed text-ink ring-1 ring-line tablet:px-6"
      data-testid={testId}
    >
      <span className="font-semibold">{t("product.deals.delivery")}:</span> {options.map(text).join(", ")}
    </p>
  );
}

/**
 * The all-in total of the amount as typed, under the bid box's field. A hint computed in the
 * browser from the offer; the confirmation shows the server's figure.
 */
export function AllInLine({ typed }: { typed: string }) {
  const { t } = useTranslation();
  const { czk } = useCzkAmount();
  const offer = useDealOffer();
  const parsed = parseCrowns(typed);
  const breakdown = offer && typeof parsed === "number" ? allInBreakdown(offer, parsed) : null;
  if (!breakdown) return null;
  return (
    <p className="text-sm font-semibold text-primary-dark" aria-live="polite" data-testid="bid-all-in">
      {t("product.deals.allIn", { total: czk(breakdown.totalMinor) })}
    </p>
  );
}

/** Price, delivery (the one counted, named), buyer protection and the total. */
export function DealBreakdown({ breakdown, testId }: { breakdown: AllInBreakdown; testId: string }) {
  const { t } = useTranslation();
  const { czk, withHint } = useCzkAmount();
  const text = useOptionText();
  const rows: [string, string, string][] = [
    ["price", t("product.deals.breakdownPrice"), czk(breakdown.priceMinor)],
    [
      "delivery",
      t("product.deals.breakdownDelivery", {
        name:
          breakdown.delivery.carrier === "pickup"
            ? text(breakdown.delivery)
            : t(deliveryNameKey(breakdown.delivery.carrier)),
      }),
      czk(breakdown.deliveryMinor),
    ],
    [
      "protection",
      breakdown.discountPercent > 0
        ? `${t("product.deals.breakdownProtection")} (${t("product.deals.breakdownDiscount", { percent: breakdown.discountPercent })})`
        : t("product.deals.breakdownProtection"),
      czk(breakdown.protectionMinor),
    ],
  ];
  return (
    <dl className="flex flex-col gap-1 text-sm" data-testid={testId}>
      {rows.map(([key, label, amount]) => (
        <div key={key} className="flex justify-between gap-4" data-testid={`${testId}-${key}`}>
          <dt className="text-muted">{label}</dt>
          <dd className="shrink-0 tabular-nums text-ink">{amount}</dd>
        </div>
      ))}
      <div
        className="mt-1 flex justify-between gap-4 border-t border-line pt-1 font-semibold text-primary-dark"
        data-testid={`${testId}-total`}
      >
        <dt>{t("product.deals.breakdownTotal")}</dt>
        <dd className="shrink-0 text-right tabular-nums">{withHint(breakdown.totalMinor)}</dd>
      </div>
    </dl>
  );
}
