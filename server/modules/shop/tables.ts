import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, money, nonNegative, timestamptz, updatedAt } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";
import type { StoredDraft } from "./types.ts";

/**
 * The shop's carts (docs/product/shop.md, "The cart"). A signed-in user has at most one
 * (user_id UNIQUE); a guest's is found by its token, 32 random hex characters kept in the
 * httpOnly `cart` cookie, and joins the user's cart at login. The checkout's answers wait on the
 * cart (`draft`) until the order is placed; nothing is bound before.
 */
export const carts = pgTable(
  "carts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    token: text("token").unique("carts_token_unique"),
    userId: integer("user_id").unique("carts_user_id_unique").references(userKey, { onDelete: "cascade" }),
    voucherCode: text("voucher_code"),
    draft: jsonb("draft").$type<StoredDraft>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("carts_owner_check", sql`(${t.userId} is null) <> (${t.token} is null)`),
    check("carts_token_check", sql`${t.token} ~ '^[0-9a-f]{32}$'`),
    // The nightly purge looks for old guest carts.
    index("carts_guest_updated_at_idx").on(t.updatedAt).where(sql`${t.userId} is null`),
  ],
);

/** One product in a cart, with the unit price the customer last saw of it. */
export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    seenUnitPriceMinor: money("seen_unit_price_minor").notNull(),
    addedAt: timestamptz("added_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "cart_lines_pkey", columns: [t.cartId, t.productId] }),
    check("cart_lines_quantity_check", sql`${t.quantity} > 0`),
    check("cart_lines_seen_unit_price_minor_check", nonNegative(t.seenUnitPriceMinor)),
    index("cart_lines_product_id_idx").on(t.productId),
  ],
);

export type Cart = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
