import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ProductDetail } from "#core/contracts/product.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { BidActionData } from "../bidding/bid-answer.ts";
import { BidForm } from "../bidding/bid-form.tsx";
import type { LiveAuction } from "../bidding/use-auction-live.ts";
import { useCzkAmount } from "../catalog/format.ts";
import { ContactSeller } from "../listings/contact-seller.tsx";
import { WatchdogButton } from "../watchdog/watchdog-button.tsx";
import { Countdown } from "./countdown.tsx";
import { formatDate, pluralKey, usePriceFormatter } from "./format.ts";

export type Viewer = { loggedIn: boolean; isSeller: boolean; emailConfirmed?: boolean };

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
            −{Math.round((1 - product.priceMinor / product.originalPriceMinor) * 100)}
            {"\u00a0"}%
          </span>
        </>
      ) : null}
    </div>
  );
}

/** The converted amount under a CZK one (`≈ 202,38 €`); nothing while the visitor browses in CZK. */
function Approx({ text, testId }: { text: string | null; testId?: string }) {
  if (!text) return null;
  return (
    <span className="block text-sm font-normal text-muted tabular-nums" data-testid={testId}>
      {text}
    </span>
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
 * The auction block, live: the current price, the lowest acceptable next bid, time left on the
 * server's clock, the bid count, where the viewer stands (leading, outbid, won, lost) and the bid
 * form with its binding confirmation (components/bidding). Everything follows the live stream
 * (`live`, from useAuctionLive on the page), so every viewer sees a new bid, the new minimum and a
 * soft-close extension without a reload. Guests are sent to log in and back here.
 */
export function AuctionPanel({
  product,
  viewer,
  serverNow,
  watch,
  live: auction,
  action,
  softCloseMinutes,
  onTimeUp,
}: {
  product: ProductDetail;
  viewer: Viewer;
  serverNow: string;
  watch: ReactNode;
  live: LiveAuction;
  action?: BidActionData;
  softCloseMinutes: number;
  /** The countdown reached the end (the page then waits for the close). */
  onTimeUp?: () => void;
}) {
  const { t, locale } = useTranslation();
  // Bids are in CZK: the auction block shows crowns first, the visitor's currency as a hint.
  const { czk, approx } = useCzkAmount();
  const { pathname } = useLocation();
  const { live, standing } = auction;
  // The end the countdown reached; a moved end (soft close) brings the countdown back. Kept with
  // the end it belongs to rather than reset by an effect: on a page opened after the end, that
  // reset ran after the countdown's own "ended" and undid it, leaving the bid form up.
  const [endReached, setEndReached] = useState<string | null>(null);
  const timeUp = endReached !== null && endReached === live.endsAt;
  const running = live.status === "active" && live.endsAt !== null && !live.endedAt;
  const decided = live.status === "sold" || live.status === "ended";
  const loginHref = `${localePath("account", locale)}?redirect=${encodeURIComponent(pathname)}`;
  const minimum = live.minimumNextBidMinor;
  const justAccepted =
    action?.status === "accepted" && action.live.lastBidId >= live.lastBidId ? action : null;

  return (
    <section
      aria-labelledby="auction-title"
      className={PANEL}
      data-testid="auction-panel"
      data-current-minor={live.priceMinor}
      data-start-minor={live.startPriceMinor}
      data-bid-count={live.bidCount}
      data-status={live.status}
      data-ends-at={live.endsAt ?? undefined}
      data-connection={auction.connection}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2
          id="auction-title"
          className="text-xs font-semibold tracking-[0.14em] whitespace-nowrap text-muted uppercase"
        >
          {product.auction?.duration === "month" ? t("product.auction.monthly") : t("product.auction.weekly")}
        </h2>
        <div className="flex items-center gap-3 whitespace-nowrap">
          {running ? <LiveIndicator connection={auction.connection} /> : null}
          <span className="text-xs text-muted" data-testid="auction-bid-count">
            {live.bidCount > 0
              ? t(pluralKey(locale, "product.auction.bids", live.bidCount), { count: live.bidCount })
              : t("product.auction.noBids")}
          </span>
        </div>
      </div>

      <div className="mt-3">
        <p className="text-sm text-muted">
          {live.bidCount === 0
            ? t("product.auction.start")
            : decided
              ? t("bidding.myBids.finalPrice")
              : t("product.auction.current")}
        </p>
        <FlashOnChange value={live.lastBidId}>
          <p
            className="font-serif text-4xl text-primary-dark tabular-nums"
            data-testid="auction-current-price"
            aria-live="polite"
          >
            {czk(live.priceMinor)}
          </p>
        </FlashOnChange>
        <Approx text={approx(live.priceMinor)} testId="auction-current-price-approx" />
        {live.hasReserve ? (
          <p
            className={`mt-1 text-xs font-medium ${live.reserveMet ? "text-success" : "text-muted"}`}
            data-testid="auction-reserve"
          >
            {live.reserveMet ? t("product.auction.reserveMet") : t("product.auction.reserveNotMet")}
          </p>
        ) : null}
      </div>

      <Standing
        running={running}
        decided={decided}
        live={live}
        standing={standing}
        viewer={viewer}
        justAccepted={justAccepted}
      />

      <dl className="mt-5 grid grid-cols-2 gap-4 border-y border-line py-4">
        {running && live.endsAt ? (
          <Fact label={t("product.auction.timeLeft")} testId="auction-time-left">
            {timeUp ? (
              <span className="text-base" data-testid="auction-closing">
                {t("bidding.panel.closing")}
              </span>
            ) : (
              <Countdown
                endsAt={live.endsAt}
                serverNow={serverNow}
                clockOffsetMs={auction.clockOffsetMs}
                onEnd={() => {
                  setEndReached(live.endsAt);
                  onTimeUp?.();
                }}
              />
            )}
          </Fact>
        ) : (
          <Fact label={t("product.auction.endedLabel")}>
            <span className="text-base">
              {formatDate(live.endedAt ?? live.endsAt ?? product.updatedAt, locale, true)}
            </span>
          </Fact>
        )}
        {running && minimum !== null ? (
          <Fact label={t("product.auction.minimumBid")} testId="auction-minimum-bid">
            <span data-testid="auction-minimum-bid-value" data-minor={minimum}>
              {czk(minimum)}
            </span>
            <Approx text={approx(minimum)} testId="auction-minimum-bid-approx" />
          </Fact>
        ) : (
          <Fact label={t("product.auction.startPrice")}>
            {czk(live.startPriceMinor)}
            <Approx text={approx(live.startPriceMinor)} />
          </Fact>
        )}
      </dl>
      {running && live.endsAt ? (
        <div className="mt-3 flex flex-col gap-1 text-xs text-muted">
          <p data-testid="auction-ends-at">
            {t("product.auction.endsAt", { date: formatDate(live.endsAt, locale, true) })}
          </p>
          {auction.extendedTo ? (
            <p className="font-medium text-primary-dark" role="status" data-testid="auction-extended">
              {t("bidding.panel.extended", {
                time: formatDate(auction.extendedTo, locale, true),
                minutes: softCloseMinutes,
              })}
            </p>
          ) : (
            <p>{t("bidding.panel.softCloseHint", { minutes: softCloseMinutes })}</p>
          )}
        </div>
      ) : null}

      {running && !timeUp ? (
        <div className="mt-5 flex flex-col gap-3">
          {viewer.isSeller ? (
            <p className="rounded-lg bg-light p-3 text-sm text-muted" data-testid="bid-own">
              {t("product.auction.ownAuction")}
            </p>
          ) : viewer.loggedIn ? (
            <>
              {viewer.emailConfirmed === false ? (
                <p
                  className="rounded-lg bg-secondary/15 p-3 text-sm text-ink"
                  data-testid="bid-confirm-email"
                >
                  {t("bidding.panel.confirmEmail")}
                </p>
              ) : null}
              <BidForm live={live} standing={standing} action={action} />
            </>
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

/** A brief gold glow when `value` changes (a new bid), unless the visitor prefers less motion. */
function FlashOnChange({ value, children }: { value: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    void value;
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element?.animate || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    element.animate(
      [{ backgroundColor: "rgb(195 154 63 / 0.3)" }, { backgroundColor: "rgb(195 154 63 / 0)" }],
      { duration: 1400, easing: "ease-out" },
    );
  }, [value]);
  return (
    <div ref={ref} className="-mx-2 rounded-lg px-2">
      {children}
    </div>
  );
}

function LiveIndicator({ connection }: { connection: LiveAuction["connection"] }) {
  const { t } = useTranslation();
  const open = connection === "open";
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-xs font-medium ${open ? "text-success" : "text-muted"}`}
      data-testid="auction-live"
      data-state={connection}
    >
      <span
        className={`size-2 rounded-full ${open ? "bg-success motion-safe:animate-pulse" : "bg-muted/60"}`}
        aria-hidden="true"
      />
      {connection === "retrying" ? t("bidding.panel.reconnecting") : t("bidding.panel.live")}
    </span>
  );
}

/** Where the viewer stands: leading, outbid, won, lost; and the outcome for everyone once decided. */
function Standing({
  running,
  decided,
  live,
  standing,
  viewer,
  justAccepted,
}: {
  running: boolean;
  decided: boolean;
  live: LiveAuction["live"];
  standing: LiveAuction["standing"];
  viewer: Viewer;
  justAccepted: Extract<BidActionData, { status: "accepted" }> | null;
}) {
  const { t, locale } = useTranslation();
  const { withHint: price } = useCzkAmount();
  const box = (tone: "good" | "bad" | "neutral", testId: string, children: ReactNode) => (
    <div
      role="status"
      className={`mt-4 flex flex-col gap-1 rounded-xl px-4 py-3 text-sm ring-1 ${
        tone === "good"
          ? "bg-success/10 text-[#1f5c44] ring-success/30"
          : tone === "bad"
            ? "bg-danger/10 text-danger ring-danger/25"
            : "bg-light text-ink ring-line"
      }`}
      data-testid={testId}
    >
      {children}
    </div>
  );

  if (running && standing?.leading) {
    return box(
      "good",
      "bid-leading",
      <>
        <p className="font-semibold">
          {justAccepted ? t("bidding.panel.accepted") : t("bidding.panel.leading")}
        </p>
        {standing.maxMinor !== null ? (
          <p>{t("bidding.panel.leadingMax", { max: price(standing.maxMinor) })}</p>
        ) : null}
      </>,
    );
  }
  if (running && standing?.hasBid) {
    return box(
      "bad",
      "bid-outbid",
      <>
        <p className="font-semibold">{t("bidding.panel.outbid")}</p>
        <p>
          {justAccepted
            ? t("bidding.panel.outbidAtOnce")
            : live.minimumNextBidMinor !== null
              ? t("bidding.panel.outbidHint", { minimum: price(live.minimumNextBidMinor) })
              : null}
        </p>
      </>,
    );
  }
  if (!decided) return null;
  if (standing?.won) {
    return box(
      "good",
      "bid-won",
      <>
        <p className="font-semibold">{t("bidding.panel.won", { price: price(live.priceMinor) })}</p>
        {standing.threadId !== null ? (
          <Link
            to={`${localePath("accountMessages", locale)}?thread=${standing.threadId}`}
            className="font-medium underline"
          >
            {t("bidding.panel.wonThread")}
          </Link>
        ) : null}
      </>,
    );
  }
  if (viewer.isSeller && live.status === "sold")
    return box(
      "good",
      "bid-own-sold",
      <p className="font-semibold">{t("bidding.panel.ownSold", { price: price(live.priceMinor) })}</p>,
    );
  if (standing?.hasBid && live.status === "sold")
    return box("bad", "bid-lost", <p className="font-semibold">{t("bidding.panel.lost")}</p>);
  return box(
    "neutral",
    "auction-outcome",
    <p className="font-semibold">
      {live.status === "sold"
        ? t("bidding.panel.sold", { price: price(live.priceMinor) })
        : t("bidding.panel.unsold")}
    </p>,
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
          {product.stock === 0 ? (
            <WatchdogButton target={{ kind: "product", productId: product.id }} className="mt-3" />
          ) : null}
          <ul className="mt-3 flex flex-col gap-1.5 border-t border-line pt-3 text-sm text-muted">
            <li>{t("product.stock.delivery")}</li>
            <li>{t("product.stock.freeDelivery")}</li>
          </ul>
        </>
      ) : (
        <>
          <p className="mt-3 text-sm leading-relaxed text-muted">
            {demand ? t("product.price.demandHint") : t("product.price.classifiedHint")}
          </p>
          {/* No bid block: a live ad is answered by a message to its seller. */}
          {product.status === "active" ? (
            <div className="mt-4">
              <ContactSeller productId={product.id} sellerId={product.seller?.id ?? null} demand={demand} />
            </div>
          ) : null}
        </>
      )}
      <div className="mt-5 flex justify-center border-t border-line pt-4">{watch}</div>
    </section>
  );
}
