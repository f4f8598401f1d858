import { sql } from "drizzle-orm";
import type { ProductFormat, ProductStatus, ProductType } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { isRowId, rowsOf } from "#server/db/rows.ts";
import { categoryColumnSql } from "#server/modules/catalog/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { usernameSql } from "#server/modules/users/index.ts";

/**
 * The reads of "write to the seller" (the page about a product, a profile's list of what a message
 * may be about): moved from listings (issue 35) beside the other read-only queries of the pages;
 * listings keeps `contactSeller`, which opens the conversation. The wiring adds them to the
 * listings' service (server/wiring/listings-and-auctions.ts), so the pages call them as before.
 */

export type ContactTarget = {
  id: number;
  name: string;
  url: string;
  type: ProductType;
  format: ProductFormat;
  sellerName: string;
  own: boolean;
};

/** The product a "write to the seller" page is about; null when it cannot be contacted. */
export async function contactTarget(
  db: Db,
  userId: number,
  productId: number,
  locale: Locale,
): Promise<ContactTarget | null> {
  if (!isRowId(productId)) return null;
  // One statement with the seller's name (the users' SQL); a shop product has no seller to write
  // to, and a seller's account is never deleted (only anonymised), so the name is always there.
  const result = await db.execute(sql`
    select p.id, p.type, p.format, p.name_cs, p.name_en, p.slug_cs, p.slug_en, p.seller_id,
      ${categoryColumnSql("slug_cs", sql`p.category_id`)} as category_slug_cs,
      ${categoryColumnSql("slug_en", sql`p.category_id`)} as category_slug_en,
      ${usernameSql(sql`p.seller_id`)} as username
    from ${products} p
    where p.id = ${productId} and p.seller_id is not null
      and p.status in ('active', 'scheduled', 'ended', 'sold')`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  if (!row) return null;
  const en = locale === "en";
  const pick = (cs: unknown, other: unknown) => (en && other ? String(other) : String(cs));
  return {
    id: Number(row.id),
    name: pick(row.name_cs, row.name_en),
    url: localePath("product", locale, {
      id: Number(row.id),
      category: pick(row.category_slug_cs, row.category_slug_en),
      product: pick(row.slug_cs, row.slug_en),
    }),
    type: row.type as ProductType,
    format: row.format as ProductFormat,
    sellerName: String(row.username),
    own: Number(row.seller_id) === userId,
  };
}

/**
 * What a message to a user may be about, for "write to the seller" on their profile: their listings
 * a message can be about (live, scheduled, ended or sold; as contactSeller takes), live ones first,
 * then the newest. A message is always about a listing (docs/product/messages-and-reviews.md,
 * "Conversations").
 */
export async function contactItems(
  db: Db,
  sellerId: number,
  locale: Locale,
  limit = 100,
): Promise<{ id: number; name: string; status: ProductStatus; format: ProductFormat }[]> {
  if (!isRowId(sellerId)) return [];
  const result = await db.execute(sql`
    select p.id, p.name_cs, p.name_en, p.status, p.format
    from ${products} p
    where p.seller_id = ${sellerId} and p.status in ('active', 'scheduled', 'ended', 'sold')
    order by (p.status = 'active') desc, coalesce(p.ended_at, p.activation_at, p.created_at) desc, p.id desc
    limit ${limit}`);
  const en = locale === "en";
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    name: String((en && row.name_en) || row.name_cs),
    status: row.status as ProductStatus,
    format: row.format as ProductFormat,
  }));
}
