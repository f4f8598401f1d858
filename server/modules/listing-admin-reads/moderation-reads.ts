import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { categoryById, categoryColumnSql } from "#server/modules/catalog/index.ts";
import { productPaths } from "#server/modules/listings/index.ts";
import { productImages, products } from "#server/modules/listings/tables/products.ts";

/** The moderation queue's reads of listings (the decisions are the listings module's moderation.ts). */
export type ListingForModeration = {
  id: number;
  name: string;
  description: string | null;
  status: ProductStatus;
  format: ProductFormat;
  sellerId: number | null;
  categoryId: number;
  categoryName: string;
  priceMinor: number | null;
  createdAt: Date;
  /** Photo URLs (`/uploads/...`), main first. */
  images: string[];
  /** The public page in Czech (null when its category is gone). */
  href: string | null;
};

export async function listingForModeration(db: Db, id: number): Promise<ListingForModeration | null> {
  const [row] = await db.select({ product: products }).from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const { product } = row;
  const category = await categoryById(db, product.categoryId);
  if (!category) return null;
  const images = await db
    .select({ path: productImages.path, fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return {
    id: product.id,
    name: product.nameCs,
    description: product.descriptionCs,
    status: product.status,
    format: product.format,
    sellerId: product.sellerId,
    categoryId: product.categoryId,
    categoryName: category.nameCs,
    priceMinor: product.priceMinor ?? product.startPriceMinor,
    createdAt: product.createdAt,
    images: images.map((image) => `${image.path.replace(/\/+$/, "")}/${image.fileName}`),
    href: productPaths(product.id, {
      ...product,
      categorySlugCs: category.slugCs,
      categorySlugEn: category.slugEn,
    }).cs,
  };
}

export type ListingInReview = {
  id: number;
  name: string;
  sellerId: number | null;
  categoryName: string;
  createdAt: Date;
};

/** The listings held for pre-moderation, oldest first (a page of them, and their count). */
export async function listingsInReview(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: ListingInReview[]; total: number }> {
  const rows = await db
    .select({
      id: products.id,
      name: products.nameCs,
      sellerId: products.sellerId,
      categoryName: sql<string>`${categoryColumnSql("name_cs", sql`${products.categoryId}`)}`,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.status, "in_review"))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(products).where(eq(products.status, "in_review"));
  return { rows, total: total?.n ?? 0 };
}

/** How many listings a seller has added in all (the moderator's view of their history). */
export async function listingCountOf(db: Db, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.sellerId, sellerId));
  return row?.n ?? 0;
}

/** The seller's listings as rows for the moderator's history panel: newest first. */
export async function recentListingsOf(db: Db, sellerId: number, limit = 10) {
  return db
    .select({
      id: products.id,
      name: products.nameCs,
      status: products.status,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(eq(products.sellerId, sellerId)))
    .orderBy(desc(products.createdAt))
    .limit(limit);
}
