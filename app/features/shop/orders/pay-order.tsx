import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { OrderView } from "#core/contracts/payments.ts";
import { useCzk } from "./order-parts.tsx";

/**
 * The ways to pay an unpaid order, shared by every order page (a fee, a promotion, a shop order;
 * `/ucet/shrnuti/…` and the public `/shrnuti/…`): a card through the gateway (a POST to the page's
 * own action, which calls payments.payByCard) and a QR bank transfer. Both work without scripts.
 */

const CARD_BUTTON =
  "inline-flex min-h-11 w-full items-center justify-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary disabled:opacity-60 tablet:w-auto";

/** Pay by card: a POST to this page's action, which sends the payer to the gateway. */
export function CardPayment({ totalMinor }: { totalMinor: number }) {
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
export function BankTransferPayment({
  bankTransfer,
  qrSvg,
}: {
  bankTransfer: NonNullable<OrderView["bankTransfer"]>;
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

/**
 * Both ways to pay, as a labelled section: shown while the order is payable. The way the customer
 * chose at checkout (`first`) comes first; the other stays offered.
 */
export function PayOrder({
  order,
  qrSvg,
  first = "card",
}: {
  order: OrderView;
  qrSvg: string | null;
  first?: "card" | "bank_transfer";
}) {
  const { t } = useTranslation();
  const card = order.card ? <CardPayment totalMinor={order.totalMinor} /> : null;
  const bank = order.bankTransfer ? (
    <BankTransferPayment bankTransfer={order.bankTransfer} qrSvg={qrSvg} />
  ) : null;
  return (
    <section aria-labelledby="pay-title" className="flex flex-col gap-4" data-testid="pay-order">
      <h2 id="pay-title" className="sr-only">
        {t("payments.summary.payTitle")}
      </h2>
      {first === "bank_transfer" ? (
        <>
          {bank}
          {card}
        </>
      ) : (
        <>
          {card}
          {bank}
        </>
      )}
    </section>
  );
}

export type OrderResult = { tone: "success" | "danger" | "neutral" | "waiting"; text: string };

const RESULT_TONE: Record<OrderResult["tone"], string> = {
  success: "bg-success/10 text-[#1f5c44] ring-success/30",
  danger: "bg-danger/10 text-danger ring-danger/25",
  neutral: "bg-white text-ink ring-line",
  waiting: "bg-secondary/10 text-[#5c4512] ring-secondary/40",
};

/** The page's first word on the order: a status line (an alert when something went wrong). */
export function OrderResultLine({ result }: { result: OrderResult }) {
  return (
    <p
      role={result.tone === "danger" ? "alert" : "status"}
      className={`rounded-lg px-4 py-3 ring-1 ${RESULT_TONE[result.tone]}`}
      data-testid="order-result"
      data-tone={result.tone}
    >
      {result.text}
    </p>
  );
}

/**
 * What a card attempt says while the order is payable, in this order: no way to pay at all, the
 * card refused just now (the action's message), the last card payment failed or is pending.
 */
export function useCardAttemptResult(order: OrderView, refused: string | undefined): OrderResult | null {
  const { t } = useTranslation();
  const lastCard = order.lastCardPayment?.status;
  if (!order.card && !order.bankTransfer) return { tone: "neutral", text: t("payments.summary.noMethod") };
  if (refused) return { tone: "danger", text: refused };
  if (lastCard === "failed") return { tone: "danger", text: t("payments.card.failed") };
  if (lastCard === "pending" || lastCard === "created")
    return { tone: "neutral", text: t("payments.card.pending") };
  return null;
}
