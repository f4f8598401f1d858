import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  type DealFeeFacts,
  issueRequestedDealFeeDocuments,
  pendingDealFeeDocuments,
} from "../invoicing/index.ts";
import { invoiceDetailsOf, recipientsOf } from "../users/index.ts";
import { deals, ledgerPostings } from "./tables.ts";

/**
 * The operator's tax documents for a deal's two fees (issue 35, item 2; ADR 0081): asked for in
 * the transaction that settles the money (settle.ts), issued by the `deals.fee_invoices` job through
 * the invoicing module, to the buyer for the protection and to the seller for the commission, for
 * what the ledger took: the buyer's protection first, the commission from the rest (a partial
 * refund may leave less than both).
 */

export const FEE_INVOICES_QUEUE = "deals.fee_invoices";

async function factsOf(tx: Db, dealId: number): Promise<DealFeeFacts | null> {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId));
  if (!deal) return null;
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${ledgerPostings.amountMinor})` })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.dealId, dealId), eq(ledgerPostings.movement, "take_fee")));
  const taken = Number(row?.total ?? 0);
  const buyerPart = Math.min(deal.buyerFeeMinor, taken);
  const people = await recipientsOf(tx, [deal.buyerId, deal.sellerId]);
  const party = (userId: number) => ({ userId, email: people.get(userId)?.email ?? "" });
  return {
    parties: { buyer_protection: party(deal.buyerId), seller_commission: party(deal.sellerId) },
    taken: {
      buyer_protection: buyerPart,
      seller_commission: Math.min(deal.sellerCommissionMinor, taken - buyerPart),
    },
    refunded: deal.status === "refunded",
  };
}

export const pendingFeeInvoices = (db: Db) => pendingDealFeeDocuments(db);

/** The job: every deal whose documents wait (a lost kick is caught by the next sweep). */
export async function issuePendingFeeInvoices(db: Db, now: () => Date): Promise<void> {
  for (const dealId of await pendingDealFeeDocuments(db))
    await issueRequestedDealFeeDocuments(db, dealId, now(), factsOf, invoiceDetailsOf);
}
