import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isRowId, rowsOf } from "#server/db/rows.ts";
import { brandNameSql, categoryColumnSql } from "#server/modules/catalog/index.ts";
import { productPaths } from "#server/modules/listings/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/**
 * What the archive of results (server/modules/sale-results, issue 37) keeps of a sold listing: its
 * names, category, brand and its page in both languages. No seller and no buyer.
 */
export type SaleFacts = {
  nameCs: string;
  nameEn: string | null;
  categoryId: number;
  brand: string | null;
  paths: { cs: string; en: string };
};

/** The sale facts of listings by id (missing ids are left out). */
export async function saleFacts(db: Db, productIds: readonly number[]): Promise<Map<number, SaleFacts>> {
  const ids = [...new Set(productIds.filter(isRowId))];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.id, p.name_cs, p.name_en, p.category_id, p.slug_cs, p.slug_en,
        ${brandNameSql(sql`p.brand_id`)} as brand,
        ${categoryColumnSql("slug_cs", sql`p.category_id`)} as category_slug_cs,
        ${categoryColumnSql("slug_en", sql`p.category_id`)} as category_slug_en
      from ${products} p where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        nameCs: String(row.name_cs),
        nameEn: text(row.name_en),
        categoryId: Number(row.category_id),
        brand: text(row.brand),
        paths: productPaths(Number(row.id), {
          slugCs: String(row.slug_cs),
          slugEn: text(row.slug_en),
          categorySlugCs: String(row.category_slug_cs),
          categorySlugEn: text(row.category_slug_en),
        }),
      },
    ]),
  );
}

/** A sweep's place: the (time, id) of the last row read. */
export type SweepCursor = { at: Date; id: number };

/**
 * Auctions sold after the cursor, oldest first by (ended_at, id): the archive's sweep and backfill
 * (products_ended_at_idx). The hammer price is the leading price the close sold at.
 */
export async function soldAuctionsAfter(
  db: Db,
  after: SweepCursor | null,
  limit: number,
): Promise<{ productId: number; priceMinor: number; at: Date }[]> {
  const from = after ?? { at: new Date(0), id: 0 };
  const rows = rowsOf<{ id: number; price: string | number; ended_at: string | Date }>(
    await db.execute(sql`
      select p.id, coalesce(p.current_price_minor, p.start_price_minor) as price, p.ended_at
      from ${products} p
      where p.ended_at is not null and (p.ended_at, p.id) > (${from.at.toISOString()}::timestamptz, ${from.id}::int)
        and p.format = 'auction' and p.status = 'sold'
      order by p.ended_at, p.id limit ${limit}`),
  );
  return rows.map((row) => ({
    productId: Number(row.id),
    priceMinor: Number(row.price),
    at: new Date(row.ended_at),
  }));
}
