import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import type { OrderView } from "#core/contracts/payments.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { OrderLines, OrderStatusBadge } from "./order-parts.tsx";
import { type OrderResult, OrderResultLine, PayOrder, useCardAttemptResult } from "./pay-order.tsx";
import { isShopOrder, ShopOrderSummary } from "./shop-order.tsx";

/**
 * An order's page, whichever route shows it (`/ucet/shrnuti/:orderId/:hash` in the account,
 * `/shrnuti/:id/:hash` for whoever holds both): a shop order as its summary, a fee or a promotion
 * with what it is for. Its data is summary.server.ts's loadOrderSummary.
 */

export type OrderSummaryData = {
  order: OrderView;
  qrSvg: string | null;
  signedIn: boolean;
};

/**
 * What the page says about a fee or promotion first, in this order: paid (and what it bought),
 * cancelled, not payable, then how the last card attempt went.
 */
function useFeeResult(order: OrderView, refused: string | undefined): OrderResult | null {
  const { t, locale } = useTranslation();
  const attempt = useCardAttemptResult(order, refused);
  if (order.status === "paid")
    return {
      tone: "success",
      text:
        (order.kind === "promotion" && order.toppedUntil
          ? t("payments.summary.paidPromotion", { date: formatDate(order.toppedUntil, locale, true) })
          : order.kind === "listing_fee"
            ? t("payments.summary.paidFee")
            : t("payments.summary.paid")) +
        // A second card payment of the order succeeded too and went back to the payer.
        (order.duplicateRefunded ? ` ${t("payments.summary.duplicateRefunded")}` : ""),
    };
  if (order.status === "cancelled") return { tone: "neutral", text: t("payments.summary.cancelled") };
  if (!order.payable) return { tone: "neutral", text: t("payments.summary.notPayable") };
  return attempt;
}

/** The ways on: the invoice (once there is one), my listings, my payments. */
function FeeOrderLinks({ invoiceNumber }: { invoiceNumber: string | null }) {
  const { t, locale } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      {invoiceNumber ? (
        <Link
          to={localePath("accountInvoiceDocument", locale, { number: invoiceNumber })}
          className={secondaryLinkClass}
          data-testid="order-invoice"
        >
          {t("payments.document.link")}
        </Link>
      ) : null}
      <Link to={localePath("accountAdvertisements", locale)} className={secondaryLinkClass}>
        {t("payments.summary.toListings")}
      </Link>
      <Link
        to={localePath("accountPayment", locale)}
        className={secondaryLinkClass}
        data-testid="order-to-payments"
      >
        {t("payments.summary.toPayments")}
      </Link>
    </div>
  );
}

/** A listing's fee or promotion: what it is for, what it costs, and while unpaid how to pay it. */
function FeeOrderSummary({ order, qrSvg, refused }: OrderSummaryData & { refused?: string }) {
  const { t } = useTranslation();
  const result = useFeeResult(order, refused);
  return (
    <section
      data-testid="order-summary"
      data-order-id={order.id}
      data-kind={order.kind}
      className="flex flex-col gap-6"
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t("payments.summary.title", { number: order.id })}
        </h1>
        <OrderStatusBadge status={order.status} />
      </header>

      {result ? <OrderResultLine result={result} /> : null}

      <div
        className={
          order.payable
            ? "grid gap-6 desktop:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] desktop:items-start"
            : "max-w-xl"
        }
      >
        <div className="rounded-xl border border-line bg-white p-5 tablet:p-6">
          <OrderLines order={order} />
        </div>
        {order.payable ? <PayOrder order={order} qrSvg={qrSvg} /> : null}
      </div>
      <FeeOrderLinks invoiceNumber={order.invoiceNumber} />
    </section>
  );
}

export function OrderSummary({ data, refused }: { data: OrderSummaryData; refused?: string }) {
  if (isShopOrder(data.order))
    return (
      <ShopOrderSummary order={data.order} qrSvg={data.qrSvg} refused={refused} signedIn={data.signedIn} />
    );
  return <FeeOrderSummary {...data} refused={refused} />;
}
