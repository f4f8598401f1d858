import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { FILL_LEVELS } from "#core/contracts/listing-evidence.ts";
import { SALE_RESULT_KINDS } from "#core/contracts/sale-results.ts";
import { createdAt, money, oneOf, timestamptz } from "#server/db/columns.ts";
import { categoryKey } from "../catalog/keys.ts";
import { productKey } from "../listings/keys.ts";

/** PostgreSQL's tsvector, as its text form (only the database reads it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The archive of results (issue 37, item 4; docs/product/results.md; ADR 0092): one ended auction
 * with a winner or one completed deal, with its final price, date and fill level, and what the
 * archive searches. One row per listing and kind, whoever records it how often (a close's hook, the
 * sweep, the backfill). No seller or buyer is kept here: the archive never shows them.
 */
export const saleResults = pgTable(
  "sale_results",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "cascade" }),
    kind: text("kind", { enum: SALE_RESULT_KINDS }).notNull(),
    categoryId: integer("category_id").notNull().references(categoryKey, { onDelete: "restrict" }),
    /** The bottling the listing is linked to (the bottlings module's id; relinked and merged by it). */
    bottlingId: integer("bottling_id"),
    /** The listing's name at the sale, in both languages where it had them. */
    nameCs: text("name_cs").notNull(),
    nameEn: text("name_en"),
    /** The ended listing's page (it stays), in both languages. */
    pathCs: text("path_cs").notNull(),
    pathEn: text("path_en").notNull(),
    /** The hammer price or the deal's price, CZK minor units. */
    priceMinor: money("price_minor").notNull(),
    /** The auction's end or the deal's completion. */
    soldAt: timestamptz("sold_at").notNull(),
    fillLevel: text("fill_level", { enum: FILL_LEVELS }),
    /** Names, brand and category path, lower-cased and unaccented (catalog's searchText). */
    searchText: text("search_text").notNull(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`strip(to_tsvector('simple'::regconfig, search_text))`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sale_results_product_kind_unique").on(t.productId, t.kind),
    // The archive's default order (newest first) and its date range.
    index("sale_results_sold_at_idx").on(t.soldAt.desc(), t.id.desc()),
    // A category's branch, newest first (category_id in (...) and the date order).
    index("sale_results_category_sold_at_idx").on(t.categoryId, t.soldAt.desc()),
    // The price order and a price range.
    index("sale_results_price_idx").on(t.priceMinor, t.id),
    // A bottling's results (keyset pages in (sold_at, id) order) and its monthly chart, and the
    // index job's repeat sales. The price is its last column: the chart reads the index only, not
    // the rows of a bottling's thousand results (bench/README.md, the bottling page at scale).
    index("sale_results_bottling_idx")
      .on(t.bottlingId, t.soldAt, t.id, t.priceMinor)
      .where(sql`${t.bottlingId} is not null`),
    index("sale_results_search_vector_idx").using("gin", t.searchVector),
    check("sale_results_kind_check", oneOf(t.kind, SALE_RESULT_KINDS)),
    check("sale_results_fill_level_check", oneOf(t.fillLevel, FILL_LEVELS)),
    check("sale_results_price_minor_check", sql`${t.priceMinor} > 0`),
  ],
);

/** Where the sweep of each source (sold auctions, completed deals) has got to: (at, id) of the last row read. */
export const saleResultCursors = pgTable("sale_result_cursors", {
  source: text("source").primaryKey(),
  at: timestamptz("at").notNull(),
  lastId: integer("last_id").notNull(),
});

/**
 * The price index's frozen monthly levels (issue 37, item 5; docs/product/price-index.md): one row
 * per scope (a category's branch; NULL = the whole market) and month, written once by the job and
 * never changed. The level in hundredths (10350 = 103.50).
 */
export const priceIndexLevels = pgTable(
  "price_index_levels",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer("category_id").references(categoryKey, { onDelete: "cascade" }),
    /** `YYYY-MM`, Prague time. */
    month: text("month").notNull(),
    level: integer("level").notNull(),
    pairs: integer("pairs").notNull(),
    /** Too few pairs: the month before's level, carried forward. */
    carried: boolean("carried").notNull(),
    computedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("price_index_levels_scope_month_unique").on(sql`coalesce(${t.categoryId}, 0)`, t.month),
    check("price_index_levels_month_check", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check("price_index_levels_level_check", sql`${t.level} > 0`),
  ],
);
