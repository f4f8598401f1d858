import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { productImages, products } from "#server/modules/listings/tables/products.ts";

export type ListingPhoto = { id: number; url: string; width: number | null; height: number | null };

/**
 * A listing's photos in their order, with their ids, and its seller: what the evidence of
 * authenticity checks a slot's photo against and shows (server/modules/listing-evidence). Null
 * when there is no such listing.
 */
export async function listingPhotos(
  db: Db,
  productId: number,
): Promise<{ sellerId: number | null; photos: ListingPhoto[] } | null> {
  const [listing] = await db
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!listing) return null;
  const rows = await db
    .select({
      id: productImages.id,
      path: productImages.path,
      fileName: productImages.fileName,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return {
    sellerId: listing.sellerId,
    photos: rows.map((row) => ({
      id: row.id,
      url: `${row.path.replace(/\/+$/, "")}/${row.fileName}`,
      width: row.width,
      height: row.height,
    })),
  };
}
