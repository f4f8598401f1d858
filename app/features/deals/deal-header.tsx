import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { DealPageView } from "#core/contracts/deals.ts";
import { localePath } from "#core/i18n/paths.ts";

/** The deal's title: back to the list, the item, the deal's number and source, the other side, the state. */
export function DealHeader({ deal }: { deal: DealPageView }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <Link
        to={localePath(deal.role === "buyer" ? "accountPurchases" : "accountSales", locale)}
        className="text-sm text-primary-dark underline underline-offset-4"
      >
        {t(deal.role === "buyer" ? "dealPages.deal.back" : "dealPages.deal.backSales")}
      </Link>
      <h1 className="mt-2 font-serif text-3xl text-primary-dark tablet:text-4xl">{deal.productName}</h1>
      <p className="mt-1 text-muted">
        {t("dealPages.deal.title", { id: deal.id })} · {t(`dealPages.deal.from.${deal.source}`)} ·{" "}
        {t(deal.role === "buyer" ? "dealPages.deal.seller" : "dealPages.deal.buyer")}:{" "}
        {deal.counterpart || "–"}
      </p>
      <p
        className="mt-3 inline-flex rounded-full bg-light px-3 py-1 text-sm font-semibold ring-1 ring-line"
        data-testid="deal-status"
      >
        {t(`dealPages.status.${deal.status}`)}
      </p>
    </>
  );
}

/** What the last step said: the payment as the provider reported it, the action's result or refusal. */
export function DealNotes({
  deal,
  payment,
  done,
  error,
}: {
  deal: DealPageView;
  payment: string | null;
  done: string | null | undefined;
  error: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {payment ? (
        <p className="mt-4 rounded-xl bg-light p-3 text-sm" role="status" data-testid="deal-payment-note">
          {payment === "cancelled"
            ? t("dealPages.deal.paymentCancelled")
            : deal.status === "awaiting_payment"
              ? t("dealPages.deal.paymentPending")
              : t("dealPages.deal.paymentReturned")}
        </p>
      ) : null}
      {done ? (
        <p className="mt-4 rounded-xl bg-success/10 p-3 text-sm" role="status">
          {done}
        </p>
      ) : null}
      {error ? (
        <p className="mt-4 rounded-xl bg-danger/10 p-3 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
