import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type {
  ProductDetail,
  ProductDetailAuction,
  ProductDetailCategory,
  ProductDetailSeller,
} from "#core/contracts/product.ts";
import { NO_BADGES, type TrustBadges } from "#core/contracts/trust-badges.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PUBLIC_PAGE_STATUSES } from "#core/lifecycles/listing.ts";
import { isBidTable, minimumNextBid } from "#core/rules/bid-step.ts";
import { isOnSale, struckPrice } from "#core/rules/sale.ts";
import { pragueDayOf } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import { preparedOnce } from "#server/db/prepared-once.ts";
import { isRowId } from "#server/db/rows.ts";
import { categoryPath } from "#server/modules/catalog/index.ts";
import { brands, categories, packages } from "#server/modules/catalog/tables.ts";
import { maskUsername, pick, productPaths } from "#server/modules/listings/index.ts";
import { sellerListingCounts } from "#server/modules/listings/tables/listing-counts.ts";
import { type Product, productImages, products } from "#server/modules/listings/tables/products.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import type { PageAccount, PageChecks, ProductPagePorts } from "./ports.ts";

const DAY_MS = 24 * 3600 * 1000;

/**
 * The product with its category, brand and package, and its seller's live listings (kept per
 * seller, ADR 0137): prepared once per database (preparedOnce) on the generic-plan sessions
 * (genericPlans, ADR 0050), since its plan (the primary key) is the same for every product:
 * planning it cost twice its run.
 */
