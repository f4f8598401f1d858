import { and, eq, gt, inArray } from "drizzle-orm";
import type { ProductFormat, ProductStatus, ProductType } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { coverImage } from "#server/modules/listings/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/**
 * What other modules show of a product they refer to (a conversation's product, a notice's link,
 * a followed product, a watchdog's find, a deal to rate, an account page's list): names, slugs,
 * its category's slugs for the URL, its state, prices and end, its parties and its cover image. Read by ids in one statement,
 * through the caller's executor (a transaction where the caller is in one).
 */
export type ProductSummary = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  categoryId: number;
  /** Null only if the category row is missing (the foreign key forbids it). */
  categorySlugCs: string | null;
  categorySlugEn: string | null;
  format: ProductFormat;
  type: ProductType;
  status: ProductStatus;
  priceMinor: number | null;
  startPriceMinor: number | null;
  currentPriceMinor: number | null;
  bidCount: number;
  stock: number;
  sellerId: number | null;
  winnerId: number | null;
  /** The leading bidder the bidding service keeps on the auction; null before the first bid. */
  leaderId: number | null;
  endsAt: Date | null;
  endedAt: Date | null;
  /** The main photo's path (`path/file_name`), or null without photos. */
  image: string | null;
};

/** Ids per statement: far below PostgreSQL's limit on bound parameters. */
const BATCH = 1000;

function batches(ids: number[]): number[][] {
  const unique = [...new Set(ids)];
  const out: number[][] = [];
  for (let i = 0; i < unique.length; i += BATCH) out.push(unique.slice(i, i + BATCH));
  return out;
}

/** A summary's name in the page's language: the English one where it has one, else the Czech. */
export function summaryName(
  product: Pick<ProductSummary, "nameCs" | "nameEn"> | undefined,
  locale: Locale,
): string {
  if (!product) return "";
  return locale === "en" && product.nameEn ? product.nameEn : product.nameCs;
}

/** The products of `ids` that exist, by id. */
export async function productSummaries(executor: Db, ids: number[]): Promise<Map<number, ProductSummary>> {
  const found = new Map<number, ProductSummary>();
  for (const batch of batches(ids)) {
    const rows = await executor
      .select({
        id: products.id,
        nameCs: products.nameCs,
        nameEn: products.nameEn,
        slugCs: products.slugCs,
        slugEn: products.slugEn,
        categoryId: products.categoryId,
        categorySlugCs: categories.slugCs,
        categorySlugEn: categories.slugEn,
        format: products.format,
        type: products.type,
        status: products.status,
        priceMinor: products.priceMinor,
        startPriceMinor: products.startPriceMinor,
        currentPriceMinor: products.currentPriceMinor,
        bidCount: products.bidCount,
        stock: products.stock,
        sellerId: products.sellerId,
        winnerId: products.winnerId,
        leaderId: products.leaderId,
        endsAt: products.endsAt,
        endedAt: products.endedAt,
        image: coverImage,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, batch));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Of `ids`, the products on sale with pieces in stock (a stock watchdog's "back in stock"). */
export async function productsInStock(executor: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const batch of batches(ids)) {
    const rows = await executor
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, batch), eq(products.status, "active"), gt(products.stock, 0)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}
