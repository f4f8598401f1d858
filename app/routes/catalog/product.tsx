import { useCallback, useEffect } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { type BidActionData, parseAmount } from "#app/components/bidding/bid-form.tsx";
import { useAuctionLive } from "#app/components/bidding/use-auction-live.ts";
import { ProductGrid } from "#app/components/catalog/product-card.tsx";
import { WatchButton } from "#app/components/catalog/watch-button.tsx";
import { ContactSeller } from "#app/components/listings/contact-seller.tsx";
import { pluralKey } from "#app/components/product/format.ts";
import { ProductGallery } from "#app/components/product/gallery.tsx";
import { LastViewed, useRecordLastViewed } from "#app/components/product/last-viewed.tsx";
import { PriceHistory } from "#app/components/product/price-history.tsx";
import {
  Breadcrumbs,
  ProductDescription,
  ProductProperties,
  StatusBanner,
} from "#app/components/product/product-info.tsx";
import { AuctionPanel, OfferPanel } from "#app/components/product/purchase-panel.tsx";
import { SellerCard } from "#app/components/product/seller-card.tsx";
import { parsePathId, withSearch } from "#app/components/seo/canonical.ts";
import { breadcrumbJsonLd, productJsonLd } from "#app/components/seo/json-ld.ts";
import { metaDescription, seoMeta } from "#app/components/seo/meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { refusalField, refusalMessage } from "#core/contracts/bid-refusal.ts";
import type { BidRefusal } from "#core/contracts/bidding.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { refusalStatus } from "#core/web/refusal-status.ts";
import type { Route } from "./+types/product";

const SIMILAR_COUNT = 4;
/** The states a message can be about (the listings service's contactSeller takes these). */
const CONTACTABLE = ["active", "scheduled", "ended", "sold"];

