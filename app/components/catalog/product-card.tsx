import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { ResponsiveImage } from "../ui/responsive-image.tsx";
import { timeLeftParts, useNow, usePrice } from "./format.ts";
import { WatchButton } from "./watch-button.tsx";

export type ProductCardProps = {
  product: ProductCardData;
  /**
   * Load the image at once (cards in the first visible row); the others load lazily as they come
   * near the viewport.
   */
  priority?: boolean;
  /** The server's "now" (ISO) so the server-rendered time left matches the first browser render. */
  now?: string;
  /** Hide the watch button (e.g. where the page has its own). */
  hideWatch?: boolean;
  /** The heading level of the product name (default h3: cards sit under a page's h2/h1). */
  headingLevel?: "h2" | "h3" | "h4";
  /** The picture's drawn width per breakpoint (`sizes`); the grid passes its own, see CARD_SIZES. */
  sizes?: string;
};

/** The drawn pictures are bottles and boxes, 400 × 560: the card keeps that box to avoid layout shift. */
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 560;

/**
 * The card picture's drawn width in each grid (see COLUMNS and the container widths in app.css):
 * 2 columns on phones, 3 on tablets; from desktop the fixed container divided by the columns
 * (beside the 15-16.5rem filter sidebar for listings). In pixels, because the page's rem is 18 px
 * while `sizes` counts a rem as the browser's default 16.
 */
const CARD_SIZES = {
  wide: "(min-width: 1580px) 298px, (min-width: 1260px) 287px, (min-width: 1028px) 239px, (min-width: 768px) calc((100vw - 72px) / 3), calc((100vw - 50px) / 2)",
  listing:
    "(min-width: 1580px) 291px, (min-width: 1260px) 201px, (min-width: 1028px) 222px, (min-width: 768px) calc((100vw - 72px) / 3), calc((100vw - 50px) / 2)",
} as const;

const BADGE_STYLE: Record<string, string> = {
  auction: "bg-primary-dark text-white",
  classified: "bg-white text-primary-dark ring-1 ring-primary-dark/25",
  shop: "bg-ink text-white",
  demand: "bg-secondary text-ink",
};

/** The time left of an auction card ("2 d 4 h", "ended"), or null for other formats. */
function useTimeLeftText(product: ProductCardData, now: string | undefined) {
  const { t } = useTranslation();
  const current = useNow(now);
  const left = product.format === "auction" && product.endsAt ? timeLeftParts(product.endsAt, current) : null;
  const urgent = left?.kind === "minutes" || (left?.kind === "hours" && left.hours < 3);
  let text: string | null = null;
  if (left) {
    if (left.kind === "ended" || product.pending) text = t("catalog.card.ended");
    else if (left.kind === "days") text = t("catalog.card.leftDays", { d: left.days, h: left.hours });
    else if (left.kind === "hours") text = t("catalog.card.leftHours", { h: left.hours, m: left.minutes });
    else text = t("catalog.card.leftMinutes", { m: left.minutes });
  }
  return { text, urgent };
}

/** The placeholder bottle where a product has no picture. */
function NoPicture() {
  return (
    <div className="flex aspect-[5/7] w-full items-center justify-center text-line" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        className="size-1/3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M10 2.5h4v4.2c0 .8.4 1.5 1 2 1.3 1 2 2.5 2 4.1V20a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 20v-7.2c0-1.6.7-3.1 2-4.1.6-.5 1-1.2 1-2z" />
        <path d="M7 13.5h10M7 18h10" />
      </svg>
    </div>
  );
}

