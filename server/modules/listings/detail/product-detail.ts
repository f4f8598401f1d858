import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type {
  LocalePaths,
  ProductDetail,
  ProductDetailAuction,
  ProductDetailCategory,
  ProductDetailSeller,
  ProductState,
} from "#core/contracts/product.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { isBidTable, minimumNextBid } from "#core/rules/bid-step.ts";
import { isOnSale, struckPrice } from "#core/rules/sale.ts";
import type { Db } from "#server/db/client.ts";
import { bids } from "#server/modules/bidding/tables.ts";
import { reviews } from "#server/modules/reviews/tables.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import { users } from "#server/modules/users/tables.ts";
import { type ProductStatus, productImages, products } from "../tables/products.ts";
import { brands, categories, packages } from "../tables/taxonomy.ts";

/**
 * What a visitor may open on the detail page. Live listings, plus those "pending" (spec: shown but
 * greyed): not yet paid or scheduled, ended, sold, cancelled by the seller. Drafts, rejected and
 * expired (never paid) listings do not exist for the public.
 */
export const DETAIL_STATUSES: ProductStatus[] = [
  "active",
  "scheduled",
  "awaiting_payment",
  "ended",
  "sold",
  "cancelled",
];
/** What the sitemap lists: pages worth indexing (live ones, and finished auctions as price records). */
export const SITEMAP_PRODUCT_STATUSES: ProductStatus[] = ["active", "ended", "sold"];

const DAY_MS = 24 * 3600 * 1000;

export type { ProductDetail, ProductState } from "#core/contracts/product.ts";

export type SitemapEntry = { paths: LocalePaths; updatedAt: Date };

