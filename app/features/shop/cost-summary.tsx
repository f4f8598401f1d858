import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CartView } from "#core/contracts/shop.ts";
import { useCzk } from "./orders/order-parts.tsx";

/**
 * What the cart costs, as every checkout step shows it: the items, the group's discount, the
 * voucher, then (once chosen) delivery and the cash-on-delivery fee, the total, and on the last
 * step the VAT the total includes per rate. Amounts in crowns: what is charged.
 */
export function CostSummary({
  cart,
  withDelivery,
  withVat = false,
}: {
  cart: CartView;
  /** Delivery and payment are chosen: their prices count (else a note says they come next). */
  withDelivery: boolean;
  withVat?: boolean;
}) {
  const { t } = useTranslation();
  const czk = useCzk();
  const { totals } = cart;
  const row = (label: ReactNode, value: ReactNode, testId: string) => (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const voucherApplies = cart.voucher !== null && cart.voucher.refusal === null;
  return (
    <div data-testid="cost-summary">
      <dl className="flex flex-col gap-2">
        {row(t("shop.cart.items"), czk(totals.itemsMinor), "cost-items")}
        {totals.groupDiscountMinor > 0
          ? row(
              t("shop.cart.groupDiscount", { percent: cart.groupDiscountPercent }),
              `−${czk(totals.groupDiscountMinor)}`,
              "cost-group-discount",
            )
          : null}
        {voucherApplies && totals.voucherDiscountMinor > 0
          ? row(
              t("shop.cart.voucherDiscount", { code: cart.voucher?.code ?? "" }),
              `−${czk(totals.voucherDiscountMinor)}`,
              "cost-voucher",
            )
          : null}
        {withDelivery
          ? row(
              t("shop.cart.delivery"),
              totals.deliveryMinor === 0 ? t("shop.delivery.free") : czk(totals.deliveryMinor),
              "cost-delivery",
            )
          : null}
        {withDelivery && totals.paymentFeeMinor > 0
          ? row(t("shop.cart.paymentFee"), czk(totals.paymentFeeMinor), "cost-payment-fee")
          : null}
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-line pt-3 text-lg font-semibold">
          <dt>{t("shop.cart.total")}</dt>
          <dd className="text-right whitespace-nowrap tabular-nums" data-testid="cost-total">
            {czk(totals.totalMinor)}
          </dd>
        </div>
        {withVat
          ? cart.vat.map((vat) => (
              <div key={vat.rate} className="flex items-baseline justify-between gap-4 text-sm">
                <dt className="text-muted">{t("shop.review.vat", { rate: vat.rate })}</dt>
                <dd className="text-right whitespace-nowrap text-muted tabular-nums" data-testid="cost-vat">
                  {czk(vat.vatMinor)}
                </dd>
              </div>
            ))
          : null}
      </dl>
      <p className="mt-2 text-sm text-muted">
        {withDelivery
          ? t("shop.cart.vatIncluded")
          : `${t("shop.cart.vatIncluded")} ${t("shop.cart.totalNote")}`}
      </p>
    </div>
  );
}

/** How much more makes delivery free, or that it is free already (over 1 500 Kč after discounts). */
export function FreeDeliveryNote({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const czk = useCzk();
  const left = cart.totals.toFreeDeliveryMinor;
  const done = left <= 0;
  const goods = cart.totals.itemsMinor - cart.totals.groupDiscountMinor - cart.totals.voucherDiscountMinor;
  const share = done ? 100 : Math.max(0, Math.min(100, (goods / cart.freeDeliveryFromMinor) * 100));
  return (
    <div data-testid="free-delivery" data-reached={done ? "true" : "false"}>
      <p className={`text-sm font-semibold ${done ? "text-success" : "text-ink"}`}>
        {done
          ? `✓ ${t("shop.cart.freeDelivery.reached")}`
          : t("shop.cart.freeDelivery.remaining", { amount: czk(left) })}
      </p>
      <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-line/70">
        <div
          className={`h-full rounded-full ${done ? "bg-success" : "bg-secondary"}`}
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}
