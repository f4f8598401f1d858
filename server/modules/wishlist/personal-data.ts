import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource, ProductNames } from "#server/lib/personal-data.ts";
import { wishlistItems, wishlists } from "./tables.ts";

/** The user's wishlist in the data export; a deleted account's wishlist goes (its items with it). */
export function createWishlistPersonalData(db: Db, deps: { productNames: ProductNames }): PersonalDataSource {
  return {
    name: "wishlist",
    async exportFor({ userId }) {
      const rows = await db
        .select({
          productId: wishlistItems.productId,
          note: wishlistItems.note,
          createdAt: wishlistItems.createdAt,
        })
        .from(wishlistItems)
        .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
        .where(eq(wishlists.userId, userId))
        .orderBy(asc(wishlistItems.id));
      const names = await deps.productNames(rows.map((row) => row.productId));
      return {
        wishlist: rows.flatMap(({ productId, note, createdAt }) => {
          const productName = names.get(productId);
          return productName === undefined ? [] : [{ productId, productName, note, createdAt }];
        }),
      };
    },
    async eraseFor(tx, { userId }) {
      await tx.delete(wishlists).where(eq(wishlists.userId, userId));
      return undefined;
    },
  };
}
