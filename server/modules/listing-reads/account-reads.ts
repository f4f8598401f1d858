import { and, eq, inArray, sql } from "drizzle-orm";
import type { ProductFormat, ProductStatus } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PUBLIC_PAGE_STATUSES } from "#core/lifecycles/listing.ts";
import type { Db } from "#server/db/client.ts";
import { sellerListingCounts } from "#server/modules/listings/tables/listing-counts.ts";
import { productStatusChanges, products } from "#server/modules/listings/tables/products.ts";
import { type ProductSummary, productSummaries } from "./product-summaries.ts";

/**
 * The reads of listings the account pages need (users: the overview, the public profile, the
 * listing quota and the data export), so that no other module reads the catalogue's tables.
 */

/** A listing as another module shows it in a list: its name and page, and where it stands. */
export type LinkedListing = {
  id: number;
  /**
   * In the asked language; missing English content falls back to Czech (docs/product/screens.md,
   * "Audience and layouts").
   */
  name: string;
  url: string;
  status: ProductStatus;
  format: ProductFormat;
  endsAt: Date | null;
  currentPriceMinor: number | null;
  winnerId: number | null;
  /** The leading bidder the bidding service keeps on the auction; null before the first bid. */
  leaderId: number | null;
  /** Whether the listing's page is public, so a link to it may be shown. */
  publicPage: boolean;
};

const validIds = (ids: number[]) => [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);

/** A product summary named and linked in the language asked; null without its category. */
function linkedListing(summary: ProductSummary, locale: Locale): LinkedListing | null {
  if (summary.categorySlugCs === null) return null;
  const en = locale === "en";
  return {
    id: summary.id,
    name: (en && summary.nameEn) || summary.nameCs,
    url: localePath("product", locale, {
      id: summary.id,
      category: (en && summary.categorySlugEn) || summary.categorySlugCs,
      product: (en && summary.slugEn) || summary.slugCs,
    }),
    status: summary.status,
    format: summary.format,
    endsAt: summary.endsAt,
    currentPriceMinor: summary.currentPriceMinor,
    winnerId: summary.winnerId,
    leaderId: summary.leaderId,
    publicPage: PUBLIC_PAGE_STATUSES.includes(summary.status),
  };
}

export function createAccountListingReads(db: Db) {
  return {
    /** The listings' Czech names by id (the catalogue's own language), as the data export shows them. */
    async productNames(ids: number[]): Promise<Map<number, string>> {
      const unique = validIds(ids);
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, name: products.nameCs })
        .from(products)
        .where(inArray(products.id, unique));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /**
     * The listings by id, named and linked in the language asked: the product summaries other
     * modules read (product-summaries.ts), in one statement, as the account pages show them.
     */
    async productSummaries(ids: number[], locale: Locale): Promise<Map<number, LinkedListing>> {
      const found = await productSummaries(db, validIds(ids));
      const linked = new Map<number, LinkedListing>();
      for (const summary of found.values()) {
        const listing = linkedListing(summary, locale);
        if (listing) linked.set(listing.id, listing);
      }
      return linked;
    },

    /**
     * A seller's figures on the public profile: listings on sale now, and sold ones (kept per
     * seller by triggers, ADR 0137; a seller who never had either has no row).
     */
    async sellerFigures(sellerId: number): Promise<{ activeAdverts: number; soldCount: number }> {
      const [row] = await db
        .select({ active: sellerListingCounts.active, sold: sellerListingCounts.sold })
        .from(sellerListingCounts)
        .where(eq(sellerListingCounts.sellerId, sellerId));
      return { activeAdverts: row?.active ?? 0, soldCount: row?.sold ?? 0 };
    },
  };
}

export type AccountListingReads = ReturnType<typeof createAccountListingReads>;

/**
 * How many listings count against a seller's free quota (docs/product/accounts.md, "Listing quota";
 * users/listing-quota.ts): every listing ever submitted, whatever became of it; not drafts, nor
 * drafts cancelled before they were submitted (no status change of theirs ever went beyond draft).
 * Given a transaction, it counts inside it (the quota check locks the account first).
 */
export async function submittedListingCount(executor: Db, sellerId: number): Promise<number> {
  const submittedOnce = sql`exists (select 1 from ${productStatusChanges} c where c.product_id = ${products.id} and c.to_status not in ('draft', 'cancelled'))`;
  const [row] = await executor
    .select({ used: sql<number>`count(*)::int` })
    .from(products)
    .where(
      and(
        eq(products.sellerId, sellerId),
        sql`${products.status} <> 'draft'`,
        sql`(${products.status} <> 'cancelled' or ${submittedOnce})`,
      ),
    );
  return row?.used ?? 0;
}
