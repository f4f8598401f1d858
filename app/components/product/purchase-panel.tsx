import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { localePath } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Countdown } from "./countdown.tsx";
import { formatDate, pluralKey, usePriceFormatter } from "./format.ts";
import type { ProductDetail } from "./types.ts";

export type Viewer = { loggedIn: boolean; isSeller: boolean };

const PANEL = "rounded-2xl bg-white p-5 ring-1 ring-line tablet:p-6";

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
            −{Math.round((1 - product.priceMinor / product.originalPriceMinor) * 100)} %
          </span>
        </>
      ) : null}
    </div>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5" data-testid={testId}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-lg font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The auction block: current price, the lowest acceptable next bid (bid-step setting), time left
 * (live), bids, the watch button and the bid button. Bidding itself comes with the bidding issue:
 * guests are sent to log in (and back here), users see the form disabled with a note.
 */
export function AuctionPanel({
  product,
  viewer,
  serverNow,
  watch,
}: {
  product: ProductDetail;
  viewer: Viewer;
  serverNow: string;
  watch: ReactNode;
}) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const { pathname } = useLocation();
  const auction = product.auction;
  if (!auction) return null;
  const live = product.status === "active" && auction.endsAt !== null && !auction.endedAt;
  const loginHref = `${localePath("account", locale)}?redirect=${encodeURIComponent(pathname)}`;
  const minimum = auction.minimumNextBidMinor;

  return (
    <section
      aria-labelledby="auction-title"
      className={PANEL}
      data-testid="auction-panel"
      data-current-minor={auction.currentPriceMinor}
      data-start-minor={auction.startPriceMinor}
      data-bid-count={auction.bidCount}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="auction-title" className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
          {auction.duration === "month" ? t("product.auction.monthly") : t("product.auction.weekly")}
        </h2>
        <span className="text-xs text-muted" data-testid="auction-bid-count">
          {auction.bidCount > 0
            ? t(pluralKey(locale, "product.auction.bids", auction.bidCount), { count: auction.bidCount })
            : t("product.auction.noBids")}
        </span>
      </div>

      <div className="mt-3">
        <p className="text-sm text-muted">
          {auction.bidCount > 0 ? t("product.auction.current") : t("product.auction.start")}
        </p>
        <p className="font-serif text-4xl text-primary-dark" data-testid="auction-current-price">
          {price(auction.currentPriceMinor)}
        </p>
        {auction.hasReserve ? (
          <p
            className={`mt-1 text-xs font-medium ${auction.reserveMet ? "text-success" : "text-muted"}`}
            data-testid="auction-reserve"
          >
            {auction.reserveMet ? t("product.auction.reserveMet") : t("product.auction.reserveNotMet")}
          </p>
        ) : null}
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-4 border-y border-line py-4">
        {live && auction.endsAt ? (
          <Fact label={t("product.auction.timeLeft")} testId="auction-time-left">
            <Countdown endsAt={auction.endsAt} serverNow={serverNow} />
          </Fact>
        ) : (
          <Fact label={t("product.auction.endedLabel")}>
            <span className="text-base">
              {formatDate(auction.endedAt ?? auction.endsAt ?? product.updatedAt, locale)}
            </span>
          </Fact>
        )}
        {live && minimum !== null ? (
          <Fact label={t("product.auction.minimumBid")} testId="auction-minimum-bid">
            <span data-testid="auction-minimum-bid-value" data-minor={minimum}>
              {price(minimum)}
            </span>
          </Fact>
        ) : (
          <Fact label={t("product.auction.startPrice")}>{price(auction.startPriceMinor)}</Fact>
        )}
      </dl>
      {live && auction.endsAt ? (
        <p className="mt-3 text-xs text-muted">
          {t("product.auction.endsAt", { date: formatDate(auction.endsAt, locale, true) })}
        </p>
      ) : null}

      {live ? (
        <div className="mt-5 flex flex-col gap-3">
          {viewer.isSeller ? (
            <p className="rounded-lg bg-light p-3 text-sm text-muted" data-testid="bid-own">
              {t("product.auction.ownAuction")}
            </p>
          ) : viewer.loggedIn ? (
            <form
              className="flex flex-col gap-2"
              aria-describedby="bid-soon"
              data-testid="bid-form"
              onSubmit={(event) => event.preventDefault()}
            >
              <label htmlFor="bid-amount" className="text-sm font-medium">
                {t("product.auction.yourBid")}
              </label>
              <div className="flex gap-2">
                <input
                  id="bid-amount"
                  name="amount"
                  type="number"
                  inputMode="numeric"
                  disabled
                  min={minimum !== null ? minimum / 100 : undefined}
                  defaultValue={minimum !== null ? minimum / 100 : undefined}
                  className="min-w-0 flex-1 rounded-lg border border-line bg-light px-3 py-3 text-base text-muted"
                />
                <button
                  type="submit"
                  disabled
                  className="cursor-not-allowed rounded-lg bg-primary-dark/40 px-5 py-3 font-semibold text-white"
                >
                  {t("product.auction.bid")}
                </button>
              </div>
              <p id="bid-soon" className="text-sm text-muted" data-testid="bid-soon">
                {t("product.auction.bidSoon")}
              </p>
            </form>
          ) : (
            <Link
              to={loginHref}
              className="inline-flex items-center justify-center rounded-lg bg-primary-dark px-5 py-3.5 text-center font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
              data-testid="bid-login"
            >
              {t("product.auction.loginToBid")}
            </Link>
          )}
          <div className="flex justify-center">{watch}</div>
        </div>
      ) : (
        <div className="mt-5 flex justify-center">{watch}</div>
      )}
    </section>
  );
}

/** Price block of a classified or shop product: price, VAT, stock and delivery, the watch button. */
export function OfferPanel({ product, watch }: { product: ProductDetail; watch: ReactNode }) {
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
          <p
            className={`mt-4 text-sm font-semibold ${product.stock > 0 ? "text-success" : "text-danger"}`}
            data-testid="stock"
          >
            {product.stock > 0
              ? t("product.stock.inStock", { count: product.stock })
              : t("product.stock.soldOut")}
          </p>
          <ul className="mt-3 flex flex-col gap-1.5 border-t border-line pt-3 text-sm text-muted">
            <li>{t("product.stock.delivery")}</li>
            <li>{t("product.stock.freeDelivery")}</li>
          </ul>
        </>
      ) : (
        <p className="mt-3 text-sm leading-relaxed text-muted">
          {demand ? t("product.price.demandHint") : t("product.price.classifiedHint")}
        </p>
      )}
      <div className="mt-5 flex justify-center border-t border-line pt-4">{watch}</div>
    </section>
  );
}
