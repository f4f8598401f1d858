import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealDeliveryChoice } from "#core/contracts/deals.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { czk } from "./format.ts";

const BUTTON =
  "rounded-lg px-4 py-2 text-sm font-semibold text-primary-dark ring-1 ring-primary-dark/40 hover:bg-primary-dark/5";

/**
 * The buyer's delivery before paying (issue 35, item 2): the listing's options, each with the
 * deal's total it makes; the server takes the option's price from the listing.
 */
export function DeliveryChoice({ choices }: { choices: DealDeliveryChoice[] }) {
  const { t, locale } = useTranslation();
  if (choices.length < 2) return null;
  return (
    <Form
      method="post"
      className="rounded-2xl bg-white p-5 ring-1 ring-line"
      data-testid="deal-delivery-choice"
    >
      <fieldset>
        <legend className="font-serif text-xl text-primary-dark">{t("dealPages.deal.deliveryTitle")}</legend>
        <p className="mt-1 text-sm text-muted">{t("dealPages.deal.deliveryLead")}</p>
        <div className="mt-3 flex flex-col gap-2">
          {choices.map(({ option, deliveryMinor, totalMinor, chosen }) => (
            <label
              key={option.carrier}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 ring-1 ring-line has-[:checked]:ring-2 has-[:checked]:ring-primary-dark"
            >
              <input type="radio" name="carrier" value={option.carrier} defaultChecked={chosen} />
              <span className="grow">
                {option.carrier === "pickup"
                  ? t("dealPages.deal.pickup", { town: option.town })
                  : t(deliveryNameKey(option.carrier))}
              </span>
              <span className="text-sm tabular-nums text-muted">{czk(deliveryMinor, locale)}</span>
              <span className="w-full text-sm tabular-nums tablet:w-auto">
                {t("dealPages.deal.deliveryTotal", { total: czk(totalMinor, locale) })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" name="intent" value="choose_delivery" className={`mt-4 ${BUTTON}`}>
        {t("dealPages.deal.deliveryButton")}
      </button>
    </Form>
  );
}
