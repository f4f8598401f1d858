import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import {
  AUCTION_DURATIONS,
  PRODUCT_FORMATS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
} from "#core/contracts/catalog.ts";
import { between, createdAt, money, nonNegative, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { idBucketsVector } from "#server/db/id-buckets.ts";
import { brandKey, categoryKey, packageKey } from "#server/modules/catalog/keys.ts";
import { userKey } from "#server/modules/users/keys.ts";

/** PostgreSQL's tsvector, as its text form (only the database reads it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Everything a visitor can browse: auctions, classifieds (both sold by users) and the operator's
 * shop products (seller_id NULL). All money in CZK minor units.
 */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    format: text("format", { enum: PRODUCT_FORMATS }).notNull(),
    type: text("type", { enum: PRODUCT_TYPES }).notNull().default("supply"),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    sellerId: integer("seller_id").references(userKey, { onDelete: "restrict" }),
    categoryId: integer("category_id").notNull().references(categoryKey, { onDelete: "restrict" }),
    brandId: integer("brand_id").references(brandKey, { onDelete: "set null" }),
    packageId: integer("package_id").references(packageKey, { onDelete: "set null" }),
    nameCs: text("name_cs").notNull(),
    nameEn: text("name_en"),
    slugCs: text("slug_cs").notNull(),
    slugEn: text("slug_en"),
    descriptionCs: text("description_cs").notNull().default(""),
    descriptionEn: text("description_en"),
    /** Lower-cased, unaccented name, brand, category and description, computed in code for full-text search. */
    searchText: text("search_text").notNull().default(""),
    /**
     * search_text parsed once, when it is written (ADR 0038): search matches and rechecks this
     * instead of parsing every hit's text again on each query.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`strip(to_tsvector('simple'::regconfig, search_text))`,
    ),
    /** The names alone, normalised like search_text, words split by single spaces: search ranks by them. */
    searchName: text("search_name").notNull().default(""),
    /** Classified: NULL = price by agreement (dohodou). Shop: the selling price. Unused for auctions. */
    priceMinor: money("price_minor"),
    /** Auction: the opening price; the first bid may equal it. */
    startPriceMinor: money("start_price_minor"),
    /** Auction: the leading price; NULL until the first bid. */
    currentPriceMinor: money("current_price_minor"),
    /** Auction: a hidden minimum; below it the auction ends without a winner. NULL = none. */
    reservePriceMinor: money("reserve_price_minor"),
    /**
     * Shop: the price before the sale. Shown struck through, and listed under sale
     * (/produkty/akce), while is_price_sale_active and the price is below it (core/rules/sale.ts).
     * Auctions and classifieds are never on sale, whatever these two columns hold.
     */
    originalPriceMinor: money("original_price_minor"),
    isPriceSaleActive: boolean("is_price_sale_active").notNull().default(false),
    /** VAT percent included in the price. */
    taxRate: integer("tax_rate").notNull().default(21),
    /** Shop: pieces in stock; 0 = sold out. Not used by user listings. */
    stock: integer("stock").notNull().default(0),
    /** Auction: the buy-it-now price (docs/product/auctions.md, "Buy it now"); NULL = none. */
    buyNowPriceMinor: money("buy_now_price_minor"),
    auctionDuration: text("auction_duration", { enum: AUCTION_DURATIONS }),
    /** Monthly auction: its round and place in the close order, drawn 24 h before (ADR 0109). */
    closeRoundAt: timestamptz("close_round_at"),
    closeSlot: integer("close_slot"),
    /** When the listing goes live (chosen by the seller; default now). */
    activationAt: timestamptz("activation_at"),
    /** Auction: planned end, moved by soft close. Classified: expiry. */
    endsAt: timestamptz("ends_at"),
    /** When the auction was actually closed (decided once). */
    endedAt: timestamptz("ended_at"),
    bidCount: integer("bid_count").notNull().default(0),
    /**
     * Auction: the listings' copy of current_price_minor and bid_count (ADR 0053), the only one in
     * the listing indexes, so that a bid's update of the row is a HOT update (no index entries).
     * An insert copies them (trigger, migration 0037); a bid leaves the copy behind and the bidding
     * module brings it up to date within about a second (bid_listed_copy()). Only the listings'
     * price filter and their price and bid-count sorts read it; everything shown reads the live columns.
     */
    listedPriceMinor: money("listed_price_minor"),
    listedBidCount: integer("listed_bid_count").notNull().default(0),
    winnerId: integer("winner_id").references(userKey, { onDelete: "set null" }),
    /**
     * Auction: the leading bidder's standing proxy maximum (hidden) and when it was set (ties go to
     * the earlier one). The bidding service reads them with the row lock it already holds, so a bid
     * never has to scan the history (server/modules/bidding).
     */
    leaderId: integer("leader_id").references(userKey, { onDelete: "restrict" }),
    leaderMaxMinor: money("leader_max_minor"),
    leaderSince: timestamptz("leader_since"),
    /** Auction: the newest bid row; the live stream and its Last-Event-ID replay count from it. */
    lastBidId: integer("last_bid_id"),
    /** Auction: when the watchers were told it ends within the hour (sent once). */
    endingNoticeAt: timestamptz("ending_notice_at"),
    /** Promotion (topovat): highlighted and sorted first until then. */
    toppedUntil: timestamptz("topped_until"),
    /**
     * A moderator's "demote" (DSA restriction of visibility): the listing stays live and reachable
     * by its URL, but out of search, out of top placement and the home page's promoted spots.
     * Not a status: the lifecycle goes on; a reversed decision clears it.
     */
    demotedAt: timestamptz("demoted_at"),
    views: integer("views").notNull().default(0),
    /** Set when a user reports the listing; cleared by moderation. */
    reportedAt: timestamptz("reported_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_status_created_idx").on(t.categoryId, t.status, t.createdAt),
    index("products_status_ends_at_idx").on(t.status, t.endsAt),
    index("products_status_created_at_idx").on(t.status, t.createdAt),
    // The back office's week figures: listings placed per day, auctions closed per day.
    index("products_created_at_idx").on(t.createdAt),
    index("products_ended_at_idx").on(t.endedAt).where(sql`${t.endedAt} is not null`),
    index("products_format_status_ends_at_idx").on(t.format, t.status, t.endsAt),
    index("products_close_round_idx")
      .on(t.closeRoundAt, t.closeSlot)
      .where(sql`${t.closeRoundAt} is not null`),
    // The daily and monthly auctions pages in their order (24 rows read; a round's lots end at one instant).
    index("products_auction_ending_idx")
      .on(t.auctionDuration, t.endsAt, sql`coalesce(${t.activationAt}, ${t.createdAt}) desc`, t.id)
      .where(sql`${t.status} = 'active' and ${t.format} = 'auction'`),
    // Their promoted lots in the same order (ordered-page.ts, promotedNow): a few hundred rows.
    index("products_promoted_auction_ending_idx")
      .on(t.auctionDuration, t.endsAt, sql`coalesce(${t.activationAt}, ${t.createdAt}) desc`, t.id)
      .where(sql`${t.status} = 'active' and ${t.format} = 'auction' and ${t.toppedUntil} is not null`),
    // The minute's sweep (listing-reads, roundsAwaitingSlots): the monthly lots still without a close slot, by end.
    index("products_unslotted_round_idx")
      .on(t.endsAt)
      .where(
        sql`${t.format} = 'auction' and ${t.auctionDuration} = 'month' and ${t.closeRoundAt} is null and ${t.status} in ('active', 'scheduled')`,
      ),
    // The watchdogs' minute (listing-reads, suppliesLiveBetween): the newest live offers of every category.
    index("products_live_supply_newest_idx")
      .on(sql`coalesce(${t.activationAt}, ${t.createdAt}) desc`, t.id)
      .where(sql`${t.status} = 'active' and ${t.type} = 'supply'`),
    index("products_seller_status_idx").on(t.sellerId, t.status),
    index("products_winner_id_idx").on(t.winnerId),
    index("products_topped_until_idx").on(t.toppedUntil),
    index("products_brand_id_idx").on(t.brandId),
    // Search reads live products only (migration 0003): a partial index, a third smaller. It indexes
    // the stored vector (ADR 0038) and, as a second column, the id's buckets (ADR 0143): a search's
    // stretch of ids is found inside the index (listing-reads, newest-hits.ts).
    index("products_live_search_idx")
      .using("gin", t.searchVector, sql`(${idBucketsVector(sql`${t.id}`)})`)
      .where(sql`${t.status} = 'active'`),
    // Listing pages in "newest" order (ADR 0034): one category's live products, newest first, so
    // a page reads its 24 rows and stops; the promoted ones likewise from their own index (the
    // expired promotions among them are skipped on the way). Migration 0074 (ADR 0134) adds
    // INCLUDE (activation_at, created_at, topped_until, demoted_at) to both, which Drizzle's index
    // builder cannot say: the page's reads are Index Only Scans.
    index("products_listing_newest_idx")
      .on(t.categoryId, sql`coalesce(${t.activationAt}, ${t.createdAt}) desc`, t.id)
      .where(sql`${t.status} = 'active'`),
    index("products_listing_promoted_newest_idx")
      .on(t.categoryId, sql`coalesce(${t.activationAt}, ${t.createdAt}) desc`, t.id)
      .where(sql`${t.status} = 'active' and ${t.toppedUntil} is not null`),
    check("products_format_check", oneOf(t.format, PRODUCT_FORMATS)),
    check("products_type_check", oneOf(t.type, PRODUCT_TYPES)),
    check("products_status_check", oneOf(t.status, PRODUCT_STATUSES)),
    check("products_auction_duration_check", oneOf(t.auctionDuration, AUCTION_DURATIONS)),
    // Shop products belong to the operator; user listings to a user.
    check("products_seller_check", sql`(${t.format} = 'shop') = (${t.sellerId} is null)`),
    // A demand ad is always a classified (docs/product/auctions.md, "One catalogue, three ways of selling").
    check("products_demand_check", sql`${t.type} = 'supply' or ${t.format} = 'classified'`),
    check("products_price_minor_check", nonNegative(t.priceMinor)),
    check("products_start_price_minor_check", nonNegative(t.startPriceMinor)),
    check("products_current_price_minor_check", nonNegative(t.currentPriceMinor)),
    check("products_reserve_price_minor_check", nonNegative(t.reservePriceMinor)),
    check("products_buy_now_price_minor_check", nonNegative(t.buyNowPriceMinor)),
    check("products_original_price_minor_check", nonNegative(t.originalPriceMinor)),
    check("products_tax_rate_check", between(t.taxRate, 0, 100)),
    check("products_stock_check", nonNegative(t.stock)),
    check("products_bid_count_check", nonNegative(t.bidCount)),
    check("products_views_check", nonNegative(t.views)),
    check("products_leader_max_minor_check", nonNegative(t.leaderMaxMinor)),
  ],
);

/** Product photos; position 0 is the main image. Files live in storage under `path/file_name`. */
export const productImages = pgTable(
  "product_images",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    path: text("path").notNull(),
    fileName: text("file_name").notNull(),
    width: integer("width"),
    height: integer("height"),
    alt: text("alt"),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_id_idx").on(t.productId, t.position)],
);

/** Audit of the listing lifecycle: every transition, who made it and why (e.g. a rejection reason). */
export const productStatusChanges = pgTable(
  "product_status_changes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** NULL for the creation of the product. */
    fromStatus: text("from_status", { enum: PRODUCT_STATUSES }),
    toStatus: text("to_status", { enum: PRODUCT_STATUSES }).notNull(),
    /** NULL = the system (a job, a payment). */
    actorId: integer("actor_id").references(userKey, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_status_changes_product_id_idx").on(t.productId, t.createdAt),
    check("product_status_changes_from_status_check", oneOf(t.fromStatus, PRODUCT_STATUSES)),
    check("product_status_changes_to_status_check", oneOf(t.toStatus, PRODUCT_STATUSES)),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
