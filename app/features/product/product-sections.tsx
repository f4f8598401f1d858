import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ProductGrid } from "#app/ui/product-card/product-card.tsx";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import type { ProductDetail, ProductDetailBid } from "#core/contracts/product.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { AttributesTable } from "./attributes-table.tsx";
import type { LiveAuction } from "./bidding/use-auction-live.ts";

import { PriceHistory } from "./price-history.tsx";
import { ProductDescription, ProductProperties } from "./product-info.tsx";

/** The sections of the product detail page (app/routes/catalog/product.tsx), top to bottom. */

/** The format badge, the demand badge and the brand, then the name. */
export function ProductHeading({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="rounded-full bg-primary-dark px-3 py-1 text-xs font-semibold tracking-wide text-white"
          data-testid="product-format-badge"
        >
          {t(`product.format.${product.format}`)}
        </span>
        {product.type === "demand" ? (
          <span className="rounded-full bg-secondary px-3 py-1 text-xs font-semibold tracking-wide text-ink">
            {t("product.type.demand")}
          </span>
        ) : null}
        {product.brand ? (
          <span className="text-sm font-medium tracking-wide text-muted uppercase">{product.brand}</span>
        ) : null}
      </div>
      <h1 className="font-serif text-3xl leading-tight text-ink tablet:text-4xl" data-testid="product-name">
        {/* A number and its unit (60 %, 0,7 l) never part at the line end. */}
        {product.name.replace(/(\d) (%|l|cl|ml|ks)(?=$|[\s,.)])/g, "$1\u00a0$2")}
      </h1>
    </header>
  );
}

const GRID = "grid gap-10 desktop:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] desktop:gap-10 widescreen:gap-14";

/** The description and the properties, side by side on a wide screen. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  return (
    <div className={`mt-12 ${GRID}`}>
      <section aria-labelledby="description-title">
        <h2 id="description-title" className="font-serif text-2xl text-primary-dark">
          {t("product.description.title")}
        </h2>
        <div className="mt-4">
          <ProductDescription text={product.description} />
        </div>
      </section>
      <div className="flex flex-col gap-10">
        <AttributesTable rows={product.attributes} />
        <section aria-labelledby="properties-title">
          <h2 id="properties-title" className="font-serif text-2xl text-primary-dark">
            {t("product.properties.title")}
          </h2>
          <div className="mt-4">
            <ProductProperties product={product} />
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * The live bids with the badges the page loaded for the same bids: both lists are the auction's
 * visible bids, so a bid's instant and amount find it (the live stream sends no badges).
 */
function withBadges(bids: LiveAuction["bids"], loaded: ProductDetailBid[]) {
  if (loaded.length === 0) return bids;
  const byBid = new Map(loaded.map((bid) => [bid.id, bid.badges]));
  return bids.map((bid) => ({ ...bid, badges: byBid.get(bid.id) }));
}

/** An auction's bids as a chart and a list, live. */
export function BidHistory({
  state,
  startedAt,
  serverNow,
  loadedBids = [],
}: {
  state: LiveAuction;
  startedAt: ProductDetail["activationAt"];
  serverNow: string;
  /** The bids as the page loaded them, with their bidders' badges (issue 36); live ones come without. */
  loadedBids?: ProductDetailBid[];
}) {
  const { t, locale } = useTranslation();
  const { live } = state;
  return (
    <section aria-labelledby="history-title" className="mt-12" data-testid="bid-history">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="history-title" className="font-serif text-2xl text-primary-dark">
          {t("product.history.title")}
        </h2>
        <p className="text-sm text-muted" data-testid="bid-history-count">
          {live.bidCount > 0
            ? t(pluralKey(locale, "product.auction.bids", live.bidCount), { count: live.bidCount })
            : t("product.auction.noBids")}
        </p>
      </div>
      <div className="mt-4">
        <PriceHistory
          bids={withBadges(state.bids, loadedBids)}
          startPriceMinor={live.startPriceMinor}
          startedAt={startedAt}
          endAt={live.endedAt ?? (live.status === "active" ? serverNow : (live.endsAt ?? serverNow))}
        />
      </div>
    </section>
  );
}

/** Similar items, with a link to the product's category. */
export function SimilarItems({
  product,
  similar,
  serverNow,
}: {
  product: ProductDetail;
  similar: ProductCardData[];
  serverNow: string;
}) {
  const { t } = useTranslation();
  if (similar.length === 0) return null;
  const lastCategory = product.categoryPath[product.categoryPath.length - 1];
  return (
    <section aria-labelledby="similar-title" className="mt-14" data-testid="similar-items">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="similar-title" className="font-serif text-2xl text-primary-dark">
          {t("product.similar.title")}
        </h2>
        {lastCategory ? (
          <Link to={lastCategory.url} className="text-sm font-medium text-primary-dark hover:underline">
            {t("product.similar.all", { name: lastCategory.name })} →
          </Link>
        ) : null}
      </div>
      <div className="mt-5">
        {/* Below the fold: no card is loaded eagerly, so nothing competes with the gallery's
            first picture, the page's LCP element (issue 18). */}
        <ProductGrid products={similar} now={serverNow} eager={0} />
      </div>
    </section>
  );
}
