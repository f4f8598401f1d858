import { and, eq, isNull } from "drizzle-orm";
import { DEAL_FEES, type DealFee } from "#core/contracts/payments.ts";
import type { Db } from "#server/db/client.ts";
import { creditDealFee, issueDealFeeInvoice } from "./deal-fees.ts";
import type { InvoiceDetailsOf } from "./issue.ts";
import { dealFeeInvoicing } from "./tables.ts";

/**
 * A deal's fee documents asked for and issued (ADR 0081): the deals module asks in the transaction
 * that settles the money, and its job has them issued here from the facts it hands over (what the
 * ledger took of each fee, whose fee it is), once, under the request's row lock.
 */

/** What the deals module says of a deal asked for: each fee's payer and what was taken of it. */
export type DealFeeFacts = {
  parties: Record<DealFee, { userId: number; email: string }>;
  taken: Record<DealFee, number>;
  /** Refunded in full: a fee invoiced before gets its credit note. */
  refunded: boolean;
};

const LINES: Record<DealFee, (dealId: number) => string> = {
  buyer_protection: (dealId) => `Ochrana kupujícího – obchod č. ${dealId}`,
  seller_commission: (dealId) => `Provize z prodeje – obchod č. ${dealId}`,
};

/** Asks for the deal's fee documents in the caller's transaction (asked again: issued once still). */
export async function requestDealFeeDocuments(tx: Db, dealId: number): Promise<void> {
  await tx
    .insert(dealFeeInvoicing)
    .values({ dealId })
    .onConflictDoUpdate({ target: dealFeeInvoicing.dealId, set: { doneAt: null } });
}

/** The deals whose fee documents wait. */
export async function pendingDealFeeDocuments(db: Db): Promise<number[]> {
  const rows = await db
    .select({ dealId: dealFeeInvoicing.dealId })
    .from(dealFeeInvoicing)
    .where(isNull(dealFeeInvoicing.doneAt));
  return rows.map((row) => row.dealId);
}

/** Issues the deal's documents asked for, once; false when nothing waits (or the deal is unknown). */
export async function issueRequestedDealFeeDocuments(
  db: Db,
  dealId: number,
  at: Date,
  factsOf: (tx: Db, dealId: number) => Promise<DealFeeFacts | null>,
  invoiceDetailsOf: InvoiceDetailsOf,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(dealFeeInvoicing)
      .where(and(eq(dealFeeInvoicing.dealId, dealId), isNull(dealFeeInvoicing.doneAt)))
      .for("update");
    const facts = request ? await factsOf(tx, dealId) : null;
    if (!facts) return false;
    for (const fee of DEAL_FEES) {
      const supply = {
        dealId,
        fee,
        customer: facts.parties[fee],
        amountMinor: facts.taken[fee],
        description: LINES[fee](dealId),
        paymentMethod: fee === "buyer_protection" ? ("card" as const) : ("offset" as const),
      };
      await issueDealFeeInvoice(tx, supply, at, invoiceDetailsOf);
      if (facts.refunded) await creditDealFee(tx, dealId, fee, at);
    }
    await tx.update(dealFeeInvoicing).set({ doneAt: at }).where(eq(dealFeeInvoicing.dealId, dealId));
    return true;
  });
}