const productStatement = preparedOnce((db) =>
  genericPlans(db)
    .select({
      product: products,
      categorySlugCs: categories.slugCs,
      categorySlugEn: categories.slugEn,
      brandName: brands.name,
      packageCs: packages.nameCs,
      packageEn: packages.nameEn,
      activeAdverts: sql<number>`coalesce((select c.active from ${sellerListingCounts} c where c.seller_id = ${products.sellerId}), 0)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(packages, eq(packages.id, products.packageId))
    .where(and(eq(products.id, sql.placeholder("id")), inArray(products.status, PUBLIC_PAGE_STATUSES)))
    .limit(1)
    .prepare("product_page"),
);

async function loadProduct(db: Db, id: number) {
  const [row] = await productStatement(db).execute({ id });
  return row ?? null;
}

type LoadedProduct = NonNullable<Awaited<ReturnType<typeof loadProduct>>>;

/** The product's images: a lookup by the product's index, one generic plan for every product (ADR 0050). */
const imagesStatement = preparedOnce((db) =>
  genericPlans(db)
    .select({
      path: productImages.path,
      fileName: productImages.fileName,
      width: productImages.width,
      height: productImages.height,
      alt: productImages.alt,
    })
    .from(productImages)
    .where(eq(productImages.productId, sql.placeholder("id")))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .prepare("product_page_images"),
);

function loadImages(db: Db, id: number) {
  return imagesStatement(db).execute({ id });
}

type PageBid = Awaited<ReturnType<ProductPagePorts["bidsOf"]>>[number];

/** The auction's visible bids, then the seller and the bidders in one question to the users module. */
async function bidsAndPeople(ports: ProductPagePorts, p: Product) {
  const bids: PageBid[] = p.format === "auction" ? await ports.bidsOf(p.id) : [];
  const ids = [...(p.sellerId ? [p.sellerId] : []), ...bids.map((bid) => bid.userId)];
  return { bids, ...(await ports.people(ids, p.sellerId)) };
}

/**
 * A bidder's badges as others see them: the checks by month, not by day, and neither trader data
 * nor a rating, which would point at the account behind the masked name (docs/product/trust.md,
 * "Badges").
 */
function bidderBadges(checks: PageChecks | undefined, account: PageAccount): TrustBadges {
  return {
    ...NO_BADGES,
    age: checks?.age ? { method: checks.age.method, on: checks.age.on.slice(0, 7) } : null,
    phone: account.verifiedAt ? { on: pragueDayOf(account.verifiedAt).slice(0, 7) } : null,
    completedDeals: checks?.completedDeals ?? 0,
  };
}

function toAuction(
  p: Product,
  bidTable: unknown,
  bids: PageBid[],
  {
    accounts,
    checks,
  }: { accounts: ReadonlyMap<number, PageAccount>; checks: ReadonlyMap<number, PageChecks> },
): ProductDetailAuction {
  const startPriceMinor = p.startPriceMinor ?? 0;
  const currentPriceMinor = p.currentPriceMinor ?? startPriceMinor;
  return {
    duration: p.auctionDuration,
    startPriceMinor,
    currentPriceMinor,
    minimumNextBidMinor: isBidTable(bidTable)
      ? minimumNextBid({ currentPriceMinor, startPriceMinor, bidCount: p.bidCount }, bidTable)
      : null,
    bidCount: p.bidCount,
    endsAt: p.endsAt?.toISOString() ?? null,
    endedAt: p.endedAt?.toISOString() ?? null,
    hasReserve: p.reservePriceMinor !== null,
    reserveMet: p.reservePriceMinor === null || (p.bidCount > 0 && currentPriceMinor >= p.reservePriceMinor),
    bids: bids.flatMap((bid) => {
      const bidder = accounts.get(bid.userId);
      return bidder
        ? [
            {
              id: bid.id,
              amountMinor: bid.amountMinor,
              at: bid.at.toISOString(),
              bidder: maskUsername(bidder.username),
              automatic: bid.automatic,
              badges: bidderBadges(checks.get(bid.userId), bidder),
            },
          ]
        : [];
    }),
  };
}

/** The seller's box: none for the operator's shop, nor for a deleted or blocked account. */
function toSeller(
  p: Product,
  account: PageAccount | undefined,
  rating: { average: number | null; count: number } | null,
  activeAdverts: number,
  locale: Locale,
  checks: PageChecks | undefined,
): ProductDetailSeller | null {
  if (!p.sellerId || !account || account.gone) return null;
  return {
    id: p.sellerId,
    username: account.username,
    verified: account.verifiedAt !== null,
    memberSince: (account.createdAt ?? p.createdAt).toISOString(),
    ratingAverage: rating?.average ?? null,
    ratingCount: rating?.count ?? 0,
    activeAdverts,
    profileUrl: localePath("userProfile", locale, { id: p.sellerId }),
    // The phone and the rating as the box shows them; the other checks from the trust badges.
    badges: {
      ...NO_BADGES,
      ...checks,
      phone: account.verifiedAt ? { on: pragueDayOf(account.verifiedAt) } : null,
      rating:
        rating?.average != null && rating.count > 0 ? { average: rating.average, count: rating.count } : null,
    },
  };
}

function categoryOf(
  row: LoadedProduct,
  chain: ProductDetailCategory[],
  locale: Locale,
): ProductDetailCategory {
  const p = row.product;
  const slug = pick(locale, row.categorySlugCs, row.categorySlugEn);
  return (
    chain[chain.length - 1] ?? {
      id: p.categoryId,
      name: "",
      slug,
      url: localePath("category", locale, { id: p.categoryId, slug }),
    }
  );
}

type PageParts = {
  images: Awaited<ReturnType<typeof loadImages>>;
  chain: ProductDetailCategory[];
  auction: ProductDetailAuction | null;
  seller: ProductDetailSeller | null;
  attributes: ProductDetail["attributes"];
};

function toDetail(row: LoadedProduct, parts: PageParts, locale: Locale, now: Date): ProductDetail {
  const p = row.product;
  const { auction, chain } = parts;
  const name = pick(locale, p.nameCs, p.nameEn);
  const paths = productPaths(p.id, {
    ...p,
    categorySlugCs: row.categorySlugCs,
    categorySlugEn: row.categorySlugEn,
  });
  return {
    id: p.id,
    format: p.format,
    type: p.type,
    status: p.status,
    isPending: p.status !== "active",
    name,
    slug: pick(locale, p.slugCs, p.slugEn),
    description: pick(locale, p.descriptionCs, p.descriptionEn),
    url: paths[locale],
    paths,
    category: categoryOf(row, chain, locale),
    categoryPath: chain,
    brand: row.brandName ?? null,
    package: row.packageCs ? pick(locale, row.packageCs, row.packageEn) : null,
    priceMinor: p.format === "auction" ? (auction?.currentPriceMinor ?? null) : p.priceMinor,
    // A sale is a shop product's (core/rules/sale.ts): an auction with a lowered start shows none.
    originalPriceMinor: struckPrice(p),
    isPriceSaleActive: isOnSale(p),
    taxRate: p.taxRate,
    stock: p.stock,
    activationAt: p.activationAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    daysSinceInsertion: Math.max(0, Math.floor((now.getTime() - p.createdAt.getTime()) / DAY_MS)),
    images: parts.images.map((image) => ({
      url: `${image.path.replace(/\/+$/, "")}/${image.fileName}`,
      width: image.width,
      height: image.height,
      alt: image.alt || name,
    })),
    seller: parts.seller,
    auction,
    attributes: parts.attributes,
  };
}

/**
 * The product detail page's data, read in a fixed handful of queries whatever the number of
 * images or bids: the product with its category, brand and package; then in parallel the images,
 * the bids with the seller's and bidders' accounts, the category chain, the seller's rating and
 * the bid table.
 */
export function createProductPage(db: Db, settings: Pick<SettingsService, "get">, ports: ProductPagePorts) {
  /** Everything the detail page shows about one product, or null when the public may not see it. */
  return async function productDetail(
    id: number,
    locale: Locale,
    now = new Date(),
  ): Promise<ProductDetail | null> {
    if (!isRowId(id)) return null;
    const row = await loadProduct(db, id);
    if (!row) return null;
    const p = row.product;
    const isAuction = p.format === "auction";
    const [images, people, chain, bidTable, attributes] = await Promise.all([
      loadImages(db, id),
      bidsAndPeople(ports, p),
      ports.categoryRows
        ? ports.categoryRows().then((kept) => categoryPath(db, p.categoryId, locale, kept))
        : categoryPath(db, p.categoryId, locale),
      isAuction ? settings.get<unknown>("bid") : Promise.resolve(undefined),
      ports.attributes ? ports.attributes(id, p.categoryId, locale) : Promise.resolve([]),
    ]);
    const account = p.sellerId ? people.accounts.get(p.sellerId) : undefined;
    return toDetail(
      row,
      {
        images,
        chain,
        attributes,
        auction: isAuction ? toAuction(p, bidTable, people.bids, people) : null,
        seller: toSeller(
          p,
          account,
          people.rating,
          Number(row.activeAdverts ?? 0),
          locale,
          p.sellerId ? people.checks.get(p.sellerId) : undefined,
        ),
      },
      locale,
      now,
    );
  };
}