/** The card's picture with what lies on it: format and sale badges, the topped ribbon, the pending status, the watch button. */
function CardPicture({
  product,
  priority,
  sizes,
  hideWatch,
}: {
  product: ProductCardData;
  priority: boolean;
  sizes: string;
  hideWatch: boolean;
}) {
  const { t } = useTranslation();
  const badgeKey = product.type === "demand" ? "demand" : product.format;
  return (
    <div className="relative bg-gradient-to-b from-light to-white">
      {product.image ? (
        <ResponsiveImage
          src={product.image.src}
          alt={product.image.alt}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          sizes={sizes}
          priority={priority}
          className={`aspect-[5/7] h-auto w-full object-contain p-2 transition-transform duration-300 group-hover:scale-[1.03] ${
            product.pending ? "opacity-60 grayscale" : ""
          }`}
        />
      ) : (
        <NoPicture />
      )}
      <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
        <span
          className={`rounded-full px-2.5 py-0.5 text-[0.68rem] font-bold tracking-[0.08em] uppercase shadow-sm ${BADGE_STYLE[badgeKey]}`}
          data-testid="format-badge"
        >
          {t(`catalog.badge.${badgeKey}`)}
        </span>
        {product.originalPriceMinor !== null && !product.pending ? (
          <span
            className="rounded-full bg-danger px-2.5 py-0.5 text-[0.68rem] font-bold tracking-[0.08em] text-white uppercase shadow-sm"
            data-testid="card-sale-badge"
          >
            {t("catalog.card.sale")}
          </span>
        ) : null}
      </div>
      {product.topped ? (
        <span
          className="absolute bottom-2 left-0 rounded-r-full bg-secondary py-0.5 pr-3 pl-2 text-[0.66rem] font-bold tracking-[0.12em] text-ink uppercase shadow"
          data-testid="topped-ribbon"
        >
          ★ {t("catalog.card.topped")}
        </span>
      ) : null}
      {product.pending ? (
        <span className="absolute inset-x-2 bottom-2 rounded-md bg-ink/80 py-1 text-center text-[0.72rem] font-semibold tracking-wide text-white">
          {t(`catalog.status.${product.status}`)}
        </span>
      ) : null}
      {hideWatch ? null : (
        <div className="absolute top-2 right-2">
          <WatchButton productId={product.id} productName={product.name} />
        </div>
      )}
    </div>
  );
}

/** The seller's average rating and count, read out as one sentence. */
function CardSellerRating({ rating }: { rating: { average: number; count: number } }) {
  const { locale, t } = useTranslation();
  const label = t("reviews.card.label", { average: ratingText(rating.average, locale), count: rating.count });
  return (
    <p
      className="flex items-center gap-1 text-[0.72rem] text-muted"
      data-testid="card-seller-rating"
      title={label}
    >
      <span aria-hidden="true" className="text-secondary">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold text-ink/80">
        {ratingText(rating.average, locale)}
      </span>
      <span aria-hidden="true">({rating.count})</span>
      <span className="sr-only">{label}</span>
    </p>
  );
}

