import { desc, eq, or } from "drizzle-orm";
import type { DealFee, DealFeeDocument, InvoicePayload } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { dealFeeDocument, documentsOfDeal, documentsOfDeals } from "../invoicing/index.ts";
import { deals } from "./tables.ts";

/**
 * A deal's fee documents as its sides see them (ADR 0078): the buyer the buyer-protection fee's,
 * the seller the commission's, never the other side's; anyone else nothing (null: 404).
 */

async function feesOf(db: Db, dealId: number, userId: number): Promise<DealFee[] | null> {
  const [deal] = await db
    .select({ buyerId: deals.buyerId, sellerId: deals.sellerId })
    .from(deals)
    .where(eq(deals.id, dealId));
  if (!deal) return null;
  const fees: DealFee[] = [];
  if (deal.buyerId === userId) fees.push("buyer_protection");
  if (deal.sellerId === userId) fees.push("seller_commission");
  return fees.length > 0 ? fees : null;
}

/** The caller's documents of the deal, in the order issued; null for another user's deal. */
export async function feeDocumentsOf(
  db: Db,
  dealId: number,
  userId: number,
): Promise<DealFeeDocument[] | null> {
  const fees = await feesOf(db, dealId, userId);
  return fees ? documentsOfDeal(db, dealId, fees) : null;
}

/** One of the caller's documents of the deal, as issued; null for any other. */
export async function feeDocumentOf(
  db: Db,
  dealId: number,
  userId: number,
  number: string,
): Promise<InvoicePayload | null> {
  const document = await dealFeeDocument(db, number);
  if (!document || document.dealId !== dealId) return null;
  const fees = await feesOf(db, dealId, userId);
  return fees?.includes(document.fee) ? document.payload : null;
}

/** Every fee document of the caller's deals, their own side's, newest first (the account's payments). */
export async function feeDocumentsOfUser(db: Db, userId: number): Promise<DealFeeDocument[]> {
  const rows = await db
    .select({ id: deals.id, buyerId: deals.buyerId })
    .from(deals)
    .where(or(eq(deals.buyerId, userId), eq(deals.sellerId, userId)))
    .orderBy(desc(deals.id));
  const wanted = rows.map((row) => ({
    dealId: row.id,
    fee: (row.buyerId === userId ? "buyer_protection" : "seller_commission") as DealFee,
  }));
  return (await documentsOfDeals(db, wanted)).reverse();
}
