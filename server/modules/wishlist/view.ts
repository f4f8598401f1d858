import { desc, eq } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { FollowedProduct, WishlistReads } from "./ports.ts";
import type { WishlistRow } from "./rows.ts";
import { wishlistItems } from "./tables.ts";

/**
 * Products that stay listed once followed: also a cancelled listing, so the watcher sees what
 * happened. Drafts, unpaid, expired (never paid) and rejected listings are never shown.
 */
const LISTED_STATUSES: ProductStatus[] = ["active", "ended", "sold", "cancelled"];

export type WishlistProduct = {
  id: number;
  /** The product's category followed by its ancestors, up to the root. */
  categories: number[];
  name: string;
  /** The detail page path in the requested language. */
  url: string;
  /** Minor units of CZK; null for a classified "by agreement". */
  price: number | null;
  image: string | null;
};

export type WishlistView = {
  id: number;
  site_id: number;
  user_id: number | null;
  temp_id: string;
  items: { id: number; product: WishlistProduct; note: string | null }[];
};

function productOf(product: FollowedProduct, chain: number[] | undefined, locale: Locale): WishlistProduct {
  // Missing English content falls back to Czech (docs/product/screens.md, "Audience and layouts").
  const english = locale === "en";
  const name = english ? product.nameEn || product.nameCs : product.nameCs;
  const productSlug = english ? product.slugEn || product.slugCs : product.slugCs;
  const categorySlug = english ? product.categorySlugEn || product.categorySlugCs : product.categorySlugCs;
  const price =
    product.format === "auction"
      ? (product.currentPriceMinor ?? product.startPriceMinor)
      : product.priceMinor;
  return {
    id: product.id,
    categories: chain ?? [product.categoryId],
    name,
    url: `${english ? "/en" : ""}/${product.id}/${categorySlug}/${productSlug}`,
    price: price ?? null,
    image: product.image,
  };
}

/** A wishlist as the API and the watch page show it: its listed products, newest followed first. */
export async function wishlistView(
  db: Db,
  reads: WishlistReads,
  row: WishlistRow,
  locale: Locale,
): Promise<WishlistView> {
  const items = await db
    .select({ id: wishlistItems.id, note: wishlistItems.note, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, row.id))
    // Newest first: the product just followed is on top.
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  const products = await reads.productSummaries(
    db,
    items.map((item) => item.productId),
  );
  const listed = items.flatMap((item) => {
    const product = products.get(item.productId);
    return product && product.categorySlugCs !== null && LISTED_STATUSES.includes(product.status)
      ? [{ ...item, product }]
      : [];
  });
  const chains = await reads.categoryChains(
    db,
    listed.map((item) => item.product.categoryId),
  );
  return {
    id: row.id,
    site_id: row.siteId,
    user_id: row.userId,
    temp_id: row.tempId ?? "",
    items: listed.map((item) => ({
      id: item.id,
      product: productOf(item.product, chains.get(item.product.categoryId), locale),
      note: item.note,
    })),
  };
}
