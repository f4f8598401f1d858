import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import type { DealOffer } from "#core/contracts/deal-offer.ts";
import type { ProductDetail } from "#core/contracts/product.ts";
import { localePath } from "#core/i18n/paths.ts";
import { allInBreakdown } from "#core/rules/all-in.ts";
import { DealBreakdown, useDealOffer } from "./bidding/all-in.tsx";

/** The frame of the price block and of the auction block (./auction-panel.tsx). */
export const PANEL = "rounded-2xl bg-white p-5 ring-1 ring-line tablet:p-6";

/** The price as the product's format shows it: by agreement, a sale with the old price struck, or plain. */
export function PriceTag({ product, size = "lg" }: { product: ProductDetail; size?: "lg" | "md" }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  const big = size === "lg" ? "text-3xl tablet:text-4xl" : "text-2xl";
  if (product.priceMinor === null)
    return (
      <p className={`font-serif ${big} text-primary-dark`} data-testid="product-price">
        {t("common.byAgreement")}
      </p>
    );
  const sale =
    product.isPriceSaleActive &&
    product.originalPriceMinor !== null &&
    product.originalPriceMinor > product.priceMinor;
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <p
        className={`font-serif ${big} ${sale ? "text-danger" : "text-primary-dark"}`}
        data-testid="product-price"
      >
        {price(product.priceMinor)}
      </p>
      {sale && product.originalPriceMinor !== null ? (
        <>
          <s className="text-lg text-muted" data-testid="product-original-price">
            <span className="sr-only">{t("product.price.original")}: </span>
            {price(product.originalPriceMinor)}
          </s>
          <span className="rounded-full bg-danger px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
            −{Math.round((1 - product.priceMinor / product.originalPriceMinor) * 100)}
            {"\u00a0"}%
          </span>
        </>
      ) : null}
    </div>
  );
}

/**
 * Price block of a classified or shop product: the price, VAT, the watch button and `action`, what
 * the visitor does about it: the shop's buy box, or the message to a live classified's seller. The
 * page composes the action (app/routes/catalog/product-offer.tsx): the shop and the listings are
 * features of their own, which this one does not import.
 */
export function OfferPanel({
  product,
  watch,
  action,
}: {
  product: ProductDetail;
  watch: ReactNode;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const shop = product.format === "shop";
  const demand = product.type === "demand";
  return (
    <section aria-label={t("product.price.label")} className={PANEL} data-testid="offer-panel">
      <p className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        {demand ? t("product.price.demandLabel") : t("product.price.label")}
      </p>
      <div className="mt-2">
        <PriceTag product={product} />
      </div>
      {shop ? (
        <>
          <p className="mt-1 text-xs text-muted">{t("product.price.vat", { rate: product.taxRate })}</p>
          {action}
        </>
      ) : (
        <>
          <p className="mt-3 text-sm leading-relaxed text-muted">
            {demand ? t("product.price.demandHint") : t("product.price.classifiedHint")}
          </p>
          {product.status === "active" ? <ClassifiedDeal product={product} /> : null}
          {/* No bid block: a live ad is answered by a message to its seller. */}
          {product.status === "active" ? <div className="mt-4">{action}</div> : null}
        </>
      )}
      <div className="mt-5 flex justify-center border-t border-line pt-4">{watch}</div>
    </section>
  );
}

/**
 * What a buyer pays for a fixed-price classified whose seller takes payment through the site
 * (issue 35, item 2): the price, the cheapest delivery, buyer protection and the total.
 */
function ClassifiedDeal({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const offer = useDealOffer();
  const breakdown =
    offer?.paysThroughSite && product.type === "supply" && product.priceMinor !== null
      ? allInBreakdown(offer, product.priceMinor)
      : null;
  if (!breakdown) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-xl bg-light p-4" data-testid="offer-deal">
      <h3 className="font-serif text-lg text-primary-dark">{t("product.deals.breakdownTitle")}</h3>
      <DealBreakdown breakdown={breakdown} testId="offer-all-in" />
      <p className="text-xs leading-relaxed text-muted">{t("product.deals.breakdownNote")}</p>
      <BuyAction productId={product.id} buy={offer?.buy} />
    </div>
  );
}

/**
 * "Koupit" (issue 35): a link to the buy step (a visitor logs in on the way and comes back);
 * "Rezervováno" while a buyer's deal holds the listing; the buyer's own deal to pay; the
 * seller's own listing says how buyers buy it.
 */
function BuyAction({ productId, buy }: { productId: number; buy: DealOffer["buy"] }) {
  const { t, locale } = useTranslation();
  if (!buy || buy.state === "none") return null;
  if (buy.state === "reserved")
    return (
      <div className="flex flex-col gap-1" data-testid="offer-reserved">
        <p className="inline-flex self-start rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary-dark">
          {t("dealBuy.product.reserved")}
        </p>
        <p className="text-xs leading-relaxed text-muted">{t("dealBuy.product.reservedHint")}</p>
      </div>
    );
  if (buy.state === "own")
    return (
      <p className="text-xs font-medium text-muted" data-testid="offer-buy-own">
        {t("dealBuy.product.own")}
      </p>
    );
  const mine = buy.state === "mine";
  return (
    <Link
      to={
        mine
          ? localePath("accountDeal", locale, { dealId: buy.dealId })
          : localePath("accountBuy", locale, { productId })
      }
      className="rounded-full bg-primary-dark px-6 py-3 text-center font-semibold text-white hover:bg-primary"
      data-testid="offer-buy"
    >
      {mine ? t("dealBuy.product.mine") : t("dealBuy.product.buy")}
    </Link>
  );
}
