import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Countdown } from "#app/ui/countdown.tsx";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { ProductDetail } from "#core/contracts/product.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { Standing, type Viewer } from "./auction-standing.tsx";
import type { BidActionData } from "./bidding/bid-answer.ts";
import { BidForm } from "./bidding/bid-form.tsx";
import type { LiveAuction } from "./bidding/use-auction-live.ts";
import { BUY_NOW_FETCHER, BuyNow } from "./buy-now.tsx";
import { PANEL } from "./purchase-panel.tsx";

type AuctionPanelProps = {
  product: ProductDetail;
  viewer: Viewer;
  serverNow: string;
  watch: ReactNode;
  live: LiveAuction;
  action?: BidActionData;
  softCloseMinutes: number;
  /** The countdown reached the end (the page then waits for the close). */
  onTimeUp?: () => void;
};

/**
 * The auction block, live: the current price, the lowest acceptable next bid, time left on the
 * server's clock, the bid count, where the viewer stands (leading, outbid, won, lost) and the bid
 * form with its binding confirmation (features/product/bidding). Everything follows the live stream
 * (`live`, from useAuctionLive on the page), so every viewer sees a new bid, the new minimum and a
 * soft-close extension without a reload. Guests are sent to log in and back here.
 */
export function AuctionPanel(props: AuctionPanelProps) {
  const { product, viewer, watch, live: auction, action } = props;
  const { live, standing } = auction;
  // The end the countdown reached; a moved end (soft close) brings the countdown back. Kept with
  // the end it belongs to rather than reset by an effect: on a page opened after the end, that
  // reset ran after the countdown's own "ended" and undid it, leaving the bid form up.
  const [endReached, setEndReached] = useState<string | null>(null);
  // "Kup hned" ends the auction, and the live stream may say so before the purchase's answer
  // arrives: the box goes away then, and a fetcher whose every user is gone drops its answer's
  // redirect (on to the buyer's purchases). The panel stays, so it holds the purchase's fetcher.
  useFetcher({ key: BUY_NOW_FETCHER });
  const timeUp = endReached !== null && endReached === live.endsAt;
  const running = live.status === "active" && live.endsAt !== null && !live.endedAt;
  const decided = live.status === "sold" || live.status === "ended";
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
      <AuctionTitle product={product} auction={auction} running={running} />
      <CurrentPrice live={live} decided={decided} />
      <Standing
        running={running}
        decided={decided}
        live={live}
        standing={standing}
        viewer={viewer}
        justAccepted={justAccepted}
      />
      <AuctionFacts
        {...props}
        running={running}
        timeUp={timeUp}
        onEnd={() => {
          setEndReached(live.endsAt);
          props.onTimeUp?.();
        }}
      />
      {running && !timeUp ? (
        <div className="mt-5 flex flex-col gap-3">
          {live.buyNowPriceMinor !== null && !viewer.isSeller ? (
            <BuyNow
              priceMinor={live.buyNowPriceMinor}
              offer={live.bidCount > 0 ? "reserve" : live.hasReserve ? "unknown" : "first_bid"}
            />
          ) : null}
          <BidArea viewer={viewer} auction={auction} action={action} />
          <div className="flex justify-center">{watch}</div>
        </div>
      ) : (
        <div className="mt-5 flex justify-center">{watch}</div>
      )}
    </section>
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

/** Weekly or monthly, the live indicator and the bid count. */
function AuctionTitle({
  product,
  auction,
  running,
}: {
  product: ProductDetail;
  auction: LiveAuction;
  running: boolean;
}) {
  const { t, locale } = useTranslation();
  const { bidCount } = auction.live;
  return (
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
          {bidCount > 0
            ? t(pluralKey(locale, "product.auction.bids", bidCount), { count: bidCount })
            : t("product.auction.noBids")}
        </span>
      </div>
    </div>
  );
}

/** The price now (the start price before the first bid, the final one once decided), and the reserve. */
function CurrentPrice({ live, decided }: { live: LiveAuction["live"]; decided: boolean }) {
  const { t } = useTranslation();
  // Bids are in CZK: the auction block shows crowns first, the visitor's currency as a hint.
  const { czk, approx } = useCzkAmount();
  return (
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
  );
}

/** Time left (or when it ended), the lowest next bid (or the start price), and the soft close. */
function AuctionFacts({
  product,
  serverNow,
  live: auction,
  softCloseMinutes,
  running,
  timeUp,
  onEnd,
}: AuctionPanelProps & { running: boolean; timeUp: boolean; onEnd: () => void }) {
  const { t, locale } = useTranslation();
  const { czk, approx } = useCzkAmount();
  const { live } = auction;
  const minimum = live.minimumNextBidMinor;
  return (
    <>
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
                onEnd={onEnd}
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
        <AuctionEnd
          endsAt={live.endsAt}
          extendedTo={auction.extendedTo}
          softCloseMinutes={softCloseMinutes}
        />
      ) : null}
    </>
  );
}

/** When the auction ends, and the soft close: the hint, or the extension it made. */
function AuctionEnd({
  endsAt,
  extendedTo,
  softCloseMinutes,
}: {
  endsAt: string;
  extendedTo: string | null;
  softCloseMinutes: number;
}) {
  const { t, locale } = useTranslation();
  return (
    <div className="mt-3 flex flex-col gap-1 text-xs text-muted">
      <p data-testid="auction-ends-at">
        {t("product.auction.endsAt", { date: formatDate(endsAt, locale, true) })}
      </p>
      {extendedTo ? (
        <p className="font-medium text-primary-dark" role="status" data-testid="auction-extended">
          {t("bidding.panel.extended", {
            time: formatDate(extendedTo, locale, true),
            minutes: softCloseMinutes,
          })}
        </p>
      ) : (
        <p>{t("bidding.panel.softCloseHint", { minutes: softCloseMinutes })}</p>
      )}
    </div>
  );
}

/** The seller's own auction says so; a signed-in visitor bids; a guest is sent to log in. */
function BidArea({
  viewer,
  auction,
  action,
}: {
  viewer: Viewer;
  auction: LiveAuction;
  action: BidActionData | undefined;
}) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  if (viewer.isSeller)
    return (
      <p className="rounded-lg bg-light p-3 text-sm text-muted" data-testid="bid-own">
        {t("product.auction.ownAuction")}
      </p>
    );
  if (!viewer.loggedIn)
    return (
      <Link
        to={`${localePath("account", locale)}?redirect=${encodeURIComponent(pathname)}`}
        className="inline-flex items-center justify-center rounded-lg bg-primary-dark px-5 py-3.5 text-center font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
        data-testid="bid-login"
      >
        {t("product.auction.loginToBid")}
      </Link>
    );
  return (
    <>
      {viewer.emailConfirmed === false ? (
        <p className="rounded-lg bg-secondary/15 p-3 text-sm text-ink" data-testid="bid-confirm-email">
          {t("bidding.panel.confirmEmail")}
        </p>
      ) : null}
      <BidForm live={auction.live} standing={auction.standing} action={action} />
    </>
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
