import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AuctionDuration, ProductFormat, ProductStatus, ProductType } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import {
  LISTING_FILTER_NAMES,
  LISTING_FILTERS,
  type ListingFilter,
  ownerActions,
} from "#core/lifecycles/listing.ts";
import type { Db } from "#server/db/client.ts";
import { isRowId, rowsOf } from "#server/db/rows.ts";
import { categoryColumnSql } from "#server/modules/catalog/index.ts";
import { watcherCountSql } from "#server/modules/wishlist/index.ts";
import { productImages, products } from "./tables/products.ts";
import { listingSubmissions } from "./tables/submissions.ts";
import type { MyListing } from "./types.ts";

export const MY_LISTINGS_PAGE_SIZE = 20;

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The insertion fee of a listing, when it has one, and whether it is paid. */
function feeOf(row: Record<string, unknown>): MyListing["fee"] {
  const feeMinor = num(row.fee_minor);
  if (feeMinor === null) return null;
  return {
    baseMinor: Number(row.fee_base_minor),
    discountPercent: Number(row.fee_discount_percent),
    discountMinor: Number(row.fee_base_minor) - feeMinor,
    amountMinor: feeMinor,
    paid: row.fee_paid_at !== null && row.fee_paid_at !== undefined,
  };
}

function toMyListing(row: Record<string, unknown>, locale: Locale): MyListing {
  const en = locale === "en";
  const id = Number(row.id);
  const format = row.format as ProductFormat;
  const status = row.status as ProductStatus;
  const bidCount = Number(row.bid_count);
  const fee = feeOf(row);
  return {
    id,
    format,
    type: row.type as ProductType,
    status,
    name: (en && str(row.name_en)) || String(row.name_cs),
    url: localePath("product", locale, {
      id,
      category: (en && str(row.category_slug_en)) || String(row.category_slug_cs),
      product: (en && str(row.slug_en)) || String(row.slug_cs),
    }),
    imageUrl: str(row.image),
    categoryName: (en && str(row.category_name_en)) || String(row.category_name_cs),
    bidCount,
    priceMinor:
      format === "auction"
        ? (num(row.current_price_minor) ?? num(row.start_price_minor))
        : num(row.price_minor),
    startPriceMinor: num(row.start_price_minor),
    reservePriceMinor: num(row.reserve_price_minor),
    watchers: Number(row.watchers ?? 0),
    duration: (row.auction_duration as AuctionDuration | null) ?? null,
    activationAt: iso(row.activation_at),
    endsAt: iso(row.ends_at),
    endedAt: iso(row.ended_at),
    createdAt: iso(row.created_at)!,
    fee,
    actions: ownerActions({
      status,
      format,
      bidCount,
      winnerId: num(row.winner_id),
      feeDue: fee !== null && fee.amountMinor > 0 && !fee.paid,
    }),
    relistedAsId: num(row.relisted_as_id),
    toppedUntil: iso(row.topped_until),
  };
}

async function myListingRows(
  db: Db,
  userId: number,
  where: SQL,
  locale: Locale,
  limit: number,
  offset: number,
) {
  const result = await db.execute(sql`
    select p.id, p.format, p.type, p.status, p.name_cs, p.name_en, p.slug_cs, p.slug_en,
      ${categoryColumnSql("slug_cs", sql`p.category_id`)} as category_slug_cs,
      ${categoryColumnSql("slug_en", sql`p.category_id`)} as category_slug_en,
      ${categoryColumnSql("name_cs", sql`p.category_id`)} as category_name_cs,
      ${categoryColumnSql("name_en", sql`p.category_id`)} as category_name_en, p.bid_count, p.price_minor, p.start_price_minor,
      p.current_price_minor, p.reserve_price_minor, p.auction_duration, p.activation_at, p.ends_at,
      p.ended_at, p.created_at, p.winner_id,
      case when p.topped_until > now() then p.topped_until end as topped_until,
      (select i.path || '/' || i.file_name from ${productImages} i where i.product_id = p.id
        order by i.position, i.id limit 1) as image,
      ${watcherCountSql(sql`p.id`)} as watchers,
      s.fee_base_minor, s.fee_discount_percent, s.fee_minor, s.fee_paid_at,
      (select r.product_id from ${listingSubmissions} r where r.relisted_from_id = p.id
        order by r.product_id desc limit 1) as relisted_as_id
    from ${products} p
    left join ${listingSubmissions} s on s.product_id = p.id
    where p.seller_id = ${userId} and ${where}
    order by p.created_at desc, p.id desc
    limit ${limit} offset ${offset}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => toMyListing(row, locale));
}

/** One of the seller's listings; null when missing or another user's. */
export async function myListing(
  db: Db,
  userId: number,
  id: number,
  locale: Locale,
): Promise<MyListing | null> {
  if (!isRowId(id)) return null;
  const [row] = await myListingRows(db, userId, sql`p.id = ${id}`, locale, 1, 0);
  return row ?? null;
}

/** How many of the seller's listings each filter (a tab) holds. */
async function filterCounts(db: Db, userId: number): Promise<Record<ListingFilter, number>> {
  const countRows = await db
    .select({ status: products.status, count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.sellerId, userId))
    .groupBy(products.status);
  const counts = Object.fromEntries(LISTING_FILTER_NAMES.map((name) => [name, 0])) as Record<
    ListingFilter,
    number
  >;
  for (const row of countRows)
    for (const name of LISTING_FILTER_NAMES) {
      const members = LISTING_FILTERS[name] as readonly ProductStatus[] | null;
      if (members === null || members.includes(row.status)) counts[name] += Number(row.count);
    }
  return counts;
}

/** The seller's listings, newest first, with the count of each filter (the tabs). */
export async function myListings(
  db: Db,
  userId: number,
  options: { filter?: ListingFilter; page?: number },
  locale: Locale,
): Promise<{
  items: MyListing[];
  filter: ListingFilter;
  page: number;
  pages: number;
  counts: Record<ListingFilter, number>;
}> {
  const filter = options.filter ?? "all";
  const statuses = LISTING_FILTERS[filter];
  const counts = await filterCounts(db, userId);
  const pages = Math.max(1, Math.ceil(counts[filter] / MY_LISTINGS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pages);
  const where =
    statuses === null
      ? sql`true`
      : sql`p.status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})`;
  const items = await myListingRows(
    db,
    userId,
    where,
    locale,
    MY_LISTINGS_PAGE_SIZE,
    (page - 1) * MY_LISTINGS_PAGE_SIZE,
  );
  return { items, filter, page, pages, counts };
}

/** The owner's listing locked for a change, or null (missing, or another user's: the same to the caller). */
export async function lockOwn(tx: Db, userId: number, id: number) {
  if (!isRowId(id)) return null;
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, userId)))
    .for("update");
  return row ?? null;
}
