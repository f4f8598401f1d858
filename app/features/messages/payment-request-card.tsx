import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatShortDateTime } from "#app/ui/dates-and-prices.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { PaymentRequestView } from "#core/contracts/payment-requests.ts";
import { localePath } from "#core/i18n/paths.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

const STATUS_TONE: Record<PaymentRequestView["status"], string> = {
  open: "bg-secondary/20 text-[#6b4f12]",
  accepted: "bg-success/15 text-[#1f5c44]",
  declined: "bg-danger/10 text-danger",
  withdrawn: "bg-ink/8 text-ink/80",
  expired: "bg-ink/8 text-ink/80",
};

/**
 * A payment request in the conversation's timeline (issue 35, item 1): the agreed price, the
 * delivery, what the buyer pays with buyer protection (their discount counted), its state and
 * expiry; the buyer accepts and pays or declines, the seller cancels. Plain forms: no scripts needed.
 */
export function PaymentRequestCard({ request, mine }: { request: PaymentRequestView; mine: boolean }) {
  const { t, locale } = useTranslation();
  const carrier = request.carrier as DeliveryOption["carrier"];
  const delivery =
    carrier === "pickup"
      ? t("paymentRequests.card.pickup", { town: request.pickupTown ?? "" })
      : t(deliveryNameKey(carrier));
  return (
    <li
      className={`w-full max-w-md rounded-2xl border-2 border-secondary/60 bg-white p-4 shadow-sm ${mine ? "self-end" : "self-start"}`}
      data-testid="payment-request"
      data-request-id={request.id}
      data-status={request.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-serif text-lg text-primary-dark">{t("paymentRequests.card.title")}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[request.status]}`}
          data-testid="payment-request-status"
        >
          {t(`paymentRequests.card.status.${request.status}`)}
        </span>
      </div>
      <Breakdown request={request} delivery={delivery} />
      {request.status === "open" ? (
        <p className="mt-2 text-xs text-muted" suppressHydrationWarning>
          {t("paymentRequests.card.expires", { date: formatShortDateTime(request.expiresAt, locale) })}
        </p>
      ) : null}
      {request.role === "buyer" && request.status === "open" ? (
        <p className="mt-2 text-xs text-muted">
          {request.totalMinor === null
            ? t("paymentRequests.card.dealsOff")
            : t("paymentRequests.card.protectionLead")}
        </p>
      ) : null}
      <RequestActions request={request} />
      {request.dealId !== null ? (
        <Link
          to={localePath("accountDeal", locale, { dealId: request.dealId })}
          className="mt-3 inline-block text-sm font-semibold text-primary-dark underline underline-offset-2"
          data-testid="payment-request-deal"
        >
          {t("paymentRequests.card.viewDeal")}
        </Link>
      ) : null}
    </li>
  );
}

function RequestActions({ request }: { request: PaymentRequestView }) {
  const { t } = useTranslation();
  if (!request.canAnswer && !request.canWithdraw) return null;
  const confirmed =
    (key: "paymentRequests.card.declineConfirm" | "paymentRequests.card.withdrawConfirm") =>
    (event: React.MouseEvent) => {
      if (!window.confirm(t(key))) event.preventDefault();
    };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {request.canAnswer ? (
        <>
          <Form method="post">
            <input type="hidden" name="intent" value="request_accept" />
            <input type="hidden" name="requestId" value={request.id} />
            <button
              type="submit"
              className={`${BUTTON} bg-primary-dark text-white hover:bg-primary`}
              data-testid="payment-request-accept"
            >
              {t("paymentRequests.card.accept")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="request_decline" />
            <input type="hidden" name="requestId" value={request.id} />
            <button
              type="submit"
              className={`${BUTTON} border border-line bg-white text-ink hover:bg-light`}
              data-testid="payment-request-decline"
              onClick={confirmed("paymentRequests.card.declineConfirm")}
            >
              {t("paymentRequests.card.decline")}
            </button>
          </Form>
        </>
      ) : null}
      {request.canWithdraw ? (
        <Form method="post">
          <input type="hidden" name="intent" value="request_withdraw" />
          <input type="hidden" name="requestId" value={request.id} />
          <button
            type="submit"
            className={`${BUTTON} border border-line bg-white text-ink hover:bg-light`}
            data-testid="payment-request-withdraw"
            onClick={confirmed("paymentRequests.card.withdrawConfirm")}
          >
            {t("paymentRequests.card.withdraw")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** Price, delivery, buyer protection (with the buyer's discount) and the total the buyer pays. */
function Breakdown({ request, delivery }: { request: PaymentRequestView; delivery: string }) {
  const { t } = useTranslation();
  const { czk } = useCzkAmount();
  return (
    <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-muted">{t("paymentRequests.card.price")}</dt>
      <dd className="text-right tabular-nums" data-testid="payment-request-price">
        {czk(request.priceMinor)}
      </dd>
      <dt className="text-muted">
        {t("paymentRequests.card.delivery")}: {delivery}
      </dt>
      <dd className="text-right tabular-nums">{czk(request.deliveryMinor)}</dd>
      {request.buyerFeeMinor === null ? null : (
        <>
          <dt className="text-muted">
            {request.buyerDiscountPercent > 0
              ? t("paymentRequests.card.protectionDiscount", { percent: request.buyerDiscountPercent })
              : t("paymentRequests.card.protection")}
          </dt>
          <dd className="text-right tabular-nums">{czk(request.buyerFeeMinor)}</dd>
        </>
      )}
      {request.totalMinor === null ? null : (
        <>
          <div className="col-span-2 mt-1 border-t border-line" aria-hidden="true" />
          <dt className="font-semibold">{t("paymentRequests.card.total")}</dt>
          <dd
            className="text-right font-serif text-lg font-bold text-primary-dark tabular-nums"
            data-testid="payment-request-total"
          >
            {czk(request.totalMinor)}
          </dd>
        </>
      )}
    </dl>
  );
}
