import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealPageView } from "#core/contracts/deals.ts";

const BUTTON = "rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-[#173d42]";
const CARD = "rounded-2xl bg-white p-5 ring-1 ring-line";

/** The buyer's payment: the provider's card page or a bank transfer with a QR payment. */
function PayForm({ deal }: { deal: DealPageView }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className={CARD} data-testid="deal-pay">
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
  );
}

/** The seller's shipment: the tracking number of the carrier the buyer chose. */
function ShipForm({ carrierName }: { carrierName: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className={CARD} data-testid="deal-ship">
      <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.shipTitle")}</h2>
      <p className="mt-1 text-sm text-muted">{t("dealPages.deal.shipLead", { carrier: carrierName })}</p>
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
  );
}

/** The buyer's confirmation of receipt, which releases the money (a parcel's, or a pickup's). */
function ConfirmForm({ pickup }: { pickup: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className={CARD} data-testid="deal-confirm">
      <h2 className="font-serif text-xl text-primary-dark">
        {t(pickup ? "dealPages.deal.confirmPickupTitle" : "dealPages.deal.confirmTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(pickup ? "dealPages.deal.confirmPickupLead" : "dealPages.deal.confirmLead")}
      </p>
      <button type="submit" name="intent" value="confirm" className={`mt-4 ${BUTTON}`}>
        {t("dealPages.deal.confirmButton")}
      </button>
    </Form>
  );
}

/** Personal pickup, the seller: the goods are ready in the agreed town (the buyer gets a code). */
function HandOverForm({ town }: { town: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className={CARD} data-testid="deal-hand-over">
      <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.handOverTitle", { town })}</h2>
      <p className="mt-1 text-sm text-muted">{t("dealPages.deal.handOverLead")}</p>
      <button type="submit" name="intent" value="hand_over" className={`mt-4 ${BUTTON}`}>
        {t("dealPages.deal.handOverButton")}
      </button>
    </Form>
  );
}

/** Personal pickup, the seller at the handover: the code the buyer shows. */
function PickupCodeForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" className={CARD} data-testid="deal-pickup-code">
      <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.codeTitle")}</h2>
      <p className="mt-1 text-sm text-muted">{t("dealPages.deal.codeLead")}</p>
      <label className="mt-3 block text-sm font-medium" htmlFor="pickupCode">
        {t("dealPages.deal.codeLabel")}
      </label>
      <input
        id="pickupCode"
        name="code"
        required
        inputMode="numeric"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        autoComplete="one-time-code"
        className="mt-1 w-full rounded-lg border border-line px-3 py-2 font-mono text-lg tracking-widest tablet:max-w-[12rem]"
      />
      <button type="submit" name="intent" value="pickup_code" className={`mt-4 block ${BUTTON}`}>
        {t("dealPages.deal.codeButton")}
      </button>
    </Form>
  );
}

/** Personal pickup, the buyer: the one-time code to show at the handover, and receipt to confirm. */
function PickupCode({ code, town }: { code: string; town: string }) {
  const { t } = useTranslation();
  return (
    <>
      <section className={CARD} data-testid="deal-pickup">
        <h2 className="font-serif text-xl text-primary-dark">{t("dealPages.deal.pickupTitle")}</h2>
        <p
          className="mt-3 font-mono text-4xl font-semibold tracking-[0.3em] text-ink"
          data-testid="deal-pickup-value"
        >
          {code.slice(0, 3)}&nbsp;{code.slice(3)}
        </p>
        <p className="mt-3 text-sm text-muted">{t("dealPages.deal.pickupLead", { town })}</p>
      </section>
      <ConfirmForm pickup />
    </>
  );
}

/** What the viewer can do on the deal now, by the deal's next step for them. */
export function DealActions({ deal, carrierName }: { deal: DealPageView; carrierName: string }) {
  const town = deal.pickupTown ?? "";
  if (deal.next === "pay") return <PayForm deal={deal} />;
  if (deal.next === "ship") return <ShipForm carrierName={carrierName} />;
  if (deal.next === "hand_over") return <HandOverForm town={town} />;
  if (deal.next === "enter_code") return <PickupCodeForm />;
  if (deal.next === "pick_up" && deal.pickupCode) return <PickupCode code={deal.pickupCode} town={town} />;
  if (deal.next === "confirm_receipt") return <ConfirmForm pickup={deal.carrier === null} />;
  return null;
}
