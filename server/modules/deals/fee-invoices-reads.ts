import { and, desc, eq, or } from "drizzle-orm";
import type { DealFee, DealFeeDocument, InvoicePayload } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { dealFeeDocument, documentsOfDeals } from "../invoicing/index.ts";
import { deals } from "./tables.ts";

/**
 * A deal's fee documents as its sides see them (ADR 0081): the buyer the buyer-protection fee's,
 * the seller the commission's, never the other side's; anyone else nothing (null: 404).
 */

/** The user's deals (one, or all), each with the fee of the user's side, newest first. */
async function sidesOf(db: Db, userId: number, dealId?: number): Promise<{ dealId: number; fee: DealFee }[]> {
  const party = or(eq(deals.buyerId, userId), eq(deals.sellerId, userId));
  const rows = await db
    .select({ id: deals.id, buyerId: deals.buyerId })
    .from(deals)
    .where(dealId === undefined ? party : and(eq(deals.id, dealId), party))
    .orderBy(desc(deals.id));
  return rows.map((row) => ({
    dealId: row.id,
    fee: row.buyerId === userId ? "buyer_protection" : "seller_commission",
  }));
}

/** The caller's documents of the deal, in the order issued; null for another user's deal. */
export async function feeDocumentsOf(db: Db, dealId: number, userId: number) {
  const sides = await sidesOf(db, userId, dealId);
  return sides.length > 0 ? documentsOfDeals(db, sides) : null;
}

/** One of the caller's documents of the deal, as issued; null for any other. */
export async function feeDocumentOf(db: Db, dealId: number, userId: number, number: string) {
  const document = await dealFeeDocument(db, number);
  const [side] = document?.dealId === dealId ? await sidesOf(db, userId, dealId) : [];
  return side && side.fee === document?.fee ? (document.payload as InvoicePayload) : null;
}

/** Every fee document of the caller's deals, their own side's, newest first (the account's payments). */
export async function feeDocumentsOfUser(db: Db, userId: number): Promise<DealFeeDocument[]> {
  return (await documentsOfDeals(db, await sidesOf(db, userId))).reverse();
}
