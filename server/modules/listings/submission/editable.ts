import { asc, eq } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { brandById, rootCategoryOf } from "#server/modules/catalog/index.ts";
import type { ListingsContext } from "../context.ts";
import { myListing } from "../my-listings.ts";
import { productImages, products } from "../tables/products.ts";
import type { EditableListing } from "../types.ts";

/** The seller's listing with what the edit page needs; null for a missing or another user's listing. */
export async function editable(
  ctx: Pick<ListingsContext, "db">,
  userId: number,
  id: number,
  locale: Locale,
): Promise<EditableListing | null> {
  const { db } = ctx;
  const view = await myListing(db, userId, id, locale);
  if (!view) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  const imageRows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const rootId = await rootCategoryOf(db, row.categoryId);
  const brand = row.brandId ? await brandById(db, row.brandId) : null;
  return {
    listing: view,
    input: {
      type: row.type,
      format: row.format === "classified" ? "classified" : "auction",
      categoryId: rootId,
      subcategoryId: rootId === row.categoryId ? null : row.categoryId,
      brand: brand?.name ?? null,
      packageId: row.packageId ?? 0,
      name: row.nameCs,
      priceMinor: row.format === "auction" ? row.startPriceMinor : row.priceMinor,
      reservePriceMinor: row.reservePriceMinor,
      buyNowPriceMinor: row.buyNowPriceMinor,
      description: row.descriptionCs,
      images: imageRows.map((image) => image.id),
      activationAt: row.activationAt?.toISOString() ?? null,
      duration: row.auctionDuration,
    },
    images: imageRows.map((image) => ({
      ref: image.id,
      url: `${image.path.replace(/\/+$/, "")}/${image.fileName}`,
      width: image.width,
      height: image.height,
    })),
    locks: {
      afterBid: row.bidCount > 0,
      released: row.status !== "awaiting_payment" && row.status !== "draft",
    },
  };
}
