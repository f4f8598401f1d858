import { integer, pgTable, text, unique } from "drizzle-orm/pg-core";

/**
 * How many live products (status active) each combination of the listing's countable filters has:
 * category, format, type, auction duration, brand and package (ADR 0034). Triggers on products
 * keep it (migration 0029): an insert or delete adds or takes away per statement, an update that
 * changes the status or one of these columns moves one product between two rows. A category
 * page's total and its brand and package facets add up a few hundred of these rows instead of
 * counting the products themselves. A row whose count falls to 0 stays (the next listing reuses it).
 */
export const listingCounts = pgTable(
  "listing_counts",
  {
    // No foreign keys: the rows follow the products' own changes (a brand's deletion sets the
    // products' brand to NULL, which the trigger moves), never a cascade of their own.
    categoryId: integer("category_id").notNull(),
    format: text("format").notNull(),
    type: text("type").notNull(),
    auctionDuration: text("auction_duration"),
    brandId: integer("brand_id"),
    packageId: integer("package_id"),
    n: integer("n").notNull().default(0),
  },
  (t) => [
    unique("listing_counts_key")
      .on(t.categoryId, t.format, t.type, t.auctionDuration, t.brandId, t.packageId)
      .nullsNotDistinct(),
  ],
);

/**
 * How many listings each seller has on sale now (status active) and sold, for the seller's card on
 * every product page and the public profile (ADR 0137): one row by key instead of a count that grew
 * with the seller. Triggers keep it like the listing counts (triggers/seller_listing_counts.sql).
 */
export const sellerListingCounts = pgTable("seller_listing_counts", {
  sellerId: integer("seller_id").primaryKey(), // no foreign key: rows follow the products alone
  active: integer("active").notNull().default(0),
  sold: integer("sold").notNull().default(0),
});
