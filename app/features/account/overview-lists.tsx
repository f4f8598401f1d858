import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Countdown } from "#app/ui/countdown.tsx";
import { usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { localePath } from "#core/i18n/paths.ts";

/** The account overview's lists (routes/account/overview.tsx), as its loader sends them. */
export type LastBid = {
  productId: number;
  url: string;
  name: string;
  status: string;
  leading: boolean;
  won: boolean;
  amountMinor: number;
  currentPriceMinor: number | null;
  endsAt: string | null;
};
export type EndingItem = {
  productId: number;
  url: string;
  name: string;
  image: string | null;
  priceMinor: number | null;
  endsAt: string;
};

const actionLinkClass =
  "mt-3 inline-flex min-h-11 items-center font-semibold text-primary-dark underline decoration-secondary underline-offset-4 hover:decoration-primary-dark";

/** The account's last bids, each with where it stands now (docs/product/screens.md, "Routes"). */
export function LastBids({ bids, serverNow }: { bids: LastBid[]; serverNow: string }) {
  const { locale, t } = useTranslation();
  return (
    <section aria-labelledby="overview-bids-title" data-testid="overview-bids">
      <h2 id="overview-bids-title" className="font-serif text-2xl text-primary-dark">
        {t("security.overview.bidsTitle")}
      </h2>
      {bids.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-line bg-white/60 p-5 text-muted">
          {t("security.overview.bidsEmpty")}{" "}
          <Link
            to={localePath("dailyAuctions", locale)}
            className="font-semibold text-primary-dark underline underline-offset-4"
          >
            {t("security.overview.browse")}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {bids.map((bid) => (
            <BidItem key={bid.productId} bid={bid} serverNow={serverNow} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BidItem({ bid, serverNow }: { bid: LastBid; serverNow: string }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  const running = bid.status === "active";
  const closed = bid.status === "sold" || bid.status === "ended";
  const state = running
    ? bid.leading
      ? "leading"
      : "outbid"
    : closed
      ? bid.won
        ? "won"
        : "lost"
      : "ended";
  const tone =
    state === "leading" || state === "won"
      ? "bg-success/10 text-[#1f5c44] ring-success/30"
      : state === "outbid"
        ? "bg-danger/10 text-danger ring-danger/25"
        : "bg-ink/5 text-muted ring-ink/15";
  return (
    <li
      key={bid.productId}
      className="flex flex-col gap-1 rounded-xl border border-line bg-white px-4 py-3"
      data-testid="overview-bid"
    >
      <div className="flex items-start justify-between gap-3">
        <Link
          to={bid.url}
          className="min-w-0 font-semibold break-words text-ink hover:text-primary-dark hover:underline"
        >
          {bid.name}
        </Link>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
          {t(`security.overview.${state}`)}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
        <span>
          {t("security.overview.yourBid")}: <strong className="text-ink">{price(bid.amountMinor)}</strong>
        </span>
        {bid.currentPriceMinor !== null ? (
          <span>
            {t("security.overview.currentPrice")}:{" "}
            <strong className="text-ink">{price(bid.currentPriceMinor)}</strong>
          </span>
        ) : null}
        {running && bid.endsAt ? (
          <span>
            {t("security.overview.endsIn")}{" "}
            <Countdown endsAt={bid.endsAt} serverNow={serverNow} className="font-semibold text-ink" />
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** Watched auctions that end soonest. */
export function EndingSoon({ items, serverNow }: { items: EndingItem[]; serverNow: string }) {
  const { locale, t } = useTranslation();
  const price = usePriceFormatter();
  return (
    <section aria-labelledby="overview-ending-title" data-testid="overview-ending">
      <h2 id="overview-ending-title" className="font-serif text-2xl text-primary-dark">
        {t("security.overview.endingTitle")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-line bg-white/60 p-5 text-muted">
          {t("security.overview.endingEmpty")}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {items.map((item) => (
            <li
              key={item.productId}
              className="flex items-center gap-3 rounded-xl border border-line bg-white px-3 py-2.5"
              data-testid="overview-watched"
            >
              <span className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg bg-light ring-1 ring-line">
                {item.image ? (
                  <ResponsiveImage
                    src={item.image}
                    alt=""
                    width={56}
                    height={56}
                    sizes="63px"
                    widths={[160]}
                    className="size-full object-contain p-1"
                  />
                ) : null}
              </span>
              <div className="min-w-0 flex-1">
                <Link
                  to={item.url}
                  className="font-semibold break-words text-ink hover:text-primary-dark hover:underline"
                >
                  {item.name}
                </Link>
                <p className="flex flex-wrap gap-x-4 text-sm text-muted">
                  {item.priceMinor !== null ? (
                    <strong className="text-ink">{price(item.priceMinor)}</strong>
                  ) : null}
                  <span>
                    {t("security.overview.endsIn")}{" "}
                    <Countdown
                      endsAt={item.endsAt}
                      serverNow={serverNow}
                      className="font-semibold text-ink"
                    />
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link to={localePath("accountWatch", locale)} className={actionLinkClass}>
        {t("security.overview.allWatched")}
      </Link>
    </section>
  );
}
