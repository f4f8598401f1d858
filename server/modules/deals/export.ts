import { asc, eq, or } from "drizzle-orm";
import type { DealFee } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource, ProductNames } from "#server/lib/personal-data.ts";
import { documentsOfDeals } from "../invoicing/index.ts";
import { sellerPayoutAccounts } from "./tables/provider.ts";
import { deals } from "./tables.ts";

/**
 * The user's deals in the data export (GDPR art. 15 and 20; issue 35): each deal as buyer or
 * seller (the item, the amounts, the dates, the delivery and tracking), whether their payout
 * account can be paid (not the provider's identifiers), and the operator's documents for their own
 * fee (the strikes and second-chance offers: server/modules/unpaid-wins). A deal is an accounting
 * record: deleting the account keeps it (the account's row is anonymised, ADR 0073).
 */
export function createDealsPersonalData(db: Db, deps: { productNames: ProductNames }): PersonalDataSource {
  return {
    name: "deals",
    async exportFor({ userId }) {
      const rows = await db
        .select()
        .from(deals)
        .where(or(eq(deals.buyerId, userId), eq(deals.sellerId, userId)))
        .orderBy(asc(deals.id));
      const names = await deps.productNames([...new Set(rows.map((row) => row.productId))]);
      const fee = (row: (typeof rows)[number]): DealFee =>
        row.buyerId === userId ? "buyer_protection" : "seller_commission";
      const documents = await documentsOfDeals(
        db,
        rows.map((row) => ({ dealId: row.id, fee: fee(row) })),
      );
      const dealsOut = rows.map((row) => ({
        id: row.id,
        role: row.buyerId === userId ? "buyer" : "seller",
        itemId: row.productId,
        itemName: names.get(row.productId) ?? null,
        ...pick(row),
        feeDocuments: documents.filter((document) => document.dealId === row.id),
      }));
      return {
        deals: dealsOut,
        payoutAccount: await payoutAccountOf(db, userId),
      };
    },
    async eraseFor() {
      return undefined;
    },
  };
}

/** The ids of the deals the user sold (the second-chance offers they made, server/modules/unpaid-wins). */
export async function dealIdsSoldBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: deals.id }).from(deals).where(eq(deals.sellerId, userId));
  return rows.map((row) => row.id);
}

/** Whether the provider pays the user out; its identifiers stay out of the file. */
async function payoutAccountOf(db: Db, userId: number) {
  const [payout] = await db
    .select({
      provider: sellerPayoutAccounts.provider,
      payoutsEnabled: sellerPayoutAccounts.payoutsEnabled,
      createdAt: sellerPayoutAccounts.createdAt,
      updatedAt: sellerPayoutAccounts.updatedAt,
    })
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.userId, userId));
  return payout ?? null;
}

/** A deal's own facts for its side: never the request key or the buyer's pickup code. */
const EXPORTED = [
  ...["source", "status", "priceMinor", "deliveryMinor", "buyerFeeMinor", "sellerCommissionMinor"],
  ...["totalMinor", "currencyCode", "carrier", "pickupTown", "trackingNumber", "createdAt", "payBy"],
  ...["paidAt", "shippedAt", "deliveredAt", "closedAt"],
] as const satisfies readonly (keyof typeof deals.$inferSelect)[];

const pick = (row: typeof deals.$inferSelect) => Object.fromEntries(EXPORTED.map((key) => [key, row[key]]));
