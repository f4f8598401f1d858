import { count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { CatalogProducts } from "#server/modules/catalog/index.ts";
import { refreshSearchText } from "./search/search-index.ts";
import { products } from "./tables/products.ts";

/** The listings' answers to the catalogue's port (catalog/contracts.ts), passed in by server/wiring. */
export const catalogProducts: CatalogProducts = {
  refreshSearchText,
  productCountSql(by: "brand" | "package", id: SQL): SQL {
    const column = by === "brand" ? sql`p.brand_id` : sql`p.package_id`;
    return sql`(select count(*)::int from ${products} p where ${column} = ${id})`;
  },
  async productCountsByCategory(db: Db) {
    const rows = await db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId);
    return rows.map((row) => ({ categoryId: row.categoryId, n: Number(row.n) }));
  },
  async anyProduct(db: Db, where: { categoryId: number } | { packageId: number }) {
    const condition =
      "categoryId" in where
        ? eq(products.categoryId, where.categoryId)
        : eq(products.packageId, where.packageId);
    const [row] = await db.select({ id: products.id }).from(products).where(condition).limit(1);
    return row !== undefined;
  },
  async moveBrand(db: Db, fromId: number, toId: number) {
    const moved = await db
      .update(products)
      .set({ brandId: toId })
      .where(eq(products.brandId, fromId))
      .returning({ id: products.id });
    return moved.map((row) => row.id);
  },
};
