import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "#app/ui/feedback/use-hydrated.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { AllInBreakdown } from "#core/contracts/deal-offer.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DealBreakdown } from "./bidding/all-in.tsx";

/** What the buy step shows (app/routes/account/deals/buy.tsx): the item, the options with their breakdowns. */
export type BuyStepView = {
  item: { name: string; url: string; image: string | null; seller: string; priceMinor: number };
  options: { carrier: DeliveryOption["carrier"]; breakdown: AllInBreakdown }[];
  chosen: DeliveryOption["carrier"];
  requestKey: string;
  payDays: number;
};

/**
 * "Koupit" (issue 35): the item, the seller's delivery options (the cheapest shipping chosen at
 * first) and the breakdown of the chosen one, price, delivery, buyer protection with the buyer's
 * group discount and the total, each computed on the server. Choosing another option shows its
 * breakdown at once; without scripts "Přepočítat" asks the server for it (a GET of the same page).
 * The form carries its own key, so a double click makes one deal.
 */
export function BuyStep({ view, error }: { view: BuyStepView; error?: string | null }) {
  const { t } = useTranslation();
  const { czk } = useCzkAmount();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [chosen, setChosen] = useState(view.chosen);
  const current = view.options.find((option) => option.carrier === chosen) ?? view.options[0];
  const { item } = view;
  return (
    <section className="flex flex-col gap-6" data-testid="buy-page">
      <div>
        <Link to={item.url} className="text-sm text-primary-dark underline underline-offset-4">
          {t("dealBuy.page.back")}
        </Link>
        <h1 className="mt-2 font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t("dealBuy.page.title")}
        </h1>
      </div>
      <div className="flex items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-line">
        {item.image ? (
          <img src={item.image} alt="" className="size-20 shrink-0 rounded-lg object-cover" loading="lazy" />
        ) : null}
        <p className="text-ink" data-testid="buy-item">
          {t("dealBuy.page.lead", { name: item.name, price: czk(item.priceMinor), seller: item.seller })}
        </p>
      </div>
      {error ? (
        <p className="rounded-lg bg-danger/10 px-4 py-3 text-danger" role="alert" data-testid="buy-error">
          {error}
        </p>
      ) : null}
      <Form method="post" className="grid items-start gap-5 desktop:grid-cols-[1fr_22rem]">
        <input type="hidden" name="requestKey" value={view.requestKey} />
        <fieldset className="flex flex-col gap-2 rounded-xl bg-white p-5 ring-1 ring-line">
          <legend className="float-left mb-2 font-serif text-xl text-primary-dark">
            {t("dealBuy.page.delivery")}
          </legend>
          {view.options.map((option) => (
            <CarrierChoice
              key={option.carrier}
              option={option}
              checked={option.carrier === chosen}
              onChoose={() => setChosen(option.carrier)}
            />
          ))}
          {hydrated ? null : (
            <div>
              <button
                type="submit"
                formMethod="get"
                className="mt-2 rounded-full px-4 py-2 text-sm font-semibold text-primary-dark ring-1 ring-primary-dark"
              >
                {t("dealBuy.page.recompute")}
              </button>
            </div>
          )}
        </fieldset>
        <div className="flex flex-col gap-4 rounded-xl bg-light p-5" data-testid="buy-summary">
          <h2 className="font-serif text-xl text-primary-dark">{t("dealBuy.page.summary")}</h2>
          {current ? <DealBreakdown breakdown={current.breakdown} testId="buy-all-in" /> : null}
          <p className="text-xs leading-relaxed text-muted">
            {t("dealBuy.page.note", { days: view.payDays })}
          </p>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-primary-dark px-6 py-3 font-semibold text-white hover:bg-primary disabled:opacity-60"
            data-testid="buy-submit"
          >
            {t("dealBuy.page.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function CarrierChoice({
  option,
  checked,
  onChoose,
}: {
  option: BuyStepView["options"][number];
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const { czk } = useCzkAmount();
  const { delivery } = option.breakdown;
  const name = t(deliveryNameKey(option.carrier));
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-line p-3 has-[:checked]:border-primary-dark has-[:checked]:bg-primary-dark/5">
      <span className="flex items-center gap-3">
        <input
          type="radio"
          name="carrier"
          value={option.carrier}
          defaultChecked={checked}
          onChange={onChoose}
          className="size-4 accent-primary-dark"
          data-testid={`buy-carrier-${option.carrier}`}
        />
        <span className="font-medium">
          {delivery.carrier === "pickup" ? t("product.deals.pickupIn", { name, town: delivery.town }) : name}
        </span>
      </span>
      <span className="shrink-0 tabular-nums text-ink">{czk(option.breakdown.deliveryMinor)}</span>
    </label>
  );
}