/** `k***l`: enough to tell bidders apart in the history, not enough to identify them. */
export function maskUsername(username: string): string {
  const chars = [...username];
  if (chars.length <= 2) return `${chars[0] ?? "?"}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

const pick = (locale: Locale, cs: string, en: string | null) => (locale === "en" && en ? en : cs);

function productPaths(
  id: number,
  row: { slugCs: string; slugEn: string | null; categorySlugCs: string; categorySlugEn: string | null },
): LocalePaths {
  return {
    cs: localePath("product", "cs", { id, category: row.categorySlugCs, product: row.slugCs }),
    en: localePath("product", "en", {
      id,
      category: row.categorySlugEn || row.categorySlugCs,
      product: row.slugEn || row.slugCs,
    }),
  };
}

/** Rows of a raw `execute` on both drivers (pg returns { rows }, PGlite { rows } too, some versions an array). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The product detail page's data, read in a fixed handful of queries whatever the number of
 * images or bids: the product with its category, brand, package and seller; then in parallel the
 * images, the bids, the category chain and the seller's figures.
 */
export function createProductDetailService(db: Db, settings: Pick<SettingsService, "get">) {
  async function categoryChain(categoryId: number, locale: Locale): Promise<ProductDetailCategory[]> {
    const result = await db.execute(sql`
      with recursive chain(id, parent_id, slug_cs, slug_en, name_cs, name_en, level) as (
        select id, parent_id, slug_cs, slug_en, name_cs, name_en, 0 from ${categories} where id = ${categoryId}
        union all
        select c.id, c.parent_id, c.slug_cs, c.slug_en, c.name_cs, c.name_en, chain.level + 1
        from ${categories} c join chain on c.id = chain.parent_id
        where chain.level < 10
      )
      select id, slug_cs, slug_en, name_cs, name_en from chain order by level desc`);
    return rowsOf<{
      id: number;
      slug_cs: string;
      slug_en: string | null;
      name_cs: string;
      name_en: string | null;
    }>(result).map((row) => {
      const slug = pick(locale, row.slug_cs, row.slug_en);
      const id = Number(row.id);
      return {
        id,
        slug,
        name: pick(locale, row.name_cs, row.name_en),
        url: localePath("category", locale, { id, slug }),
      };
    });
  }

  async function sellerFigures(sellerId: number) {
    const result = await db.execute(sql`
      select
        (select round(avg(stars)::numeric, 1) from ${reviews} where subject_id = ${sellerId}) as rating_average,
        (select count(*)::int from ${reviews} where subject_id = ${sellerId}) as rating_count,
        (select count(*)::int from ${products} where seller_id = ${sellerId} and status = 'active') as active_adverts`);
    const [row] = rowsOf<{
      rating_average: string | number | null;
      rating_count: number;
      active_adverts: number;
    }>(result);
    return {
      ratingAverage:
        row?.rating_average === null || row?.rating_average === undefined ? null : Number(row.rating_average),
      ratingCount: Number(row?.rating_count ?? 0),
      activeAdverts: Number(row?.active_adverts ?? 0),
    };
  }

  return {
    /** Everything the detail page shows about one product, or null when the public may not see it. */
    async productDetail(id: number, locale: Locale, now = new Date()): Promise<ProductDetail | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({
          product: products,
          categorySlugCs: categories.slugCs,
          categorySlugEn: categories.slugEn,
          brandName: brands.name,
          packageCs: packages.nameCs,
          packageEn: packages.nameEn,
          sellerUsername: users.username,
          sellerVerifiedAt: users.verifiedAt,
          sellerCreatedAt: users.createdAt,
          sellerGone: sql<boolean>`(${users.deletedAt} is not null or ${users.blockedAt} is not null)`,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(packages, eq(packages.id, products.packageId))
        .leftJoin(users, eq(users.id, products.sellerId))
        .where(and(eq(products.id, id), inArray(products.status, DETAIL_STATUSES)))
        .limit(1);
      if (!row) return null;
      const p = row.product;
      const isAuction = p.format === "auction";

      const [imageRows, bidRows, chain, figures, bidTable] = await Promise.all([
        db
          .select({
            path: productImages.path,
            fileName: productImages.fileName,
            width: productImages.width,
            height: productImages.height,
            alt: productImages.alt,
          })
          .from(productImages)
          .where(eq(productImages.productId, id))
          .orderBy(asc(productImages.position), asc(productImages.id)),
        isAuction
          ? db
              .select({ amountMinor: bids.amountMinor, createdAt: bids.createdAt, username: users.username })
              .from(bids)
              .innerJoin(users, eq(users.id, bids.userId))
              // A leader's raised maximum (max_raise) is not a bid anyone may see.
              .where(and(eq(bids.productId, id), ne(bids.kind, "max_raise")))
              .orderBy(asc(bids.createdAt), asc(bids.id))
          : Promise.resolve([]),
        categoryChain(p.categoryId, locale),
        p.sellerId ? sellerFigures(p.sellerId) : Promise.resolve(null),
        isAuction ? settings.get<unknown>("bid") : Promise.resolve(undefined),
      ]);

      const name = pick(locale, p.nameCs, p.nameEn);
      const slug = pick(locale, p.slugCs, p.slugEn);
      const paths = productPaths(id, {
        ...p,
        categorySlugCs: row.categorySlugCs,
        categorySlugEn: row.categorySlugEn,
      });
      const category = chain[chain.length - 1] ?? {
        id: p.categoryId,
        name: "",
        slug: pick(locale, row.categorySlugCs, row.categorySlugEn),
        url: localePath("category", locale, {
          id: p.categoryId,
          slug: pick(locale, row.categorySlugCs, row.categorySlugEn),
        }),
      };

      let auction: ProductDetailAuction | null = null;
      if (isAuction) {
        const startPriceMinor = p.startPriceMinor ?? 0;
        const currentPriceMinor = p.currentPriceMinor ?? startPriceMinor;
        auction = {
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
          reserveMet:
            p.reservePriceMinor === null || (p.bidCount > 0 && currentPriceMinor >= p.reservePriceMinor),
          bids: bidRows.map((bid) => ({
            amountMinor: bid.amountMinor,
            at: bid.createdAt.toISOString(),
            bidder: maskUsername(bid.username),
          })),
        };
      }

      const seller: ProductDetailSeller | null =
        p.sellerId && row.sellerUsername && !row.sellerGone
          ? {
              id: p.sellerId,
              username: row.sellerUsername,
              verified: row.sellerVerifiedAt !== null,
              memberSince: (row.sellerCreatedAt ?? p.createdAt).toISOString(),
              ratingAverage: figures?.ratingAverage ?? null,
              ratingCount: figures?.ratingCount ?? 0,
              activeAdverts: figures?.activeAdverts ?? 0,
              profileUrl: localePath("userProfile", locale, { id: p.sellerId }),
            }
          : null;

      return {
        id,
        format: p.format,
        type: p.type,
        status: p.status,
        isPending: p.status !== "active",
        name,
        slug,
        description: pick(locale, p.descriptionCs, p.descriptionEn),
        url: paths[locale],
        paths,
        category,
        categoryPath: chain,
        brand: row.brandName ?? null,
        package: row.packageCs ? pick(locale, row.packageCs, row.packageEn) : null,
        priceMinor: isAuction ? (auction?.currentPriceMinor ?? null) : p.priceMinor,
        // A sale is a shop product's (core/rules/sale.ts): an auction with a lowered start shows none.
        originalPriceMinor: struckPrice(p),
        isPriceSaleActive: isOnSale(p),
        taxRate: p.taxRate,
        stock: p.stock,
        activationAt: p.activationAt?.toISOString() ?? null,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        daysSinceInsertion: Math.max(0, Math.floor((now.getTime() - p.createdAt.getTime()) / DAY_MS)),
        images: imageRows.map((image) => ({
          url: `${image.path.replace(/\/+$/, "")}/${image.fileName}`,
          width: image.width,
          height: image.height,
          alt: image.alt || name,
        })),
        seller,
        auction,
      };
    },

    /** The canonical detail path of a product the public may see, or null. */
    async canonicalPath(id: number, locale: Locale): Promise<string | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({
          slugCs: products.slugCs,
          slugEn: products.slugEn,
          categorySlugCs: categories.slugCs,
          categorySlugEn: categories.slugEn,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.id, id), inArray(products.status, DETAIL_STATUSES)))
        .limit(1);
      return row ? productPaths(id, row)[locale] : null;
    },

    /** Lifecycle state of the given products (for the watched list), in one query. */
    async productStates(ids: number[]): Promise<Record<number, ProductState>> {
      const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
      if (unique.length === 0) return {};
      const rows = await db
        .select({
          id: products.id,
          status: products.status,
          format: products.format,
          endsAt: products.endsAt,
          bidCount: products.bidCount,
        })
        .from(products)
        .where(inArray(products.id, unique));
      return Object.fromEntries(
        rows.map((row) => [row.id, { ...row, endsAt: row.endsAt?.toISOString() ?? null }]),
      );
    },

    /** Every active category with both languages' paths, for the sitemap. */
    async sitemapCategories(): Promise<SitemapEntry[]> {
      const rows = await db
        .select({
          id: categories.id,
          slugCs: categories.slugCs,
          slugEn: categories.slugEn,
          updatedAt: categories.updatedAt,
        })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id));
      return rows.map((row) => ({
        paths: {
          cs: localePath("category", "cs", { id: row.id, slug: row.slugCs }),
          en: localePath("category", "en", { id: row.id, slug: row.slugEn || row.slugCs }),
        },
        updatedAt: row.updatedAt,
      }));
    },

    /** How many products the sitemap lists, and the newest change among them. */
    async sitemapProductStats(): Promise<{ count: number; lastModified: Date | null }> {
      const [row] = await db
        .select({
          n: sql<number>`count(*)::int`,
          last: sql<Date | string | null>`max(${products.updatedAt})`,
        })
        .from(products)
        .where(inArray(products.status, SITEMAP_PRODUCT_STATUSES));
      return { count: Number(row?.n ?? 0), lastModified: row?.last ? new Date(row.last) : null };
    },

    /** One page of the sitemap's products, by id, with both languages' paths. */
    async sitemapProducts({
      offset = 0,
      limit = 25_000,
    }: {
      offset?: number;
      limit?: number;
    } = {}): Promise<SitemapEntry[]> {
      const rows = await db
        .select({
          id: products.id,
          slugCs: products.slugCs,
          slugEn: products.slugEn,
          categorySlugCs: categories.slugCs,
          categorySlugEn: categories.slugEn,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(inArray(products.status, SITEMAP_PRODUCT_STATUSES))
        .orderBy(asc(products.id))
        .offset(offset)
        .limit(limit);
      return rows.map((row) => ({ paths: productPaths(row.id, row), updatedAt: row.updatedAt }));
    },
  };
}

export type ProductDetailService = ReturnType<typeof createProductDetailService>;
