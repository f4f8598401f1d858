import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { BID_KINDS } from "#core/contracts/catalog.ts";
import { createdAt, money, nonNegative, oneOf } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * Bids on auctions, including those the system places for a proxy bidder (is_automatic).
 * `max_amount_minor` is the bidder's hidden proxy maximum, never shown to others.
 * Bids are history: a product with bids cannot be deleted.
 */
export const bids = pgTable(
  "bids",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "restrict" }),
    userId: integer("user_id").notNull().references(userKey, { onDelete: "restrict" }),
    amountMinor: money("amount_minor").notNull(),
    maxAmountMinor: money("max_amount_minor"),
    isAutomatic: boolean("is_automatic").notNull().default(false),
    /**
     * manual: what the bidder asked for; automatic: placed by the system for a proxy bidder
     * (is_automatic); max_raise: the leader raised their hidden maximum without moving the price,
     * never shown as a bid but kept so that the stored requests replay to the same price.
     */
    kind: text("kind", { enum: BID_KINDS }).notNull().default("manual"),
    createdAt: createdAt(),
  },
  (t) => [
    index("bids_product_id_created_at_idx").on(t.productId, t.createdAt),
    check("bids_kind_check", oneOf(t.kind, BID_KINDS)),
    index("bids_user_id_idx").on(t.userId, t.createdAt),
    // The back office's week figures: bids per day.
    index("bids_created_at_idx").on(t.createdAt),
    check("bids_amount_minor_check", nonNegative(t.amountMinor)),
    check("bids_max_amount_minor_check", sql`${t.maxAmountMinor} >= ${t.amountMinor}`),
  ],
);

export type Bid = typeof bids.$inferSelect;
