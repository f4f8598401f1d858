import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { WATCHDOG_DELIVERIES, WATCHDOG_KINDS } from "#core/schemas/watchdog.ts";
import { createdAt, oneOf, timestamptz } from "#server/db/columns.ts";
import { categoryKey } from "../catalog/keys.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

export { WATCHDOG_DELIVERIES, WATCHDOG_KINDS };

export type WatchdogKind = (typeof WATCHDOG_KINDS)[number];
export type WatchdogDelivery = (typeof WATCHDOG_DELIVERIES)[number];

/**
 * A new feed token: 122 random bits as 32 hex digits (gen_random_uuid, built into PostgreSQL 13+).
 * The column's default for new rows and existing ones alike, and what a reset writes.
 */
export const NEW_FEED_TOKEN = sql`replace(gen_random_uuid()::text, '-', '')`;

/**
 * Stock watchdog: tell a user when a sold-out shop product is back ('product'), when a new product
 * appears in a category ('category') or matches a search ('search').
 */
export const stockWatchdogs = pgTable(
  "stock_watchdogs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "cascade" }),
    kind: text("kind", { enum: WATCHDOG_KINDS }).notNull(),
    productId: integer("product_id").references(productKey, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(categoryKey, { onDelete: "cascade" }),
    query: text("query"),
    delivery: text("delivery", { enum: WATCHDOG_DELIVERIES }).notNull().default("immediate"),
    createdAt: createdAt(),
    lastNotifiedAt: timestamptz("last_notified_at"),
    /** Category and search watchdogs: products that appeared before this were already looked at. */
    checkedAt: timestamptz("checked_at"),
    /**
     * Product watchdogs: told that the product is back; cleared when it sells out again, so the
     * next restock is told once more.
     */
    firedAt: timestamptz("fired_at"),
    /**
     * The unguessable part of a search watchdog's public feed URL (docs/product/visitor-basics.md,
     * "Feeds"): it names no user, and the user can replace it, which ends the old URL.
     */
    feedToken: text("feed_token").notNull().default(NEW_FEED_TOKEN),
  },
  (t) => [
    // The same watchdog twice is one watchdog (NULLs compare equal here).
    unique("stock_watchdogs_unique")
      .on(t.userId, t.kind, t.productId, t.categoryId, t.query)
      .nullsNotDistinct(),
    index("stock_watchdogs_product_id_idx").on(t.productId),
    index("stock_watchdogs_category_id_idx").on(t.categoryId),
    uniqueIndex("stock_watchdogs_feed_token_idx").on(t.feedToken),
    check("stock_watchdogs_kind_check", oneOf(t.kind, WATCHDOG_KINDS)),
    check("stock_watchdogs_delivery_check", oneOf(t.delivery, WATCHDOG_DELIVERIES)),
    check(
      "stock_watchdogs_target_check",
      sql`(${t.kind} = 'product' and ${t.productId} is not null)
        or (${t.kind} = 'category' and ${t.categoryId} is not null)
        or (${t.kind} = 'search' and ${t.query} is not null)`,
    ),
  ],
);

/**
 * What a watchdog found: one row per watchdog and product, so a product is told once per
 * watchdog, whichever sweep saw it first. `delivered_at` NULL = waiting for its delivery (at once,
 * or in the daily digest).
 */
export const watchdogHits = pgTable(
  "watchdog_hits",
  {
    watchdogId: integer("watchdog_id")
      .notNull()
      .references(() => stockWatchdogs.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "cascade" }),
    createdAt: createdAt(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    primaryKey({ name: "watchdog_hits_pk", columns: [t.watchdogId, t.productId] }),
    index("watchdog_hits_pending_idx").on(t.watchdogId).where(sql`${t.deliveredAt} is null`),
    index("watchdog_hits_product_id_idx").on(t.productId),
  ],
);

export type WatchdogHit = typeof watchdogHits.$inferSelect;
export type StockWatchdog = typeof stockWatchdogs.$inferSelect;
