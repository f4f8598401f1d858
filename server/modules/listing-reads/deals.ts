import { and, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { coverImage } from "#server/modules/listings/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import type { SoldDealFacts } from "#server/modules/reviews/index.ts";

/**
 * The user's deals, the sold products where they are the seller or the buyer (the winner) and the
 * other side is another user, newest sale first; a page of them (`offset`, `limit`), or the one
 * about `productId`.
 */
export async function soldDealsOf(
  executor: Db,
  userId: number,
  page: { productId?: number; offset: number; limit: number },
): Promise<SoldDealFacts[]> {
  const rows = await executor
    .select({
      productId: products.id,
      nameCs: products.nameCs,
      nameEn: products.nameEn,
      slugCs: products.slugCs,
      slugEn: products.slugEn,
      categorySlugCs: categories.slugCs,
      categorySlugEn: categories.slugEn,
      image: coverImage,
      sellerId: products.sellerId,
      winnerId: products.winnerId,
      endedAt: products.endedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.status, "sold"),
        isNotNull(products.winnerId),
        isNotNull(products.sellerId),
        ne(products.winnerId, products.sellerId),
        or(eq(products.sellerId, userId), eq(products.winnerId, userId)),
        page.productId === undefined ? undefined : eq(products.id, page.productId),
      ),
    )
    .orderBy(sql`${products.endedAt} desc nulls last`, desc(products.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, sellerId: row.sellerId!, winnerId: row.winnerId! }));
}
