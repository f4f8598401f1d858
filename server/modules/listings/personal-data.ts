import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { ErasureSubject, PersonalDataSource } from "#server/lib/personal-data.ts";
import { products } from "./tables/products.ts";

/**
 * Ends the listings a deleted account leaves behind unfinished (nobody could answer a buyer) and
 * answers their ids; inside the deletion's transaction.
 */
export type CancelUnfinishedListings = (tx: Db, subject: ErasureSubject) => Promise<number[]>;

/**
 * The user's listings and won auctions in the data export. Deleting the account cancels its
 * unfinished listings (the rest stay: the catalogue's history and the buyers' deals refer to them),
 * and the deletion's audit record keeps which.
 */
export function createListingsPersonalData(
  db: Db,
  deps: { cancelUnfinished: CancelUnfinishedListings },
): PersonalDataSource {
  return {
    name: "listings",
    async exportFor({ userId }) {
      const [listings, wonAuctions] = await Promise.all([
        db
          .select({
            id: products.id,
            format: products.format,
            type: products.type,
            status: products.status,
            nameCs: products.nameCs,
            nameEn: products.nameEn,
            descriptionCs: products.descriptionCs,
            descriptionEn: products.descriptionEn,
            priceMinor: products.priceMinor,
            startPriceMinor: products.startPriceMinor,
            currentPriceMinor: products.currentPriceMinor,
            reservePriceMinor: products.reservePriceMinor,
            activationAt: products.activationAt,
            endsAt: products.endsAt,
            createdAt: products.createdAt,
          })
          .from(products)
          .where(eq(products.sellerId, userId))
          .orderBy(asc(products.id)),
        db
          .select({
            productId: products.id,
            productName: products.nameCs,
            priceMinor: products.currentPriceMinor,
            endedAt: products.endedAt,
          })
          .from(products)
          .where(eq(products.winnerId, userId))
          .orderBy(asc(products.id)),
      ]);
      return { listings, wonAuctions };
    },
    async eraseFor(tx, subject) {
      return { cancelledListings: await deps.cancelUnfinished(tx, subject) };
    },
  };
}
