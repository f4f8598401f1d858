import { type SQL, sql } from "drizzle-orm";
import type {
  ProductCardData,
  ProductFormat,
  ProductPage,
  ProductStatus,
  ProductType,
} from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { struckPrice } from "#core/rules/sale.ts";
import { userRatingJoinSql } from "#server/modules/reviews/index.ts";
import { isVerifiedUserSql } from "#server/modules/users/index.ts";
import { type Row, toIso, toNumber } from "./sql-parts.ts";

/** Shown greyed on a card: pending (docs/product/screens.md, "Parts of every page"). */
const PENDING_STATUSES = new Set<ProductStatus>(["awaiting_payment", "ended", "sold", "expired"]);

/** The seller's rating on a card: tenths in integers, as SQL round(avg, 1) does on the profile. */
function sellerRating(row: Row): ProductCardData["sellerRating"] {
  const count = Number(row.seller_review_count ?? 0);
  if (count <= 0) return null;
  return { average: Math.round((Number(row.seller_stars_sum) * 10) / count) / 10, count };
}

/** A product card from a row of `cardSelect`. */
export function toCard(row: Row, locale: Locale): ProductCardData {
  const english = locale === "en";
  const name = String((english && row.name_en) || row.name_cs);
  const format = row.format as ProductFormat;
  const status = row.status as ProductStatus;
  const productSlug = String((english && row.slug_en) || row.slug_cs);
  const categorySlug = String((english && row.category_slug_en) || row.category_slug_cs);
  const price =
    format === "auction"
      ? toNumber(row.current_price_minor ?? row.start_price_minor)
      : toNumber(row.price_minor);
  return {
    id: Number(row.id),
    name,
    url: localePath("product", locale, { id: Number(row.id), category: categorySlug, product: productSlug }),
    image: row.image_file_name
      ? {
          src: `${String(row.image_path).replace(/\/+$/, "")}/${String(row.image_file_name)}`,
          alt: String(row.image_alt || name),
        }
      : null,
    priceMinor: price,
    // The struck-through price follows the sale rule (SALE in SQL).
    originalPriceMinor: struckPrice({
      format,
      isPriceSaleActive: Boolean(row.is_price_sale_active),
      originalPriceMinor: toNumber(row.original_price_minor),
      priceMinor: price,
    }),
    format,
    type: row.type as ProductType,
    status,
    pending: PENDING_STATUSES.has(status),
    topped: Boolean(row.topped),
    endsAt: format === "auction" ? toIso(row.ends_at) : null,
    bidCount: Number(row.bid_count ?? 0),
    sellerVerified: Boolean(row.seller_verified),
    sellerRating: sellerRating(row),
    brandName: (row.brand_name as string | null) ?? null,
  };
}

/**
 * The card columns of the products in a CTE `page` (id, k0, k1… the sort keys), joined to their
 * category, brand, seller and first image; the keys come along for the caller's ORDER BY. The
 * seller's badge and rating are the users' and reviews' SQL, composed in so that a page of cards
 * stays one statement (a listing without a seller is the house's own, shown as verified).
 */
export function cardSelect(now: string, keyCount: number, extra: SQL = sql``): SQL {
  const keys = sql.raw(Array.from({ length: keyCount }, (_, index) => `page.k${index}`).join(", "));
  const rating = userRatingJoinSql(sql`p.seller_id`, "ur");
  return sql`
    select p.id, p.name_cs, p.name_en, p.slug_cs, p.slug_en, p.format, p.type, p.status,
      p.price_minor, p.start_price_minor, p.current_price_minor, p.original_price_minor,
      p.is_price_sale_active, p.ends_at, p.bid_count,
      (p.topped_until is not null and p.topped_until > ${now}::timestamptz and p.demoted_at is null) as topped,
      c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
      b.name as brand_name,
      (p.seller_id is null or ${isVerifiedUserSql(sql`p.seller_id`)}) as seller_verified,
      ${rating.reviewCount} as seller_review_count, ${rating.starsSum} as seller_stars_sum,
      img.path as image_path, img.file_name as image_file_name, img.alt as image_alt,
      ${keys}${extra}
    from page
    join products p on p.id = page.id
    join categories c on c.id = p.category_id
    left join brands b on b.id = p.brand_id
    ${rating.join}
    left join lateral (
      select i.path, i.file_name, i.alt from product_images i
      where i.product_id = p.id order by i.position, i.id limit 1
    ) img on true`;
}

/** A page of cards with its counts (a capped total: at least that many, ADR 0034). */
export function pageOf(
  items: ProductCardData[],
  counted: { total: number; totalCapped?: boolean },
  page: number,
  perPage: number,
): ProductPage {
  const { total } = counted;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return { items, total, page, perPage, pageCount, ...(counted.totalCapped ? { totalCapped: true } : {}) };
}
