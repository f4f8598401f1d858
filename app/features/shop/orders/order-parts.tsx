import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import type { OrderStatus } from "#core/lifecycles/order.ts";
import { formatPrice } from "#core/money/money.ts";

/** Pieces shared by the order summary and the payments list: the state badge and the order's lines. */

/**
 * Amounts of orders, fees and tax documents: always in CZK, what is charged, whatever currency
 * the visitor browses the catalogue in.
 */
export function useCzk(): (minor: number) => string {
  const { locale } = useTranslation();
  return (minor) => formatPrice(minor, null, { locale });
}

export type { OrderStatus };

const STATUS_TONE: Record<OrderStatus, string> = {
  new: "bg-ink/5 text-muted ring-ink/15",
  awaiting_payment: "bg-secondary/15 text-[#6b5116] ring-secondary/40",
  paid: "bg-success/10 text-[#1f5c44] ring-success/30",
  shipped: "bg-primary/10 text-primary-dark ring-primary/30",
  delivered: "bg-success/10 text-[#1f5c44] ring-success/30",
  cancelled: "bg-ink/5 text-muted ring-ink/15",
  refunded: "bg-primary/10 text-primary-dark ring-primary/30",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_TONE[status]}`}
      data-testid="order-status"
      data-status={status}
    >
      {t(`payments.status.${status}`)}
    </span>
  );
}

export type OrderLinesView = {
  kind: "shop" | "listing_fee" | "promotion";
  listing: { name: string; url: string } | null;
  promotionDays: number | null;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

/** Days in the language's plural: "1 den", "3 dny", "7 dní". */
export function useDays() {
  const { t, locale } = useTranslation();
  return (count: number) => t(pluralKey(locale, "payments.days", count), { count });
}

/** What the order is for, what it costs (with the group discount) and its dates. */
export function OrderLines({ order }: { order: OrderLinesView }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const days = useDays();
  const row = (label: ReactNode, value: ReactNode, testId?: string, strong = false) => (
    <div
      className={`flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 ${strong ? "border-t border-line pt-2 text-lg font-semibold" : ""}`}
    >
      <dt className={strong ? "" : "text-muted"}>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="flex flex-col gap-2">
      <div className="flex flex-col gap-0.5 border-b border-line pb-3">
        <dt className="text-muted">{t("payments.summary.for")}</dt>
        <dd data-testid="order-for">
          <span className="font-semibold">{t(`payments.kind.${order.kind}`)}</span>
          {order.listing ? (
            <Link to={order.listing.url} className="mt-0.5 block text-primary-dark underline">
              {order.listing.name}
            </Link>
          ) : null}
        </dd>
      </div>
      {order.promotionDays ? row(t("payments.summary.days"), days(order.promotionDays), "order-days") : null}
      {row(t("payments.summary.created"), formatDate(order.createdAt, locale, true))}
      {order.paidAt
        ? row(t("payments.summary.paidAt"), formatDate(order.paidAt, locale, true), "order-paid-at")
        : null}
      {order.discountMinor > 0 ? (
        <>
          {row(t("payments.summary.price"), price(order.subtotalMinor))}
          {row(t("payments.summary.discount"), `−${price(order.discountMinor)}`)}
        </>
      ) : null}
      {row(t("payments.summary.total"), price(order.totalMinor), "order-total", true)}
    </dl>
  );
}