/** The price (current or starting bid, offers for demands, a struck original on sale) and, for auctions, time left and bids. */
function CardPrice({ product, now }: { product: ProductCardData; now: string | undefined }) {
  const { locale, t } = useTranslation();
  const price = usePrice();
  const isAuction = product.format === "auction";
  const timeLeft = useTimeLeftText(product, now);
  const priceLabel =
    product.type === "demand"
      ? t("catalog.card.offers")
      : isAuction
        ? product.bidCount > 0
          ? t("catalog.card.currentPrice")
          : t("catalog.card.startPrice")
        : null;
  return (
    <div className="mt-auto pt-1.5">
      {priceLabel ? <p className="text-[0.66rem] tracking-wide text-muted uppercase">{priceLabel}</p> : null}
      <p className="flex flex-wrap items-baseline gap-x-2 leading-tight">
        <span
          className={`font-serif text-[1.05rem] font-bold tablet:text-[1.15rem] ${product.originalPriceMinor !== null ? "text-danger" : "text-primary-dark"}`}
          data-testid="card-price"
        >
          {product.priceMinor === null ? t("catalog.card.byAgreement") : price(product.priceMinor)}
        </span>
        {product.originalPriceMinor !== null ? (
          <s className="text-[0.75rem] text-muted" data-testid="card-original-price">
            {price(product.originalPriceMinor)}
          </s>
        ) : null}
      </p>
      {isAuction ? (
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 border-t border-line/70 pt-1.5 text-[0.72rem] text-muted">
          {timeLeft.text ? (
            <span
              className={`inline-flex items-center gap-1 font-semibold ${timeLeft.urgent && !product.pending ? "text-danger" : "text-ink/80"}`}
              data-testid="time-left"
              suppressHydrationWarning
            >
              <ClockIcon />
              {timeLeft.text}
            </span>
          ) : null}
          <span data-testid="bid-count">
            {product.bidCount > 0
              ? t(pluralKey(locale, "catalog.card.bids", product.bidCount), { count: product.bidCount })
              : t("catalog.card.noBids")}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * A product in a grid: picture, name, price in the visitor's currency (or "by agreement"), format
 * badge, time left and bid count for auctions, and the watch button. Topped products carry a gold
 * frame and ribbon; pending ones (awaiting payment, ended, sold, expired) are greyed
 * (docs/product/screens.md, "Parts of every page").
 */
export function ProductCard({
  product,
  priority = false,
  now,
  hideWatch = false,
  headingLevel = "h3",
  sizes = CARD_SIZES.wide,
}: ProductCardProps) {
  const Heading = headingLevel;
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl bg-white transition-shadow duration-200 hover:shadow-lg hover:shadow-ink/10 ${
        product.topped ? "ring-2 ring-secondary" : "ring-1 ring-line"
      } ${product.pending ? "bg-white/70" : ""}`}
      data-testid="product-card"
      data-product-id={product.id}
      data-format={product.format}
      data-topped={product.topped || undefined}
      data-pending={product.pending || undefined}
    >
      <CardPicture product={product} priority={priority} sizes={sizes} hideWatch={hideWatch} />
      <div className={`flex flex-1 flex-col gap-1 px-3 pt-2.5 pb-3 ${product.pending ? "opacity-70" : ""}`}>
        {product.brandName ? (
          <p className="truncate text-[0.68rem] font-semibold tracking-[0.12em] text-muted uppercase">
            {product.brandName}
          </p>
        ) : null}
        <Heading className="line-clamp-3 text-[0.86rem] leading-snug font-semibold text-ink tablet:text-[0.9rem]">
          <Link
            to={product.url}
            className="after:absolute after:inset-0 after:z-[1] after:content-[''] hover:text-primary-dark focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-primary-dark"
            prefetch="intent"
          >
            {product.name}
          </Link>
        </Heading>
        {product.sellerRating ? <CardSellerRating rating={product.sellerRating} /> : null}
        <CardPrice product={product} now={now} />
      </div>
    </article>
  );
}

/** A rating with one decimal in the page's language: 4,3 / 4.3. */
function ratingText(value: number, locale: string) {
  return value.toLocaleString(locale === "cs" ? "cs-CZ" : "en-GB", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" strokeLinecap="round" />
    </svg>
  );
}

export type ProductGridProps = {
  products: ProductCardData[];
  /** The server's "now" (ISO) for the cards' time left (see ProductCard). */
  now?: string;
  /** How many leading cards load their image at once (the first row); default 4. */
  eager?: number;
  /**
   * "wide" (default): up to 5 columns, for full-width sections (home, similar items, profile);
   * "listing": 2 columns on phones, 3 from tablets, 4 on the widest screens (beside a sidebar).
   */
  variant?: "listing" | "wide";
  headingLevel?: "h2" | "h3" | "h4";
  className?: string;
};

const COLUMNS = {
  listing: "grid-cols-2 tablet:grid-cols-3 widescreen:grid-cols-4",
  wide: "grid-cols-2 tablet:grid-cols-3 desktop:grid-cols-4 fullhd:grid-cols-5",
};

/** A responsive grid of product cards (a list for assistive technology). */
export function ProductGrid({
  products,
  now,
  eager = 4,
  variant = "wide",
  headingLevel,
  className = "",
}: ProductGridProps) {
  return (
    <ul className={`grid gap-3 tablet:gap-4 ${COLUMNS[variant]} ${className}`} data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            now={now}
            priority={index < eager}
            headingLevel={headingLevel}
            sizes={CARD_SIZES[variant]}
          />
        </li>
      ))}
    </ul>
  );
}
