import { and, eq, inArray } from "drizzle-orm";
import type { ProductState } from "#core/contracts/product.ts";
import type { Locale } from "#core/i18n/index.ts";
import { PUBLIC_PAGE_STATUSES } from "#core/lifecycles/listing.ts";
import type { Db } from "#server/db/client.ts";
import { isRowId } from "#server/db/rows.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { productPaths } from "#server/modules/listings/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/** The canonical detail path of a product the public may see, or null. */
export async function canonicalPath(db: Db, id: number, locale: Locale): Promise<string | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select({
      slugCs: products.slugCs,
      slugEn: products.slugEn,
      categorySlugCs: categories.slugCs,
      categorySlugEn: categories.slugEn,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), inArray(products.status, PUBLIC_PAGE_STATUSES)))
    .limit(1);
  return row ? productPaths(id, row)[locale] : null;
}

/** Lifecycle state of the given products (for the watched list), in one query. */
export async function productStates(db: Db, ids: number[]): Promise<Record<number, ProductState>> {
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
}
