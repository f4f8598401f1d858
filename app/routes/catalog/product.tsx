import { data, Link, redirect } from "react-router";
import { ProductGrid } from "../../components/catalog/product-card.tsx";
import { WatchButton } from "../../components/catalog/watch-button.tsx";
import { pluralKey } from "../../components/product/format.ts";
import { ProductGallery } from "../../components/product/gallery.tsx";
import { LastViewed, useRecordLastViewed } from "../../components/product/last-viewed.tsx";
import { PriceHistory } from "../../components/product/price-history.tsx";
import {
  Breadcrumbs,
  ProductDescription,
  ProductProperties,
  StatusBanner,
} from "../../components/product/product-info.tsx";
import { AuctionPanel, OfferPanel } from "../../components/product/purchase-panel.tsx";
import { SellerCard } from "../../components/product/seller-card.tsx";
import { parsePathId, withSearch } from "../../components/seo/canonical.ts";
import { breadcrumbJsonLd, productJsonLd } from "../../components/seo/json-ld.ts";
import { metaDescription, seoMeta } from "../../components/seo/meta.ts";
import { appContext } from "../../context.ts";
import { translate } from "../../i18n/index.ts";
import { localePath } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/product";

const SIMILAR_COUNT = 4;

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

  return {
    product,
    similar: similar.items,
    viewer: { loggedIn: user !== null, isSeller: user !== null && product.seller?.id === user.id },
    serverNow: new Date().toISOString(),
    origin: config.publicUrl,
    locale,
  };
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

export default function ProductPage({ loaderData }: Route.ComponentProps) {
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

          {auction ? (
            <AuctionPanel product={product} viewer={viewer} serverNow={serverNow} watch={watch} />
          ) : (
            <OfferPanel product={product} watch={watch} />
          )}
          <SellerCard seller={product.seller} />
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

      {auction ? (
        <section aria-labelledby="history-title" className="mt-12">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="history-title" className="font-serif text-2xl text-primary-dark">
              {t("product.history.title")}
            </h2>
            <p className="text-sm text-muted">
              {auction.bidCount > 0
                ? t(pluralKey(locale, "product.auction.bids", auction.bidCount), { count: auction.bidCount })
                : t("product.auction.noBids")}
            </p>
          </div>
          <div className="mt-4">
            <PriceHistory
              bids={auction.bids}
              startPriceMinor={auction.startPriceMinor}
              startedAt={product.activationAt}
              endAt={
                auction.endedAt ?? (product.status === "active" ? serverNow : (auction.endsAt ?? serverNow))
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
