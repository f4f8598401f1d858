import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { cartLines, carts } from "./tables.ts";

/**
 * The user's cart in the data export (its lines and the checkout's saved answers: contact and
 * addresses; never the hash of a password waiting for an account); a deleted account's cart goes
 * with its lines.
 */
export function createShopPersonalData(db: Db): PersonalDataSource {
  return {
    name: "shop",
    async exportFor({ userId }) {
      const [cart] = await db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
      if (!cart) return { cart: null };
      const lines = await db
        .select({
          productId: cartLines.productId,
          quantity: cartLines.quantity,
          seenUnitPriceMinor: cartLines.seenUnitPriceMinor,
          addedAt: cartLines.addedAt,
        })
        .from(cartLines)
        .where(eq(cartLines.cartId, cart.id))
        .orderBy(asc(cartLines.addedAt));
      // The review form's key is the shop's, not an answer of the customer's.
      const { account: _hidden, orderKey: _key, ...draft } = cart.draft ?? {};
      return {
        cart: { voucherCode: cart.voucherCode, checkout: draft, lines, updatedAt: cart.updatedAt },
      };
    },
    async eraseFor(tx, { userId }) {
      await tx.delete(carts).where(eq(carts.userId, userId));
      return undefined;
    },
  };
}
