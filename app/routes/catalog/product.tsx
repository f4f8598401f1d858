import { useCallback, useEffect, useMemo } from "react";
import { type ShouldRevalidateFunctionArgs, useFetchers, useRevalidator } from "react-router";
import { ContactSeller } from "#app/features/listings/contact-seller.tsx";
import { AuctionPanel } from "#app/features/product/auction-panel.tsx";
import { DealOfferContext, DeliveryList } from "#app/features/product/bidding/all-in.tsx";
import { type BidActionData, isBidSubmission } from "#app/features/product/bidding/bid-answer.ts";
import { useAuctionLive } from "#app/features/product/bidding/use-auction-live.ts";
import { buyNowAction, isBuyNowRequest } from "#app/features/product/buy-now.server.ts";
import { EvidenceGallery, withoutEvidence } from "#app/features/product/evidence-gallery.tsx";
import { ProductGallery } from "#app/features/product/gallery.tsx";
import { LastViewed, useRecordLastViewed } from "#app/features/product/last-viewed.tsx";
import { Breadcrumbs, StatusBanner } from "#app/features/product/product-info.tsx";
import {
  BidHistory,
  ProductDetails,
  ProductHeading,
  SimilarItems,
} from "#app/features/product/product-sections.tsx";
import { SellerCard } from "#app/features/product/seller-card.tsx";
import { PrintedFrom, ShareButton } from "#app/features/product/share-button.tsx";
import { addToCartAction, isAddToCartRequest } from "#app/features/shop/add-to-cart.server.ts";
import { SellerKindBox } from "#app/features/traders/seller-kind.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { WatchButton } from "#app/ui/product-card/watch-button.tsx";
import { ReportLink } from "#app/ui/report-link.tsx";
import { breadcrumbJsonLd, productJsonLd } from "#app/ui/seo/json-ld.ts";
import { absoluteUrl, metaDescription, seoMeta } from "#app/ui/seo/meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/product";
import { loadProductPage, placeBidAction } from "./product.server.ts";
import { ProductOffer } from "./product-offer.tsx";

/** The states a message can be about (the listings service's contactSeller takes these). */
const CONTACTABLE = ["active", "scheduled", "ended", "sold"];

/**
 * Product detail /{id}/{category}/{product} (/en/...): the canonical URL carries the product's own
 * category slug and its slug in the page's language; any other spelling answers 301 to it.
 */
export const loader = (args: Route.LoaderArgs) => loadProductPage(args);

/** The bid form and its binding confirmation (./product.server.ts), or a shop product's "Do košíku". */
export async function action(args: Route.ActionArgs) {
  if (await isAddToCartRequest(args.request)) return addToCartAction(args);
  if (await isBuyNowRequest(args.request)) return buyNowAction(args);
  return placeBidAction(args);
}

/** A bid's answer and the live stream carry the new state: the rest of the page need not reload. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isBidSubmission(formData)) return false;
  return defaultShouldRevalidate;
}

/** Slugs differ by language: the language switcher takes the product's own paths (no 301 hop). */
export const handle = {
  alternates: (loaderData: Awaited<ReturnType<typeof loader>> | undefined) => loaderData?.product.paths,
};

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product, origin, locale } = loaderData;
  const home = { name: translate(locale, "product.home"), path: localePath("home", locale) };
  const crumbs = [
    home,
    ...product.categoryPath.map((category) => ({ name: category.name, path: category.url })),
    { name: product.name, path: product.url },
  ];
  const kind = translate(locale, `product.format.${product.format}`);
  const title = `${product.name} – ${kind}`;
  const description = metaDescription(
    `${product.name}. ${product.brand ? `${product.brand}, ` : ""}${product.category.name}. ${product.description}`,
  );
  return seoMeta({
    origin,
    locale,
    title,
    description,
    path: product.url,
    alternates: product.paths,
    image: product.images[0]?.url ?? null,
    imageAlt: product.images[0]?.alt,
    imageWidth: product.images[0]?.width,
    imageHeight: product.images[0]?.height,
    type: "product",
    // Unpaid, scheduled and cancelled listings are reachable but not worth a search result.
    noindex: ["awaiting_payment", "scheduled", "cancelled"].includes(product.status),
    jsonLd: [
      productJsonLd(origin, {
        id: product.id,
        name: product.name,
        description: product.description,
        path: product.url,
        images: product.images.map((image) => image.url),
        brand: product.brand,
        categoryNames: product.categoryPath.map((category) => category.name),
        format: product.format,
        type: product.type,
        status: product.status,
        priceMinor: product.priceMinor,
        stock: product.stock,
        seller: product.seller
          ? { username: product.seller.username, profilePath: product.seller.profileUrl }
          : null,
        auction: product.auction,
        attributes: product.attributes,
      }),
      breadcrumbJsonLd(origin, crumbs),
    ],
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Bidding = NonNullable<LoaderData["bidding"]>;

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.bidding ? (
    <LiveAuctionPage
      loaderData={loaderData}
      bidding={loaderData.bidding}
      action={actionData?.intent === "bid" ? actionData : undefined}
    />
  ) : (
    <ProductView loaderData={loaderData} live={null} />
  );
}

/**
 * An auction's page follows the live stream: the auction block and the price history show every
 * bid at once. When the auction is decided (the stream says so) the page reloads its data, so
 * that the status banner, the outcome and the winner's thread link appear.
 */
function LiveAuctionPage({
  loaderData,
  bidding,
  action,
}: {
  loaderData: LoaderData;
  bidding: Bidding;
  action: BidActionData | undefined;
}) {
  // The product's history and the bids placed since it was read; kept while the loader's objects
  // are (the hook takes a new array for a new snapshot).
  const history = loaderData.product.auction?.bids;
  const bids = useMemo(() => [...(history ?? []), ...bidding.newer], [history, bidding.newer]);
  const live = useAuctionLive(bidding.live, bids, bidding.standing);
  const { apply } = live;
  const revalidator = useRevalidator();
  const decided = live.live.status !== "active";
  const loadedDecided = bidding.live.status !== "active";
  // Not while a form of the page is still on its way: "Kup hned" ends the auction, and the stream
  // may say so before the purchase's answer arrives; a reload then would cut off the answer's
  // redirect (on to the buyer's purchases, to pay). The answer's own reload follows anyway.
  const posting = useFetchers().some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    if (decided && !loadedDecided && !posting && revalidator.state === "idle") void revalidator.revalidate();
  }, [decided, loadedDecided, posting, revalidator]);
  useEffect(() => {
    if (action?.status === "accepted") apply(action);
  }, [action, apply]);
  // The countdown ran out: the close job decides within seconds and the stream announces it; if the
  // stream is down, a reload a little later shows the outcome all the same.
  const onTimeUp = useCallback(() => {
    setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 8000);
  }, [revalidator]);
  return (
    <ProductView
      loaderData={loaderData}
      live={{ state: live, action, softCloseMinutes: bidding.softCloseMinutes, onTimeUp }}
    />
  );
}

