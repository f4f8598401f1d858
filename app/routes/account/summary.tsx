import { data, Form, Link, redirect, useNavigation } from "react-router";
import { secondaryLinkClass } from "#app/components/forms/fields.tsx";
import { OrderLines, OrderStatusBadge, useCzk } from "#app/components/payments/order-parts.tsx";
import { formatDate } from "#app/components/product/format.ts";
import { requirePathId } from "#app/components/seo/canonical.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/summary";

/**
 * An order's page (`/ucet/shrnuti/:orderId/:hash`, the "payment result" of docs/product/payments.md,
 * "One payments module"): what it is for, what it costs, its state, and while unpaid how to pay it:
 * a QR bank transfer (account, amount, variable symbol) and a card through the gateway. The gateway
 * sends the payer back here; the loader reads the card payment's state from the gateway, so the
 * result shows at once.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("payments.summary.metaTitle"), noindex: true }));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const order = await services.payments.order(requirePathId(params.orderId), params.hash, locale);
  if (!order) throw data(null, { status: 404 });
  // The QR code is drawn on the server: no script, and it prints.
  const qrSvg = order.bankTransfer ? await services.payments.qrSvg(order.bankTransfer.spayd) : null;
  return { order, qrSvg };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services, locale } = context.get(appContext);
  const result = await services.payments.payByCard(requirePathId(params.orderId), params.hash, locale);
  if (result.status === "not_found") throw data(null, { status: 404 });
  if (result.status === "refused") return data({ message: result.message }, { status: 409 });
  if (result.status === "too_many") return data({ message: result.message }, { status: 429 });
  throw redirect(result.url);
}

const CARD_BUTTON =
  "inline-flex min-h-11 w-full items-center justify-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary disabled:opacity-60 tablet:w-auto";

type Order = Route.ComponentProps["loaderData"]["order"];
type OrderResult = { tone: "success" | "danger" | "neutral"; text: string };

const RESULT_TONE: Record<OrderResult["tone"], string> = {
  success: "bg-success/10 text-[#1f5c44] ring-success/30",
  danger: "bg-danger/10 text-danger ring-danger/25",
  neutral: "bg-white text-ink ring-line",
};

/**
 * What the page says about the order first, in this order: paid (and what it bought), cancelled,
 * not payable, no way to pay, the card refused just now, the last card payment failed or pending.
 */
function useOrderResult(order: Order, refused: string | undefined): OrderResult | null {
  const { t, locale } = useTranslation();
  const lastCard = order.lastCardPayment?.status;
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
  if (!order.card && !order.bankTransfer) return { tone: "neutral", text: t("payments.summary.noMethod") };
  if (refused) return { tone: "danger", text: refused };
  if (lastCard === "failed") return { tone: "danger", text: t("payments.card.failed") };
  if (lastCard === "pending" || lastCard === "created")
    return { tone: "neutral", text: t("payments.card.pending") };
  return null;
}

/** Pay by card: a POST to this page's action, which sends the payer to the gateway. */
function CardPayment({ totalMinor }: { totalMinor: number }) {
  const { t } = useTranslation();
  const price = useCzk();
  const navigation = useNavigation();
  return (
    <div className="rounded-xl border border-line bg-white p-5 tablet:p-6" data-testid="pay-card">
      <h3 className="font-serif text-xl text-primary-dark">{t("payments.card.title")}</h3>
      <p className="mt-1 text-muted">{t("payments.card.intro")}</p>
      <Form method="post" className="mt-4">
        <button
          type="submit"
          className={CARD_BUTTON}
          disabled={navigation.state !== "idle"}
          data-testid="pay-card-submit"
        >
          {t("payments.card.pay", { amount: price(totalMinor) })}
        </button>
      </Form>
    </div>
  );
}

/** Pay by bank transfer: the QR code (drawn on the server) and the transfer's details to copy. */
function BankTransferPayment({
  bankTransfer,
  qrSvg,
}: {
  bankTransfer: NonNullable<Order["bankTransfer"]>;
  qrSvg: string | null;
}) {
  const { t } = useTranslation();
  const price = useCzk();
  const details = [
    ["account", bankTransfer.ibanFormatted, "pay-bank-iban"],
    ["amount", price(bankTransfer.amountMinor), "pay-bank-amount"],
    ["variableSymbol", bankTransfer.variableSymbol, "pay-bank-vs"],
    ["note", bankTransfer.message, "pay-bank-message"],
  ] as const;
  return (
    <div className="rounded-xl border border-line bg-white p-5 tablet:p-6" data-testid="pay-bank">
      <h3 className="font-serif text-xl text-primary-dark">{t("payments.bank.title")}</h3>
      <p className="mt-1 text-muted">{t("payments.bank.intro")}</p>
      <div className="mt-4 flex flex-col gap-5 tablet:flex-row tablet:items-start">
        {qrSvg ? (
          <div
            role="img"
            aria-label={t("payments.bank.qrLabel", { amount: price(bankTransfer.amountMinor) })}
            className="size-44 shrink-0 self-center rounded-lg bg-white p-1 ring-1 ring-line tablet:self-start [&>svg]:size-full"
            data-testid="pay-bank-qr"
            data-spayd={bankTransfer.spayd}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn on the server by the qrcode package from our own SPAYD string.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        ) : null}
        <dl className="grid min-w-0 flex-1 grid-cols-1 gap-x-4 gap-y-2">
          {details.map(([key, value, testId]) => (
            <div key={key} className="flex flex-col">
              <dt className="text-sm text-muted">{t(`payments.bank.${key}`)}</dt>
              <dd className="font-semibold break-words text-ink tabular-nums select-all" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="mt-4 text-sm text-muted">{t("payments.bank.after")}</p>
    </div>
  );
}

/** The ways on: the invoice (once there is one), my listings, my payments. */
function OrderLinks({ invoiceNumber }: { invoiceNumber: Order["invoiceNumber"] }) {
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

export default function OrderSummaryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, qrSvg } = loaderData;
  const refused = (actionData as { message?: string } | undefined)?.message;
  const result = useOrderResult(order, refused);

  return (
    <section data-testid="order-summary" data-order-id={order.id} className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t("payments.summary.title", { number: order.id })}
        </h1>
        <OrderStatusBadge status={order.status} />
      </header>

      {result ? (
        <p
          role={result.tone === "danger" ? "alert" : "status"}
          className={`rounded-lg px-4 py-3 ring-1 ${RESULT_TONE[result.tone]}`}
          data-testid="order-result"
          data-tone={result.tone}
        >
          {result.text}
        </p>
      ) : null}

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

        {order.payable ? (
          <section aria-labelledby="pay-title" className="flex flex-col gap-4">
            <h2 id="pay-title" className="sr-only">
              {t("payments.summary.payTitle")}
            </h2>
            {order.card ? <CardPayment totalMinor={order.totalMinor} /> : null}
            {order.bankTransfer ? (
              <BankTransferPayment bankTransfer={order.bankTransfer} qrSvg={qrSvg} />
            ) : null}
          </section>
        ) : null}
      </div>
      <OrderLinks invoiceNumber={order.invoiceNumber} />
    </section>
  );
}
