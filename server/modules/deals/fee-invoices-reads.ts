import { eq } from "drizzle-orm";
import type { DealFee, DealFeeDocument, InvoicePayload } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { dealFeeDocument, documentsOfDeal } from "../invoicing/index.ts";
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