type Live = {
  state: ReturnType<typeof useAuctionLive>;
  action: BidActionData | undefined;
  softCloseMinutes: number;
  onTimeUp: () => void;
} | null;

function ProductView({ loaderData, live }: { loaderData: LoaderData; live: Live }) {
  const { product, similar, serverNow, evidence } = loaderData;
  const { t, locale } = useTranslation();
  useRecordLastViewed(locale, {
    id: product.id,
    name: product.name,
    url: product.url,
    is_price_sale_active: product.isPriceSaleActive,
    tax_rate: product.taxRate,
    original_price: product.originalPriceMinor,
    image: product.images[0]?.url ?? null,
    price: product.priceMinor ?? 0,
  });
  return (
    <div
      className="container-page pt-5 pb-16 tablet:pt-8"
      data-testid="product-page"
      data-product-id={product.id}
      data-format={product.format}
      data-status={product.status}
      data-images={product.images.length}
      data-bids={product.auction?.bidCount ?? 0}
    >
      <Breadcrumbs
        items={[{ name: t("product.home"), url: localePath("home", locale) }, ...product.categoryPath]}
        current={product.name}
      />
      <div className="mt-5 grid gap-8 desktop:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] desktop:gap-10 widescreen:gap-14">
        <div className={product.isPending ? "opacity-90" : undefined}>
          <ProductGallery
            key={product.id}
            images={withoutEvidence(product.images, evidence)}
            name={product.name}
            dimmed={product.isPending}
          />
        </div>
        <ProductAside loaderData={loaderData} live={live} />
      </div>
      <ProductDetails product={product} />
      {evidence ? <EvidenceGallery evidence={evidence} productId={product.id} /> : null}
      {product.auction && live ? (
        <BidHistory
          state={live.state}
          startedAt={product.activationAt}
          serverNow={serverNow}
          loadedBids={product.auction?.bids}
        />
      ) : null}
      <div data-print="hide">
        <SimilarItems product={product} similar={similar} serverNow={serverNow} />
        <LastViewed excludeId={product.id} className="mt-14" />
      </div>
      <PrintedFrom url={absoluteUrl(loaderData.origin, product.url)} />
    </div>
  );
}

/** The column beside the gallery: the name, the status, the price or auction block, the seller. */
function ProductAside({ loaderData, live }: { loaderData: LoaderData; live: Live }) {
  const { product, viewer, serverNow } = loaderData;
  const watch = <WatchButton productId={product.id} productName={product.name} variant="button" />;
  // "Write to the seller" on every user's listing, auctions before and after their end too (a live
  // classified has it in its price block already; the winner has the link to their conversation).
  // Shop products are sold by the operator: their seller card says so and there is no one to write to.
  const offerPanelContact =
    !(product.auction && live) && product.format !== "shop" && product.status === "active";
  const wonThread = live?.state.standing?.won === true && live.state.standing.threadId !== null;
  const contact =
    product.seller !== null && CONTACTABLE.includes(product.status) && !offerPanelContact && !wonThread;
  return (
    <DealOfferContext value={loaderData.deals}>
      <div className="flex flex-col gap-5">
        <ProductHeading product={product} />
        <StatusBanner product={product} />
        {product.auction && live ? (
          <AuctionPanel
            product={product}
            viewer={viewer}
            serverNow={serverNow}
            watch={watch}
            live={live.state}
            action={live.action}
            softCloseMinutes={live.softCloseMinutes}
            onTimeUp={live.onTimeUp}
          />
        ) : (
          <ProductOffer product={product} watch={watch} />
        )}
        <DeliveryList />
        <SellerCard seller={product.seller} />
        <SellerKindBox seller={loaderData.sellerKind} />
        <div className="flex items-center justify-between gap-3" data-print="hide">
          <ShareButton url={absoluteUrl(loaderData.origin, product.url)} name={product.name} />
          <ReportLink kind="listing" id={product.id} />
        </div>
        {contact ? (
          <ContactSeller
            productId={product.id}
            sellerId={product.seller?.id ?? null}
            demand={product.type === "demand"}
            variant="secondary"
            ownEdit={false}
          />
        ) : null}
      </div>
    </DealOfferContext>
  );
}
