import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { DealPageView, DisputeView } from "#core/contracts/deals.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { CARRIERS } from "#core/schemas/delivery.ts";

const BUTTON = "rounded-lg bg-primary-dark px-4 py-2.5 font-semibold text-white hover:bg-[#173d42]";
const FIELD = "mt-1 w-full rounded-lg border border-line px-3 py-2 tablet:max-w-sm";

/** The buyer's return shipment: the carrier (those of shipping) and its tracking number. */
function ReturnShipmentForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-3" data-testid="return-ship">
      <label className="block text-sm font-medium" htmlFor="return-carrier">
        {t("dealPages.dispute.return.carrier")}
      </label>
      <select id="return-carrier" name="carrier" className={FIELD}>
        {CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {t(deliveryNameKey(carrier))}
          </option>
        ))}
      </select>
      <label className="mt-3 block text-sm font-medium" htmlFor="return-tracking">
        {t("dealPages.dispute.return.trackingNumber")}
      </label>
      <input
        id="return-tracking"
        name="trackingNumber"
        required
        minLength={4}
        maxLength={40}
        pattern="[A-Za-z0-9 \-]{4,40}"
        className={FIELD}
      />
      <button type="submit" name="intent" value="ship_return" className={`mt-3 ${BUTTON}`}>
        {t("dealPages.dispute.return.shipButton")}
      </button>
    </Form>
  );
}

/**
 * A return for a full refund (issue 35, item 6): the buyer sends the item back by its date and
 * enters the parcel; the seller confirms its receipt ("Potvrzuji převzetí vráceného zboží"), or the refund
 * happens without them after the confirm days.
 */
export function DisputeReturn({
  role,
  ret,
}: {
  role: DealPageView["role"];
  ret: NonNullable<DisputeView["return"]>;
}) {
  const { t, locale } = useTranslation();
  const date = (iso: string) => formatDate(iso, locale, true);
  const sent = ret.shippedAt !== null;
  return (
    <div
      className="mt-4 rounded-xl bg-secondary/10 p-4 ring-1 ring-secondary/40"
      data-testid="dispute-return"
    >
      <h3 className="font-semibold">{t("dealPages.dispute.return.title")}</h3>
      {sent ? (
        <p className="mt-1 text-sm" data-testid="return-sent">
          {t("dealPages.dispute.return.sent", {
            date: date(ret.shippedAt!),
            carrier: ret.carrier ? t(deliveryNameKey(ret.carrier)) : "",
            number: ret.trackingNumber ?? "",
          })}{" "}
          {ret.trackingUrl ? (
            <a href={ret.trackingUrl} target="_blank" rel="noreferrer" className="underline">
              {t("dealPages.dispute.return.track")}
            </a>
          ) : null}
        </p>
      ) : (
        <p className="mt-1 text-sm">
          {t(
            role === "buyer" ? "dealPages.dispute.return.buyerLead" : "dealPages.dispute.return.sellerLead",
            {
              date: date(ret.by),
            },
          )}
        </p>
      )}
      {role === "buyer" && !sent ? <ReturnShipmentForm /> : null}
      {role === "buyer" && sent && ret.confirmBy ? (
        <p className="mt-1 text-sm text-muted">
          {t("dealPages.dispute.return.buyerWaits", { date: date(ret.confirmBy) })}
        </p>
      ) : null}
      {role === "seller" && sent && ret.confirmBy ? (
        <Form method="post" className="mt-3">
          <p className="text-sm">
            {t("dealPages.dispute.return.sellerConfirmLead", { date: date(ret.confirmBy) })}
          </p>
          <button type="submit" name="intent" value="confirm_return" className={`mt-2 ${BUTTON}`}>
            {t("dealPages.dispute.return.confirmButton")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
