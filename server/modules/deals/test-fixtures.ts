import type { Db } from "#server/db/client.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import type { NewDeal } from "./contracts.ts";

/** A buyer, a seller and a listing to make deals of, on a test database. */
export async function dealParties(db: Db) {
  const category = await insertCategory(db);
  const [buyer, seller] = await insertBidders(db, 2);
  const product = await insertProduct(db, { categoryId: category.id });
  return { buyerId: buyer.user.id, sellerId: seller.user.id, productId: product.id };
}

/** The same parties with a listing of its own: one live deal per listing (deals_one_live_per_product). */
export async function withNewListing(db: Db, parties: Awaited<ReturnType<typeof dealParties>>) {
  const product = await insertProduct(db, { categoryId: (await insertCategory(db)).id });
  return { ...parties, productId: product.id };
}

let requests = 0;

/** A deal of 20 000 Kč with 150 Kč delivery, a 500 Kč protection fee and a 1 000 Kč commission. */
export function newDeal(
  parties: Awaited<ReturnType<typeof dealParties>>,
  overrides: Partial<NewDeal> = {},
): NewDeal {
  requests += 1;
  return {
    source: "auction",
    ...parties,
    priceMinor: 2_000_000,
    deliveryMinor: 15_000,
    buyerFeeMinor: 50_000,
    sellerCommissionMinor: 100_000,
    carrier: "zasilkovna",
    pickupTown: null,
    payBy: new Date("2026-11-28T12:00:00Z"),
    requestKey: `request-${requests}`,
    ...overrides,
  };
}
