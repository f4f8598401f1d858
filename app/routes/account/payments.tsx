import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { DealDocumentList } from "#app/features/deals/deal-documents.tsx";
import { OrderStatusBadge, useCzk, useDays } from "#app/features/shop/orders/order-parts.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import type { Route } from "./+types/payments";

/**
 * Orders and payments (`/ucet/platba`): the user's shop purchases, insertion fees and promotions,
 * newest first, each with its state and amount; an unpaid one links to its page to be paid, a
 * paid one to its details (a shop order to its summary, with the parcel's tracking number once
 * it is on its way).
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("orders.list.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const [orders, dealDocuments] = await Promise.all([
    services.payments.myOrders(user!.id, locale),
    services.deals.myFeeDocuments(user!.id),
  ]);
  return { orders, dealDocuments };
}

type Order = Route.ComponentProps["loaderData"]["orders"][number];

/** One order: its number and state, what it paid for, when, its invoice, the amount and the way on (pay or details). */
function PaymentRow({ order }: { order: Order }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  const days = useDays();
  const pieces = order.shop ? order.shop.lines.reduce((sum, line) => sum + line.quantity, 0) : null;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 tablet:flex-row tablet:items-center tablet:gap-5 tablet:p-5"
      data-testid="payment-row"
      data-order-id={order.id}
      data-kind={order.kind}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-sm text-muted tabular-nums">
            {t("payments.list.number", { number: order.id })}
          </span>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="font-semibold text-ink" data-testid="payment-kind">
          {t(`payments.kind.${order.kind}`)}
          {order.promotionDays ? ` · ${days(order.promotionDays)}` : ""}
          {pieces !== null
            ? ` · ${t(pluralKey(locale, "orders.list.pieces", pieces), { count: pieces })}`
            : ""}
        </p>
        {order.shop ? (
          <p className="truncate text-sm text-ink" data-testid="payment-items">
            {order.shop.lines.map((line) => line.description).join(", ")}
          </p>
        ) : null}
        {order.shop?.trackingNumber ? (
          <p className="text-sm text-muted" data-testid="payment-tracking">
            {t("orders.list.tracking", { tracking: order.shop.trackingNumber })}
          </p>
        ) : null}
        {order.listing ? (
          <Link to={order.listing.url} className="truncate text-primary-dark underline">
            {order.listing.name}
          </Link>
        ) : null}
        <p className="text-sm text-muted">
          {formatDate(order.paidAt ?? order.createdAt, locale, true)}
          {order.invoiceNumber ? (
            <>
              {" · "}
              <Link
                to={localePath("accountInvoiceDocument", locale, { number: order.invoiceNumber })}
                className="text-primary-dark underline"
                data-testid="payment-invoice"
              >
                {t("payments.document.link")}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 tablet:flex-col tablet:items-end tablet:gap-2">
        <span className="text-lg font-semibold text-ink tabular-nums" data-testid="payment-amount">
          {price(order.totalMinor)}
        </span>
        <Link
          to={order.summaryPath}
          className={`inline-flex min-h-10 items-center rounded px-4 py-1.5 text-sm font-semibold ${
            order.payable
              ? "bg-primary-dark text-white hover:bg-primary"
              : "border border-primary-dark text-primary-dark hover:bg-light"
          }`}
          data-testid="payment-open"
        >
          {order.payable ? t("payments.list.pay") : t("payments.list.detail")}
        </Link>
      </div>
    </li>
  );
}

export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { orders, dealDocuments } = loaderData;
  return (
    <section data-testid="payments-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("orders.list.title")}</h1>
      <p className="mt-1 text-muted">{t("orders.list.intro")}</p>
      {orders.length === 0 ? (
        <div
          className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-line"
          data-testid="payments-empty"
        >
          <p className="font-serif text-xl text-ink">{t("payments.list.empty")}</p>
          <p className="mt-2 text-sm text-muted">{t("orders.list.emptyHint")}</p>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" data-testid="payments-list">
          {orders.map((order) => (
            <PaymentRow key={order.id} order={order} />
          ))}
        </ul>
      )}
      <DealDocumentList documents={dealDocuments} />
    </section>
  );
}
