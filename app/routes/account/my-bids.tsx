import { Link } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { Countdown } from "#app/ui/countdown.tsx";
import { formatDate, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { MyBid, MyBidGroup } from "#core/contracts/bidding.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import type { Route } from "./+types/my-bids";

export const middleware = named("auth");

const GROUPS: MyBidGroup[] = ["leading", "outbid", "won", "lost"];

/** My bids (/ucet/aukce): the auctions the user bid on, grouped as leading, outbid, won and lost. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  // The auth middleware guarantees a user.
  const items = await services.bidding.myBids(user!.id, locale);
  return { items, serverNow: new Date().toISOString() };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("bidding.myBids.title"),
    description: t("bidding.myBids.intro"),
    noindex: true,
  }));
}

const GROUP_TONE: Record<MyBidGroup, string> = {
  leading: "bg-success/10 text-[#1f5c44] ring-success/30",
  outbid: "bg-danger/10 text-danger ring-danger/25",
  won: "bg-secondary/20 text-ink ring-secondary/50",
  lost: "bg-ink/5 text-muted ring-ink/15",
};

export default function MyBids({ loaderData }: Route.ComponentProps) {
  const { items, serverNow } = loaderData;
  const { t, locale } = useTranslation();
  const groups = GROUPS.map((group) => ({ group, items: items.filter((item) => item.group === group) }));

  return (
    // The account layout route draws the container and the sidebar.
    <section data-testid="my-bids-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("bidding.myBids.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("bidding.myBids.intro")}</p>

      {items.length === 0 ? (
        <div
          className="mt-8 rounded-2xl bg-white p-8 text-center ring-1 ring-line"
          data-testid="my-bids-empty"
        >
          <p className="font-serif text-xl text-ink">{t("bidding.myBids.empty")}</p>
          <p className="mt-2 text-sm text-muted">{t("bidding.myBids.emptyHint")}</p>
          <Link
            to={localePath("dailyAuctions", locale)}
            className="mt-5 inline-flex rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-[#173d42]"
          >
            {t("bidding.myBids.browse")}
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label={t("bidding.myBids.title")} className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {groups.map(({ group, items: list }) => (
                <li key={group}>
                  <a
                    href={`#${group}`}
                    className={`inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ${list.length > 0 ? GROUP_TONE[group] : "bg-white text-muted ring-line"}`}
                    data-testid={`my-bids-chip-${group}`}
                  >
                    {t(`bidding.myBids.groups.${group}`)}
                    <span className="tabular-nums font-semibold">{list.length}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups
            .filter(({ items: list }) => list.length > 0)
            .map(({ group, items: list }) => (
              <section
                key={group}
                id={group}
                aria-labelledby={`${group}-title`}
                className="mt-8 scroll-mt-28"
                data-testid={`my-bids-${group}`}
              >
                <h2 id={`${group}-title`} className="font-serif text-2xl text-primary-dark">
                  {t(`bidding.myBids.groups.${group}`)}{" "}
                  <span className="text-base text-muted">
                    ({t(pluralKey(locale, "bidding.myBids.count", list.length), { count: list.length })})
                  </span>
                </h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {list.map((item) => (
                    <BidItem key={item.productId} item={item} serverNow={serverNow} />
                  ))}
                </ul>
              </section>
            ))}
        </>
      )}
    </section>
  );
}

/** The auction's picture (a second way to the same page, so hidden from readers and Tab). */
function BidThumbnail({ item, running }: { item: MyBid; running: boolean }) {
  return (
    <Link to={item.url} className="shrink-0" tabIndex={-1} aria-hidden="true">
      <span
        className={`grid size-16 place-items-center overflow-hidden rounded-xl bg-light ring-1 ring-line tablet:size-24 ${running ? "" : "grayscale-[40%]"}`}
      >
        {item.image ? (
          <ResponsiveImage
            src={item.image}
            alt=""
            width={96}
            height={96}
            sizes="(min-width: 768px) 108px, 72px"
            widths={[160, 320]}
            className="size-full object-contain p-1.5"
          />
        ) : null}
      </span>
    </Link>
  );
}

/** The price now (or the final one), my maximum, and the time left or when it ended. */
function BidFigures({ item, running, serverNow }: { item: MyBid; running: boolean; serverNow: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  return (
    <dl className="flex flex-col gap-1 text-sm tablet:flex-row tablet:flex-wrap tablet:items-baseline tablet:gap-x-5">
      <div className="flex items-baseline justify-between gap-3 tablet:justify-start tablet:gap-1.5">
        <dt className="whitespace-nowrap text-muted">
          {running ? t("bidding.myBids.price") : t("bidding.myBids.finalPrice")}
        </dt>
        <dd className="font-semibold text-primary-dark tabular-nums" data-testid="my-bid-price">
          {price(item.priceMinor)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3 tablet:justify-start tablet:gap-1.5">
        <dt className="whitespace-nowrap text-muted">{t("bidding.myBids.myMax")}</dt>
        <dd className="font-semibold text-ink tabular-nums" data-testid="my-bid-max">
          {price(item.myMaxMinor)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3 tablet:justify-start tablet:gap-1.5">
        {running && item.endsAt ? (
          <>
            <dt className="whitespace-nowrap text-muted">{t("bidding.myBids.endsIn")}</dt>
            <dd>
              <Countdown endsAt={item.endsAt} serverNow={serverNow} className="font-semibold text-ink" />
            </dd>
          </>
        ) : (
          <dd className="text-muted">
            {t("bidding.myBids.endedAt", {
              date: formatDate(item.endedAt ?? item.endsAt ?? serverNow, locale),
            })}
          </dd>
        )}
      </div>
    </dl>
  );
}

/** One auction I bid in: its state (leading, outbid, won, lost), figures, and what to do next. */
function BidItem({ item, serverNow }: { item: MyBid; serverNow: string }) {
  const { t, locale } = useTranslation();
  const running = item.group === "leading" || item.group === "outbid";
  return (
    <li
      className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-line tablet:gap-4 tablet:p-5"
      data-testid="my-bid"
      data-product-id={item.productId}
      data-group={item.group}
    >
      <BidThumbnail item={item} running={running} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${GROUP_TONE[item.group]}`}
            data-testid="my-bid-group"
          >
            {t(`bidding.myBids.groups.${item.group}`)}
          </span>
          <span className="text-xs text-muted">
            {t(pluralKey(locale, "bidding.myBids.myBids", item.myBidCount), { count: item.myBidCount })}
          </span>
        </div>
        <Link
          to={item.url}
          className="font-serif text-lg leading-snug text-ink hover:text-primary-dark hover:underline tablet:text-xl"
          data-testid="my-bid-name"
        >
          {item.name}
        </Link>
        <BidFigures item={item} running={running} serverNow={serverNow} />
        {item.group === "outbid" ? (
          <Link
            to={item.url}
            className="self-start rounded-lg bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#173d42]"
          >
            {t("bidding.myBids.bidAgain")}
          </Link>
        ) : null}
        {item.group === "won" && item.threadId !== null ? (
          <Link
            to={`${localePath("accountMessages", locale)}?thread=${item.threadId}`}
            className="self-start rounded-lg bg-secondary px-4 py-2 text-sm font-semibold text-ink hover:bg-secondary/80"
            data-testid="my-bid-thread"
          >
            {t("bidding.myBids.thread")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
