import { sql } from "drizzle-orm";
import type { ProductStatus, ProductType } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { intArray } from "#server/db/sql-arrays.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/**
 * What the bottlings module matches a listing by and tells its watchers about (issue 37, item 3):
 * names, brand, category, seller and status, by ids, through the caller's executor.
 */
export type ListingMatchFacts = {
  id: number;
  nameCs: string;
  nameEn: string | null;
  brandId: number | null;
  categoryId: number;
  sellerId: number | null;
  status: ProductStatus;
  /** A demand ad ("Sháním") offers no bottle: it is never linked nor announced. */
  type: ProductType;
};

export async function listingMatchFacts(
  executor: Db,
  ids: readonly number[],
): Promise<Map<number, ListingMatchFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({
      id: products.id,
      nameCs: products.nameCs,
      nameEn: products.nameEn,
      brandId: products.brandId,
      categoryId: products.categoryId,
      sellerId: products.sellerId,
      status: products.status,
      type: products.type,
    })
    .from(products)
    // One array parameter whatever the number of ids (server/db/sql-arrays.ts).
    .where(sql`${products.id} = any(${intArray(unique)})`);
  return new Map(rows.map((row) => [row.id, row]));
}
