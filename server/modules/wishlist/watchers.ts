import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { wishlistItems, wishlists } from "./tables.ts";

/**
 * The signed-in users who follow a product (its item in their wishlist): the bidding module tells
 * them an auction ends soon. Guests' wishlists have no user and are left out.
 */
export async function watchersOf(executor: Db, productId: number): Promise<number[]> {
  const rows = await executor
    .selectDistinct({ userId: wishlists.userId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(eq(wishlistItems.productId, productId));
  return rows.map((row) => row.userId).filter((userId): userId is number => userId !== null);
}
