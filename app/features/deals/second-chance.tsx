import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { SecondChanceOfferRow, SecondChanceState } from "#core/contracts/deals.ts";
import { czk } from "./format.ts";

const BUTTON = "rounded-lg bg-primary-dark px-4 py-2.5 font-semibold text-white hover:bg-[#173d42]";
const QUIET = "rounded-lg px-4 py-2.5 font-semibold text-primary-dark ring-1 ring-line hover:bg-light";

/** The runner-up's open second-chance offers on Nákupy: accept (a deal to pay) or decline. */
export function SecondChanceOffers({ offers }: { offers: SecondChanceOfferRow[] }) {
  const { t, locale } = useTranslation();
  if (offers.length === 0) return null;
  return (
    <section className="mt-6 rounded-2xl bg-secondary/10 p-5 ring-1 ring-secondary/40" data-testid="offers">
      <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.offers.title")}</h2>
      <p className="mt-1 text-sm text-muted">{t("dealPages.offers.lead")}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {offers.map((offer) => (
          <li
            key={offer.id}
            className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-line"
            data-testid={`offer-${offer.id}`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{offer.productName}</p>
              <p className="text-sm text-muted">
                {t("dealPages.offers.price", { price: czk(offer.priceMinor, locale) })} ·{" "}
                {t("dealPages.offers.until", { date: formatDate(offer.expiresAt, locale, true) })}
              </p>
            </div>
            <Form method="post" className="flex gap-2">
              <input type="hidden" name="offerId" value={offer.id} />
              <button type="submit" name="intent" value="accept" className={BUTTON}>
                {t("dealPages.offers.accept")}
              </button>
              <button type="submit" name="intent" value="decline" className={QUIET}>
                {t("dealPages.offers.decline")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The seller's choice on a deal the winner left unpaid: a second-chance offer, or what became of it. */
export function SecondChanceChoice({ state }: { state: SecondChanceState }) {
  const { t, locale } = useTranslation();
  const { offer } = state;
  return (
    <section className="rounded-2xl bg-white p-5 ring-1 ring-line" data-testid="second-chance">
      <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.secondChance.title")}</h2>
      {offer === null ? (
        <Form method="post">
          <p className="mt-1 text-sm text-muted">
            {t("dealPages.secondChance.lead", { hours: state.hours })}
          </p>
          <button type="submit" name="intent" value="second_chance" className={`mt-3 ${BUTTON}`}>
            {t("dealPages.secondChance.offer")}
          </button>
        </Form>
      ) : (
        <p className="mt-2" data-testid="second-chance-state">
          {offer.state === "open"
            ? t("dealPages.secondChance.offered", {
                price: czk(offer.priceMinor, locale),
                date: formatDate(offer.expiresAt, locale, true),
              })
            : t(`dealPages.secondChance.${offer.state}Offer`)}
        </p>
      )}
      {offer === null || offer.state === "declined" || offer.state === "expired" ? (
        <Form method="post" className="mt-4 border-t border-line pt-4" data-testid="relist-unpaid">
          <p className="text-sm text-muted">{t("dealPages.secondChance.relistLead")}</p>
          <button type="submit" name="intent" value="relist" className={`mt-3 ${QUIET}`}>
            {t("dealPages.secondChance.relist")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