/**
 * Product detail /{id}/{category}/{product} (/en/...): the canonical URL carries the product's own
 * category slug and its slug in the page's language; any other spelling answers 301 to it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, locale, user, config } = context.get(appContext);
  const id = parsePathId(params.id);
  const product = id ? await services.productPages.productDetail(id, locale) : null;
  if (!product) throw data(null, { status: 404 });
  if (params.category !== product.category.slug || params.product !== product.slug)
    throw redirect(withSearch(product.url, request), 301);

  // Similar items: the same category; a thin leaf borrows from its parent.
  let similar = await services.catalog.listProducts({
    locale,
    categoryId: product.category.id,
    excludeIds: [product.id],
    sort: "newest",
    perPage: SIMILAR_COUNT,
  });
  const parent = product.categoryPath[product.categoryPath.length - 2];
  if (similar.items.length < SIMILAR_COUNT && parent) {
    const more = await services.catalog.listProducts({
      locale,
      categoryId: parent.id,
      excludeIds: [product.id, ...similar.items.map((item) => item.id)],
      sort: "newest",
      perPage: SIMILAR_COUNT - similar.items.length,
    });
    similar = { ...similar, items: [...similar.items, ...more.items] };
  }

  // The live auction block: its state, the history with ids (the live stream continues from the
  // newest), where the viewer stands, and the soft-close window for the hint.
  let bidding: {
    live: NonNullable<Awaited<ReturnType<typeof services.bidding.liveState>>>["live"];
    bids: NonNullable<Awaited<ReturnType<typeof services.bidding.liveState>>>["bids"];
    standing: Awaited<ReturnType<typeof services.bidding.standing>> | null;
    softCloseMinutes: number;
  } | null = null;
  if (product.format === "auction") {
    const [state, standing, rules] = await Promise.all([
      services.bidding.liveState(product.id),
      user ? services.bidding.standing(product.id, user.id) : Promise.resolve(null),
      services.bidding.ruleOptions(),
    ]);
    if (state)
      bidding = {
        live: state.live,
        bids: state.bids,
        standing,
        softCloseMinutes: Math.round((rules?.softCloseMs ?? 120_000) / 60_000),
      };
  }

  return {
    product,
    similar: similar.items,
    bidding,
    viewer: {
      loggedIn: user !== null,
      isSeller: user !== null && product.seller?.id === user.id,
      emailConfirmed: user?.emailConfirmed ?? false,
    },
    serverNow: new Date().toISOString(),
    origin: config.publicUrl,
    locale,
  };
}

/**
 * The bid form (components/bidding/bid-form.tsx): a first POST checks the bid and asks for the
 * binding confirmation; the confirmed one (`confirmed=1`) places it through the bidding service.
 * Refusals come back with their translated reason next to the field.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  const form = await request.formData();
  if (form.get("intent") !== "bid") throw data(null, { status: 400 });
  const id = parsePathId(params.id);
  if (!id) throw data(null, { status: 404 });
  if (!user) {
    const back = new URL(request.url).pathname;
    throw redirect(`${localePath("account", locale)}?redirect=${encodeURIComponent(back)}`);
  }
  const refused = (message: string, field: "amount" | "max" | null, status: number) =>
    data<BidActionData>({ intent: "bid", status: "refused", message, field }, { status });
  const amountMinor = parseAmount(form.get("amount") as string | null);
  const maxText = String(form.get("max") ?? "").trim();
  const maxMinor = maxText === "" ? null : parseAmount(maxText);
  if (amountMinor === null)
    return refused(translate(locale, "bidding.refusal.invalid_amount"), "amount", 422);
  if (maxText !== "" && maxMinor === null)
    return refused(translate(locale, "bidding.refusal.invalid_amount"), "max", 422);

  const input = { productId: id, bidder: user, amountMinor, maxMinor };
  const refusal = (reason: BidRefusal, minimumMinor?: number) =>
    refused(refusalMessage(locale, reason, minimumMinor), refusalField(reason), refusalStatus(reason));
  if (form.get("confirmed") !== "1") {
    const preview = await services.bidding.previewBid(input);
    if (!preview.ok) return refusal(preview.reason, preview.minimumMinor);
    return {
      intent: "bid",
      status: "confirm",
      amountMinor,
      maxMinor,
      raise: preview.raise,
    } satisfies BidActionData;
  }
  const result = await services.bidding.placeBid(input);
  if (!result.ok) return refusal(result.reason, result.minimumMinor);
  return {
    intent: "bid",
    status: "accepted",
    live: result.live,
    bids: result.bids,
    viewer: result.viewer,
    extended: result.extended,
  } satisfies BidActionData;
}

/** A bid's answer and the live stream carry the new state: the rest of the page need not reload. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "bid") return false;
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
      }),
      breadcrumbJsonLd(origin, crumbs),
    ],
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Bidding = NonNullable<LoaderData["bidding"]>;

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.bidding ? (
    <LiveAuctionPage loaderData={loaderData} bidding={loaderData.bidding} action={actionData} />
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
  const live = useAuctionLive(bidding.live, bidding.bids, bidding.standing);
  const { apply } = live;
  const revalidator = useRevalidator();
  const decided = live.live.status !== "active";
  const loadedDecided = bidding.live.status !== "active";
  useEffect(() => {
    if (decided && !loadedDecided && revalidator.state === "idle") void revalidator.revalidate();
  }, [decided, loadedDecided, revalidator]);
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

function ProductView({
  loaderData,
  live,
}: {
  loaderData: LoaderData;
  live: {
    state: ReturnType<typeof useAuctionLive>;
    action: BidActionData | undefined;
    softCloseMinutes: number;
    onTimeUp: () => void;
  } | null;
}) {
  const { product, similar, viewer, serverNow } = loaderData;
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
  const watch = <WatchButton productId={product.id} productName={product.name} variant="button" />;
  const auction = product.auction;
  const lastCategory = product.categoryPath[product.categoryPath.length - 1];
  // "Write to the seller" on every user's listing, auctions before and after their end too (a live
  // classified has it in its price block already; the winner has the link to their conversation).
  // Shop products are sold by the operator: their seller card says so and there is no one to write to.
  const offerPanelContact = !(auction && live) && product.format !== "shop" && product.status === "active";
  const wonThread = live?.state.standing?.won === true && live.state.standing.threadId !== null;
  const contact =
    product.seller !== null && CONTACTABLE.includes(product.status) && !offerPanelContact && !wonThread;

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
            images={product.images}
            name={product.name}
            dimmed={product.isPending}
          />
        </div>

        <div className="flex flex-col gap-5">
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
                <span className="text-sm font-medium tracking-wide text-muted uppercase">
                  {product.brand}
                </span>
              ) : null}
            </div>
            <h1
              className="font-serif text-3xl leading-tight text-ink tablet:text-4xl"
              data-testid="product-name"
            >
              {/* A number and its unit (60 %, 0,7 l) never part at the line end. */}
              {product.name.replace(/(\d) (%|l|cl|ml|ks)(?=$|[\s,.)])/g, "$1\u00a0$2")}
            </h1>
          </header>

          <StatusBanner product={product} />

          {auction && live ? (
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
            <OfferPanel product={product} watch={watch} />
          )}
          <SellerCard seller={product.seller} />
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
      </div>

      <div className="mt-12 grid gap-10 desktop:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] desktop:gap-10 widescreen:gap-14">
        <section aria-labelledby="description-title">
          <h2 id="description-title" className="font-serif text-2xl text-primary-dark">
            {t("product.description.title")}
          </h2>
          <div className="mt-4">
            <ProductDescription text={product.description} />
          </div>
        </section>
        <section aria-labelledby="properties-title">
          <h2 id="properties-title" className="font-serif text-2xl text-primary-dark">
            {t("product.properties.title")}
          </h2>
          <div className="mt-4">
            <ProductProperties product={product} />
          </div>
        </section>
      </div>

      {auction && live ? (
        <section aria-labelledby="history-title" className="mt-12" data-testid="bid-history">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="history-title" className="font-serif text-2xl text-primary-dark">
              {t("product.history.title")}
            </h2>
            <p className="text-sm text-muted" data-testid="bid-history-count">
              {live.state.live.bidCount > 0
                ? t(pluralKey(locale, "product.auction.bids", live.state.live.bidCount), {
                    count: live.state.live.bidCount,
                  })
                : t("product.auction.noBids")}
            </p>
          </div>
          <div className="mt-4">
            <PriceHistory
              bids={live.state.bids}
              startPriceMinor={live.state.live.startPriceMinor}
              startedAt={product.activationAt}
              endAt={
                live.state.live.endedAt ??
                (live.state.live.status === "active" ? serverNow : (live.state.live.endsAt ?? serverNow))
              }
            />
          </div>
        </section>
      ) : null}

      {similar.length > 0 ? (
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
            <ProductGrid products={similar} now={serverNow} />
          </div>
        </section>
      ) : null}

      <LastViewed excludeId={product.id} className="mt-14" />
    </div>
  );
}
