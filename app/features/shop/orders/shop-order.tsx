import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import type { OrderView } from "#core/contracts/payments.ts";
import { formatDate, formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { OrderStatusBadge, useCzk } from "./order-parts.tsx";
import { type OrderResult, OrderResultLine, PayOrder, useCardAttemptResult } from "./pay-order.tsx";
import {
  Addresses,
  CARD,
  CARD_TITLE,
  Costs,
  DeliveryAndPayment,
  ShopLines,
  type ShopOrderView,
} from "./shop-order-parts.tsx";

/**
 * A shop order's summary (`/shrnuti/:id/:hash` for whoever holds both, `/ucet/shrnuti/…` in the
 * account; docs/product/payments.md, "The cart and the shop"): where it stands, what was bought,
 * how it travels and is paid, the addresses, what it costs, and while unpaid the ways to pay it;
 * once paid its tax document.
 */

export function isShopOrder(order: OrderView): order is ShopOrderView {
  return order.kind === "shop" && order.shop !== null;
}

export type ShopOrderSummaryProps = {
  order: ShopOrderView;
  qrSvg: string | null;
  /** The card payment was refused just now (the action's message). */
  refused?: string;
  signedIn: boolean;
};

/** What the page says first about the order: paid, awaiting payment (until when), on its way, delivered, cancelled. */
function useShopResult(order: ShopOrderView): OrderResult {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const { shop } = order;
  const pickup = shop.delivery.kind === "pickup";
  const duplicate = order.duplicateRefunded ? ` ${t("payments.summary.duplicateRefunded")}` : "";
  switch (order.status) {
    case "paid":
      return {
        tone: "success",
        text:
          (shop.delivery.kind === "pickup" && shop.delivery.branch
            ? t("orders.summary.result.paidPickup", { branch: shop.delivery.branch.name })
            : t("orders.summary.result.paid")) + duplicate,
      };
    case "shipped":
      return {
        tone: "success",
        text:
          (shop.trackingNumber
            ? t("orders.summary.result.shipped", { tracking: shop.trackingNumber })
            : t("orders.summary.result.shippedNoTracking")) + duplicate,
      };
    case "delivered": {
      const date = formatDate(shop.deliveredAt ?? order.paidAt ?? order.createdAt, locale);
      return {
        tone: "success",
        text: t(pickup ? "orders.summary.result.deliveredPickup" : "orders.summary.result.delivered", {
          date,
        }),
      };
    }
    case "cancelled":
      return { tone: "neutral", text: t("orders.summary.result.cancelled") };
    case "refunded":
      return { tone: "neutral", text: t("orders.summary.result.refunded") };
    default:
      if (shop.payment === "cod")
        return { tone: "success", text: t("orders.summary.result.cod", { amount: price(order.totalMinor) }) };
      return {
        tone: "waiting",
        text:
          order.payable && shop.reservedUntil
            ? t("orders.summary.result.awaiting", { date: formatShortDateTime(shop.reservedUntil, locale) })
            : t("orders.summary.result.awaitingNoDeadline"),
      };
  }
}

/** The tax document of a paid order, reachable with the order's id and hash like this page. */
function InvoiceNote({ order, number }: { order: ShopOrderView; number: string }) {
  const { t, locale } = useTranslation();
  return (
    <section className={CARD} aria-labelledby="order-invoice-title">
      <h2 id="order-invoice-title" className={CARD_TITLE}>
        {t("orders.summary.invoiceTitle")}
      </h2>
      <p className="mt-1 text-muted" data-testid="order-invoice-number">
        {t("orders.summary.invoiceNumber", { number })}
      </p>
      <Link
        to={localePath("orderInvoiceDocument", locale, { id: order.id, hash: order.hash })}
        className={`${secondaryLinkClass} mt-3 text-center`}
        data-testid="order-invoice"
      >
        {t("orders.summary.invoiceOpen")}
      </Link>
    </section>
  );
}

export function ShopOrderSummary({ order, qrSvg, refused, signedIn }: ShopOrderSummaryProps) {
  const { t, locale } = useTranslation();
  const result = useShopResult(order);
  const attempt = useCardAttemptResult(order, refused);
  return (
    <section
      data-testid="order-summary"
      data-order-id={order.id}
      data-kind="shop"
      className="@container flex flex-col gap-6"
    >
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
            {t("payments.summary.title", { number: order.id })}
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-muted" data-testid="order-placed">
          {t("orders.summary.placed", { date: formatDate(order.createdAt, locale, true) })}
        </p>
      </header>

      <div className="flex flex-col gap-3">
        <OrderResultLine result={result} />
        {order.payable && attempt ? <OrderResultLine result={attempt} /> : null}
      </div>

      {/* A phone reads down: pay, the goods, the cost, delivery, addresses; a desktop keeps the cost beside. */}
      <div className="grid gap-6 @4xl:grid-cols-[minmax(0,1fr)_20rem]">
        {order.payable ? (
          <div className="min-w-0 @4xl:col-start-1">
            <PayOrder
              order={order}
              qrSvg={qrSvg}
              first={order.shop.payment === "bank_transfer" ? "bank_transfer" : "card"}
            />
          </div>
        ) : null}
        <div className="min-w-0 @4xl:col-start-1">
          <ShopLines lines={order.shop.lines} />
        </div>
        <div
          className={`grid items-start gap-6 self-start @xl:grid-cols-2 @4xl:col-start-2 @4xl:grid-cols-1 @4xl:row-start-1 ${
            order.payable ? "@4xl:row-span-4" : "@4xl:row-span-3"
          }`}
        >
          <Costs order={order} />
          {order.invoiceNumber ? <InvoiceNote order={order} number={order.invoiceNumber} /> : null}
        </div>
        <div className="min-w-0 @4xl:col-start-1">
          <DeliveryAndPayment order={order} />
        </div>
        <div className="min-w-0 @4xl:col-start-1">
          <Addresses shop={order.shop} />
        </div>
      </div>

      <div className="flex flex-wrap gap-3">
        <Link to={localePath("home", locale)} className={secondaryLinkClass}>
          {t("orders.summary.toShop")}
        </Link>
        {signedIn ? (
          <Link
            to={localePath("accountPayment", locale)}
            className={secondaryLinkClass}
            data-testid="order-to-payments"
          >
            {t("orders.summary.toOrders")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
