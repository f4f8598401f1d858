import { type SQL, sql } from "drizzle-orm";
import { wishlistItems } from "./tables.ts";

/**
 * How many wishlists follow the product in `productId`, as a scalar subquery another module's
 * statement selects (ADR 0017): the seller's list of listings shows each one's watchers in the
 * statement that reads the page.
 */
export function watcherCountSql(productId: SQL): SQL {
  return sql`(select count(*)::int from ${wishlistItems} w where w.product_id = ${productId})`;
}
