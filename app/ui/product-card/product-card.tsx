import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import { formatRating } from "#core/formats/rating.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { timeLeftParts, useNow, usePrice } from "../format.ts";
import { renderWhenNear } from "../render-when-near.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { SPA_LINK } from "../spa-links.tsx";
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

/** What every part of a card needs, looked up once per card (issue 18: each part's own hooks
 * cost the server render more than its markup). */
type CardTexts = {
  t: ReturnType<typeof useTranslation>["t"];
  locale: ReturnType<typeof useTranslation>["locale"];
  price: (minor: number) => string;
};

/** The time left of an auction card ("2 d 4 h", "ended"), or null for other formats. */
function timeLeftText(product: ProductCardData, current: number, { t }: CardTexts) {
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

/** The card's picture with what lies on it: format and sale badges, the topped ribbon, the pending status, the watch button. */
function cardPicture(
  product: ProductCardData,
  { priority, sizes, hideWatch }: { priority: boolean; sizes: string; hideWatch: boolean },
  { t }: CardTexts,
) {
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
        // The placeholder bottle is the class's ::before (app.css: icons drawn by CSS).
        <div className="card-nopic" aria-hidden="true" />
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
          {`★ ${t("catalog.card.topped")}`}
        </span>
      ) : null}
      {product.pending ? <span className="card-status">{t(`catalog.status.${product.status}`)}</span> : null}
      {hideWatch ? null : (
        <WatchButton productId={product.id} productName={product.name} className="card-watch" />
      )}
    </div>
  );
}

/** The seller's average rating and count, read out as one sentence. */
function cardSellerRating(rating: { average: number; count: number }, { locale, t }: CardTexts) {
  const average = formatRating(rating.average, locale);
  const label = t("reviews.card.label", { average, count: rating.count });
  return (
    <p className="card-rating" data-testid="card-seller-rating" title={label}>
      <span aria-hidden="true" className="card-star">
        ★
      </span>
      <span aria-hidden="true" className="card-average">
        {average}
      </span>
      <span aria-hidden="true">{`(${rating.count})`}</span>
      <span className="sr-only">{label}</span>
    </p>
  );
}

/** The price (current or starting bid, offers for demands, a struck original on sale) and, for auctions, time left and bids. */
function cardPrice(product: ProductCardData, current: number, texts: CardTexts) {
  const { locale, t, price } = texts;
  const isAuction = product.format === "auction";
  const timeLeft = timeLeftText(product, current, texts);
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
            // The clock is the class's ::before (app.css: icons drawn by CSS).
            <span
              className="card-left"
              data-urgent={(timeLeft.urgent && !product.pending) || undefined}
              data-testid="time-left"
              suppressHydrationWarning
            >
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
  const { locale, t } = useTranslation();
  const texts: CardTexts = { locale, t, price: usePrice() };
  const current = useNow(now);
  return (
    <article
      className="card"
      data-testid="product-card"
      data-product-id={product.id}
      data-format={product.format}
      data-topped={product.topped || undefined}
      data-pending={product.pending || undefined}
    >
      {cardPicture(product, { priority, sizes, hideWatch }, texts)}
      <div className="card-body">
        {product.brandName ? <p className="card-brand">{product.brandName}</p> : null}
        <Heading className="card-name">
          {/* A plain link (SpaLinks navigates in the app and prefetches on intent): issue 18. */}
          <a href={product.url} className="card-link" {...SPA_LINK} data-spa="prefetch">
            {product.name}
          </a>
        </Heading>
        {product.sellerRating ? cardSellerRating(product.sellerRating, texts) : null}
        {cardPrice(product, current, texts)}
      </div>
    </article>
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
        // Past the first, eagerly loaded row the cards are drawn when near (ADR 0152).
        <li key={product.id} style={index < eager ? undefined : renderWhenNear(420)}>
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
