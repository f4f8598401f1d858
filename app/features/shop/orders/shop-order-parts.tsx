import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { OrderView } from "#core/contracts/payments.ts";
import type { DraftAddress, ShopOrderDetails } from "#core/contracts/shop.ts";
import { formatDate } from "#core/formats/dates.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { isPaid } from "#core/lifecycles/order.ts";
import { useCzk } from "./order-parts.tsx";

/** The cards of a shop order's summary (shop-order.tsx): the goods, delivery and payment, the addresses, the cost. */

/** An order of kind `shop`, with its shop part. */
export type ShopOrderView = OrderView & { shop: ShopOrderDetails };

export const CARD = "@container rounded-xl border border-line bg-white p-5 tablet:p-6";
export const CARD_TITLE = "font-serif text-xl text-primary-dark";

/** The goods: name (linked to the product), pieces, unit price and line total. */
export function ShopLines({ lines }: { lines: ShopOrderDetails["lines"] }) {
  const { t, locale } = useTranslation();
  const price = useCzk();
  return (
    <section className={CARD} aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className={CARD_TITLE}>
        {t("orders.summary.items")}
      </h2>
      <table className="mt-3 w-full border-collapse text-left" data-testid="order-lines">
        <thead>
          <tr className="border-b border-line text-sm text-muted">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("orders.summary.item")}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold @md:table-cell">
              {t("orders.summary.quantity")}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold @md:table-cell">
              {t("orders.summary.unitPrice")}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              {t("orders.summary.lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr
              // Lines have no id of their own; the same product twice is one line.
              key={`${line.productId ?? "x"}-${index}`}
              className="border-b border-line/70 align-top last:border-b-0"
              data-testid="order-line"
              data-product-id={line.productId ?? undefined}
            >
              <td className="py-3 pr-3">
                {line.url ? (
                  <Link
                    to={line.url}
                    className="font-semibold text-primary-dark underline"
                    data-testid="order-line-name"
                  >
                    {line.description}
                  </Link>
                ) : (
                  <span className="font-semibold" data-testid="order-line-name">
                    {line.description}
                  </span>
                )}
                {/* On a phone the pieces and the unit price go under the name. */}
                <span className="mt-0.5 block text-sm text-muted tabular-nums @md:hidden">
                  {t(pluralKey(locale, "orders.summary.pieces", line.quantity), { count: line.quantity })} ×{" "}
                  {price(line.unitPriceMinor)}
                </span>
              </td>
              <td
                className="hidden px-3 py-3 text-right tabular-nums @md:table-cell"
                data-testid="order-line-quantity"
              >
                {t(pluralKey(locale, "orders.summary.pieces", line.quantity), { count: line.quantity })}
              </td>
              <td className="hidden px-3 py-3 text-right tabular-nums @md:table-cell">
                {price(line.unitPriceMinor)}
              </td>
              <td
                className="py-3 pl-3 text-right font-semibold whitespace-nowrap tabular-nums"
                data-testid="order-line-total"
              >
                {price(line.unitPriceMinor * line.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A small labelled block of a card: a heading and its lines. */
function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** How the order travels (a carrier, or a branch with its address and hours) and how it is paid. */
export function DeliveryAndPayment({ order }: { order: ShopOrderView }) {
  const { t, locale } = useTranslation();
  const { shop } = order;
  const { delivery } = shop;
  return (
    <section className={CARD} aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="sr-only">
        {t("orders.summary.deliveryTitle")}, {t("orders.summary.paymentTitle")}
      </h2>
      <div className="grid gap-5 @md:grid-cols-2">
        <Block title={t("orders.summary.deliveryTitle")} testId="order-delivery">
          {delivery.kind === "pickup" ? (
            <>
              <p className="font-semibold">{t("orders.summary.pickup")}</p>
              {delivery.branch ? (
                <>
                  <p data-testid="order-branch">{delivery.branch.name}</p>
                  <p className="text-muted">
                    {delivery.branch.street}, {delivery.branch.zip} {delivery.branch.city}
                  </p>
                  <p className="mt-2 text-sm font-semibold">{t("orders.summary.hours")}</p>
                  <ul className="text-sm text-muted">
                    {delivery.branch.hours.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>{delivery.key}</p>
              )}
            </>
          ) : delivery.carrier ? (
            <>
              <p className="font-semibold" data-testid="order-carrier">
                {delivery.carrier.name}
              </p>
              <p className="text-sm text-muted">{delivery.carrier.description}</p>
            </>
          ) : (
            <p className="font-semibold">{t("orders.summary.unknownDelivery", { key: delivery.key })}</p>
          )}
          {shop.trackingNumber ? (
            <p className="mt-2">
              {t("orders.summary.tracking")}:{" "}
              <span className="font-semibold select-all" data-testid="order-tracking">
                {shop.trackingNumber}
              </span>
            </p>
          ) : null}
          {shop.shippedAt ? (
            <p className="text-sm text-muted">
              {t("orders.summary.shippedAt")} {formatDate(shop.shippedAt, locale, true)}
            </p>
          ) : null}
          {shop.deliveredAt ? (
            <p className="text-sm text-muted">
              {t("orders.summary.deliveredAt")} {formatDate(shop.deliveredAt, locale, true)}
            </p>
          ) : null}
        </Block>
        <Block title={t("orders.summary.paymentTitle")} testId="order-payment">
          <p className="font-semibold" data-testid="order-payment-method" data-method={shop.payment}>
            {t(`orders.summary.methods.${shop.payment}`)}
          </p>
          {shop.payment === "cod" && !isPaid(order.status) ? (
            <p className="text-muted">{t("orders.summary.codNote")}</p>
          ) : null}
          {order.paidAt ? (
            <p className="text-sm text-muted" data-testid="order-paid-at">
              {t("orders.summary.paidAt", { date: formatDate(order.paidAt, locale, true) })}
            </p>
          ) : null}
        </Block>
      </div>
    </section>
  );
}

/** An address as written on a parcel: the company with its IČO and DIČ for a company order. */
function Address({ address, testId }: { address: DraftAddress; testId: string }) {
  const { t } = useTranslation();
  const country =
    address.countryCode === "CZ" || address.countryCode === "SK"
      ? t(`orders.summary.countries.${address.countryCode}`)
      : address.countryCode;
  return (
    <address className="flex flex-col gap-0.5 not-italic" data-testid={testId}>
      {address.isCompany && address.company ? (
        <span className="font-semibold" data-testid={`${testId}-company`}>
          {address.company}
        </span>
      ) : null}
      <span className={address.isCompany && address.company ? "" : "font-semibold"}>{address.name}</span>
      <span>{address.street}</span>
      <span>
        {address.zip} {address.city}
      </span>
      <span>{country}</span>
      {address.isCompany && address.companyId ? (
        <span data-testid={`${testId}-company-id`}>
          {t("orders.summary.companyId")}: {address.companyId}
        </span>
      ) : null}
      {address.isCompany && address.taxId ? (
        <span data-testid={`${testId}-tax-id`}>
          {t("orders.summary.taxId")}: {address.taxId}
        </span>
      ) : null}
    </address>
  );
}

export function Addresses({ shop }: { shop: ShopOrderDetails }) {
  const { t } = useTranslation();
  return (
    <section className={CARD} aria-labelledby="order-addresses-title">
      <h2 id="order-addresses-title" className="sr-only">
        {t("orders.summary.addressesTitle")}
      </h2>
      <div className="grid gap-5 @md:grid-cols-2 @2xl:grid-cols-3">
        {shop.invoiceAddress ? (
          <Block title={t("orders.summary.invoiceAddress")}>
            <Address address={shop.invoiceAddress} testId="order-invoice-address" />
          </Block>
        ) : null}
        {shop.deliveryAddress ? (
          <Block title={t("orders.summary.deliveryAddress")}>
            <Address address={shop.deliveryAddress} testId="order-delivery-address" />
          </Block>
        ) : shop.delivery.kind === "carrier" && shop.invoiceAddress ? (
          <Block title={t("orders.summary.deliveryAddress")}>
            <p className="text-muted">{t("orders.summary.sameAddress")}</p>
          </Block>
        ) : null}
        <Block title={t("orders.summary.contact")} testId="order-contact">
          <span className="break-words">{shop.email}</span>
          {shop.phone ? <span className="tabular-nums">{shop.phone}</span> : null}
        </Block>
      </div>
    </section>
  );
}

/** VAT included in `gross` at `rate` percent, rounded to whole haléře. */
function vatOf(gross: number, rate: number): number {
  return gross - Math.round((gross * 100) / (100 + rate));
}

/** The whole cost: items, the group discount, the voucher with its code, delivery, payment fee, total and the VAT in it. */
export function Costs({ order }: { order: ShopOrderView }) {
  const { t } = useTranslation();
  const price = useCzk();
  const { shop } = order;
  const itemsMinor = shop.lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  // One rate in practice (21 %): the VAT of the whole total at the goods' rate.
  const rates = [...new Set(shop.lines.map((line) => line.taxRate))];
  const row = (label: ReactNode, value: ReactNode, testId: string, muted = true) => (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={muted ? "text-muted" : ""}>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className={CARD} aria-labelledby="order-costs-title" data-testid="order-costs">
      <h2 id="order-costs-title" className={CARD_TITLE}>
        {t("orders.summary.costs.title")}
      </h2>
      <dl className="mt-3 flex flex-col gap-2">
        {row(t("orders.summary.costs.items"), price(itemsMinor), "order-items-total")}
        {shop.groupDiscountMinor > 0
          ? row(
              t("orders.summary.costs.groupDiscount"),
              `−${price(shop.groupDiscountMinor)}`,
              "order-group-discount",
            )
          : null}
        {shop.voucherDiscountMinor > 0 || shop.voucherCode
          ? row(
              t("orders.summary.costs.voucher", { code: shop.voucherCode ?? "" }),
              `−${price(shop.voucherDiscountMinor)}`,
              "order-voucher",
            )
          : null}
        {row(
          t("orders.summary.costs.delivery"),
          shop.deliveryMinor > 0 ? price(shop.deliveryMinor) : t("orders.summary.costs.free"),
          "order-delivery-price",
        )}
        {shop.paymentFeeMinor > 0
          ? row(t("orders.summary.costs.paymentFee"), price(shop.paymentFeeMinor), "order-payment-fee")
          : null}
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-line pt-3 text-lg font-semibold">
          <dt>{t("orders.summary.costs.total")}</dt>
          <dd className="text-right whitespace-nowrap tabular-nums" data-testid="order-total">
            {price(order.totalMinor)}
          </dd>
        </div>
        {rates.length === 1
          ? row(
              t("orders.summary.costs.vat", { rate: rates[0] }),
              price(vatOf(order.totalMinor, rates[0])),
              "order-vat",
            )
          : null}
      </dl>
    </section>
  );
}
