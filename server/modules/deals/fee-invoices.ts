import { and, eq, isNull, sql } from "drizzle-orm";
import type { DealFee } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { creditDealFee, issueDealFeeInvoice } from "../invoicing/index.ts";
import { invoiceDetailsOf, recipientsOf } from "../users/index.ts";
import { dealFeeInvoicing } from "./tables/fee-invoices.ts";
import { type DealRecord, deals, ledgerPostings } from "./tables.ts";

/**
 * The operator's tax documents for a deal's two fees (issue 35, item 2; ADR 0078): asked for in
 * the transaction that settles the deal's money (settle.ts), issued by the `deals.fee_invoices`
 * job: to the buyer for the buyer-protection fee, to the seller for the commission (when there is
 * one), for what the ledger says was taken. A deal refunded in full gets the credit note of a fee
 * invoiced before. Run twice, the job issues nothing twice (the documents' unique key and the
 * request's `done_at`, under the request's row lock).
 */

export const FEE_INVOICES_QUEUE = "deals.fee_invoices";

/** Asks for the deal's fee documents, in the settling transaction (again: asked anew, issued once). */
export async function requestFeeInvoices(tx: Db, dealId: number): Promise<void> {
  await tx
    .insert(dealFeeInvoicing)
    .values({ dealId })
    .onConflictDoUpdate({ target: dealFeeInvoicing.dealId, set: { doneAt: null } });
}

/** The deals whose fee documents wait for the job. */
export async function pendingFeeInvoices(db: Db): Promise<number[]> {
  const rows = await db
    .select({ dealId: dealFeeInvoicing.dealId })
    .from(dealFeeInvoicing)
    .where(isNull(dealFeeInvoicing.doneAt));
  return rows.map((row) => row.dealId);
}

/**
 * What the operator took of each fee: the ledger's `take_fee` postings, the buyer's protection
 * first and the commission from the rest (a partial refund may leave less than both).
 */
export async function feesTaken(
  tx: Db,
  deal: Pick<DealRecord, "id" | "buyerFeeMinor" | "sellerCommissionMinor">,
): Promise<Record<DealFee, number>> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${ledgerPostings.amountMinor})` })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.dealId, deal.id), eq(ledgerPostings.movement, "take_fee")));
  const taken = Number(row?.total ?? 0);
  const buyer = Math.min(deal.buyerFeeMinor, taken);
  return { buyer_protection: buyer, seller_commission: Math.min(deal.sellerCommissionMinor, taken - buyer) };
}

const LINES: Record<DealFee, (dealId: number) => string> = {
  buyer_protection: (dealId) => `Ochrana kupujícího – obchod č. ${dealId}`,
  seller_commission: (dealId) => `Provize z prodeje – obchod č. ${dealId}`,
};

/** Issues the deal's fee documents asked for, once; false when nothing was asked (or done already). */
export async function issueFeeInvoices(db: Db, dealId: number, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(dealFeeInvoicing)
      .where(and(eq(dealFeeInvoicing.dealId, dealId), isNull(dealFeeInvoicing.doneAt)))
      .for("update");
    const [deal] = request ? await tx.select().from(deals).where(eq(deals.id, dealId)) : [];
    if (!deal) return false;
    const taken = await feesTaken(tx, deal);
    const people = await recipientsOf(tx, [deal.buyerId, deal.sellerId]);
    const parties: Record<DealFee, number> = {
      buyer_protection: deal.buyerId,
      seller_commission: deal.sellerId,
    };
    for (const fee of ["buyer_protection", "seller_commission"] as const) {
      const userId = parties[fee];
      await issueDealFeeInvoice(
        tx,
        {
          dealId,
          fee,
          customer: { userId, email: people.get(userId)?.email ?? "" },
          amountMinor: taken[fee],
          description: LINES[fee](dealId),
          paymentMethod: fee === "buyer_protection" ? "card" : "offset",
        },
        at,
        invoiceDetailsOf,
      );
      if (deal.status === "refunded") await creditDealFee(tx, dealId, fee, at);
    }
    await tx.update(dealFeeInvoicing).set({ doneAt: at }).where(eq(dealFeeInvoicing.dealId, dealId));
    return true;
  });
}

/** The job: every deal whose documents wait (a lost kick is caught by the next sweep). */
export async function issuePendingFeeInvoices(db: Db, now: () => Date): Promise<number> {
  let issued = 0;
  for (const dealId of await pendingFeeInvoices(db)) if (await issueFeeInvoices(db, dealId, now())) issued++;
  return issued;
}
