import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import { formatRating } from "#core/formats/rating.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { SPA_LINK } from "../layout/spa-links.tsx";
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
    <div className="card-nopic" aria-hidden="true">
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
    <div className="card-pic">
      {product.image ? (
        <ResponsiveImage
          src={product.image.src}
          alt={product.image.alt}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          sizes={sizes}
          priority={priority}
          className="card-img"
        />
      ) : (
        <NoPicture />
      )}
      <div className="card-badges">
        <span className="card-badge" data-kind={badgeKey} data-testid="format-badge">
          {t(`catalog.badge.${badgeKey}`)}
        </span>
        {product.originalPriceMinor !== null && !product.pending ? (
          <span className="card-badge" data-kind="sale" data-testid="card-sale-badge">
            {t("catalog.card.sale")}
          </span>
        ) : null}
      </div>
      {product.topped ? (
        <span className="card-ribbon" data-testid="topped-ribbon">
          ★ {t("catalog.card.topped")}
        </span>
      ) : null}
      {product.pending ? <span className="card-status">{t(`catalog.status.${product.status}`)}</span> : null}
      {hideWatch ? null : (
        <div className="card-watch">
          <WatchButton productId={product.id} productName={product.name} />
        </div>
      )}
    </div>
  );
}

/** The seller's average rating and count, read out as one sentence. */
function CardSellerRating({ rating }: { rating: { average: number; count: number } }) {
  const { locale, t } = useTranslation();
  const label = t("reviews.card.label", {
    average: formatRating(rating.average, locale),
    count: rating.count,
  });
  return (
    <p className="card-rating" data-testid="card-seller-rating" title={label}>
      <span aria-hidden="true" className="card-star">
        ★
      </span>
      <span aria-hidden="true" className="card-average">
        {formatRating(rating.average, locale)}
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
    <div className="card-prices">
      {priceLabel ? <p className="card-price-label">{priceLabel}</p> : null}
      <p className="card-price-row">
        <span
          className="card-price"
          data-sale={product.originalPriceMinor !== null || undefined}
          data-testid="card-price"
        >
          {product.priceMinor === null ? t("catalog.card.byAgreement") : price(product.priceMinor)}
        </span>
        {product.originalPriceMinor !== null ? (
          <s className="card-original" data-testid="card-original-price">
            {price(product.originalPriceMinor)}
          </s>
        ) : null}
      </p>
      {isAuction ? (
        <p className="card-auction">
          {timeLeft.text ? (
            <span
              className="card-left"
              data-urgent={(timeLeft.urgent && !product.pending) || undefined}
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
      className="card"
      data-testid="product-card"
      data-product-id={product.id}
      data-format={product.format}
      data-topped={product.topped || undefined}
      data-pending={product.pending || undefined}
    >
      <CardPicture product={product} priority={priority} sizes={sizes} hideWatch={hideWatch} />
      <div className="card-body">
        {product.brandName ? <p className="card-brand">{product.brandName}</p> : null}
        <Heading className="card-name">
          {/* A plain link (SpaLinks navigates in the app and prefetches on intent): issue 18. */}
          <a href={product.url} className="card-link" {...SPA_LINK} data-spa="prefetch">
            {product.name}
          </a>
        </Heading>
        {product.sellerRating ? <CardSellerRating rating={product.sellerRating} /> : null}
        <CardPrice product={product} now={now} />
      </div>
    </article>
  );
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="card-clock"
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
