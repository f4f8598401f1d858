import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { products } from "./tables/products.ts";
import { cancelForDeletedAccount } from "./transitions.ts";

/**
 * The user's listings and won auctions in the data export. Deleting the account cancels its
 * unfinished listings (transitions.ts: drafts, listings waiting for their fee or their start,
 * classifieds on sale; the rest stay, the catalogue's history and the buyers' deals refer to them),
 * and the deletion's audit record keeps which.
 */
export function createListingsPersonalData(db: Db): PersonalDataSource {
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
    async eraseFor(tx, { userId, at }) {
      return { cancelledListings: await cancelForDeletedAccount(tx, userId, at) };
    },
  };
}
