import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns.ts";
import { productKey } from "../listings/keys.ts";
import { userKey } from "../users/keys.ts";

/**
 * Followed products. A logged-in user has at most one wishlist (user_id UNIQUE); a guest's is
 * found by temp_id (a UUID generated in code, kept in the guest-wishlist cookie) and merged into
 * the user's on login.
 */
export const wishlists = pgTable(
  "wishlists",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer("site_id").notNull().default(1),
    userId: integer("user_id")
      .unique("wishlists_user_id_unique")
      .references(userKey, { onDelete: "cascade" }),
    /**
     * Every wishlist, a user's too, is addressed by its temp id in the API
     * (docs/product/calls-and-errors.md, "The spec's calls").
     */
    tempId: uuid("temp_id").notNull().defaultRandom().unique("wishlists_temp_id_unique"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("wishlists_owner_check", sql`${t.userId} is not null or ${t.tempId} is not null`)],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    wishlistId: integer("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull().references(productKey, { onDelete: "cascade" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("wishlist_items_wishlist_product_unique").on(t.wishlistId, t.productId),
    // "Auction ending soon" notifications look up the watchers of a product.
    index("wishlist_items_product_id_idx").on(t.productId),
  ],
);

export type Wishlist = typeof wishlists.$inferSelect;
export type WishlistItem = typeof wishlistItems.$inferSelect;
