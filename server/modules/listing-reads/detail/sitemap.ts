import { asc, eq, inArray, sql } from "drizzle-orm";
import type { LocalePaths } from "#core/contracts/product.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { productPaths, SITEMAP_PRODUCT_STATUSES } from "#server/modules/listings/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";

export type SitemapEntry = { paths: LocalePaths; updatedAt: Date };

/** Every active category with both languages' paths, for the sitemap. */
export async function sitemapCategories(db: Db): Promise<SitemapEntry[]> {
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
}

/** How many products the sitemap lists, and the newest change among them. */
export async function sitemapProductStats(db: Db): Promise<{ count: number; lastModified: Date | null }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<Date | string | null>`max(${products.updatedAt})` })
    .from(products)
    .where(inArray(products.status, SITEMAP_PRODUCT_STATUSES));
  return { count: Number(row?.n ?? 0), lastModified: row?.last ? new Date(row.last) : null };
}

/** One page of the sitemap's products, by id, with both languages' paths. */
export async function sitemapProducts(
  db: Db,
  { offset = 0, limit = 25_000 }: { offset?: number; limit?: number } = {},
): Promise<SitemapEntry[]> {
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
}
