import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource, ProductNames } from "#server/lib/personal-data.ts";
import { bids } from "./tables.ts";

/**
 * The user's bids in the data export, with the name of what they bid on. A deleted account's bids
 * stay (a bid is binding, and the auction's history shows it): erasing changes nothing here.
 */
export function createBiddingPersonalData(db: Db, deps: { productNames: ProductNames }): PersonalDataSource {
  return {
    name: "bidding",
    async exportFor({ userId }) {
      const rows = await db
        .select({
          id: bids.id,
          productId: bids.productId,
          amountMinor: bids.amountMinor,
          maxAmountMinor: bids.maxAmountMinor,
          isAutomatic: bids.isAutomatic,
          createdAt: bids.createdAt,
        })
        .from(bids)
        .where(eq(bids.userId, userId))
        .orderBy(asc(bids.id));
      const names = await deps.productNames(rows.map((row) => row.productId));
      return {
        bids: rows.flatMap(({ id, productId, ...rest }) => {
          const productName = names.get(productId);
          return productName === undefined ? [] : [{ id, productId, productName, ...rest }];
        }),
      };
    },
    async eraseFor() {
      return undefined;
    },
  };
}
