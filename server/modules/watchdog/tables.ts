import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "#server/db/columns.ts";
import { products } from "../catalog/tables.ts";
import { stockWatchdogs } from "../reviews/tables.ts";

// The watchdogs themselves (stock_watchdogs) were defined beside the reviews in migration 0000 and
// stay in reviews/tables.ts; this module owns them and their hits.

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
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
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
