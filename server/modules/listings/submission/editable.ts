import { asc, eq, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { brands, categories } from "#server/modules/catalog/tables.ts";
import type { ListingsContext } from "../context.ts";
import { myListing } from "../my-listings.ts";
import { rowsOf } from "../sql-rows.ts";
import { productImages, products } from "../tables/products.ts";
import type { EditableListing } from "../types.ts";

/** The stored category is the subcategory; its top-level ancestor is the form's category. */
async function rootCategoryOf(db: Db, categoryId: number): Promise<number> {
  const [category] = await db
    .select({ id: categories.id, parentId: categories.parentId, depth: categories.depth })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!category || category.depth <= 1) return category?.id ?? categoryId;
  const chain = rowsOf<{ id: number }>(
    await db.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, depth from ${categories} where id = ${category.id}
        union all
        select c.id, c.parent_id, c.depth from ${categories} c join up on c.id = up.parent_id where up.depth > 1
      )
      select id from up where depth = 1`),
  );
  return Number(chain[0]?.id ?? category.id);
}

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
  const [brand] = row.brandId
    ? await db.select({ name: brands.name }).from(brands).where(eq(brands.id, row.brandId)).limit(1)
    : [];
  return {
    listing: view,
    input: {
      type: row.type,
      categoryId: rootId,
      subcategoryId: rootId === row.categoryId ? null : row.categoryId,
      brand: brand?.name ?? null,
      packageId: row.packageId ?? 0,
      name: row.nameCs,
      priceMinor: row.format === "auction" ? row.startPriceMinor : row.priceMinor,
      reservePriceMinor: row.reservePriceMinor,
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
