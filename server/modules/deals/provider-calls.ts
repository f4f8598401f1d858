import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  dealReference,
  type MarketplacePayments,
  MarketplaceRefusedError,
} from "#core/contracts/marketplace-payments.ts";
import type { Db } from "#server/db/client.ts";
import { balancesOf, post } from "./ledger.ts";
import {
  type DealCharge,
  type DealProviderCall,
  dealCharges,
  dealProviderCalls,
  sellerPayoutAccounts,
} from "./tables/provider.ts";
import type { DealRecord } from "./tables.ts";
import { lockDeal } from "./transitions.ts";

/**
 * Money going out through the provider (an outbox, ADR 0074): a refund or a transfer is decided
 * in the deal's transaction (a row here, beside the ledger's posting) and made afterwards by a job
 * with the row's idempotency key, so that a crash between the decision and the provider's answer
 * neither loses the call nor makes it twice: run again, the provider answers the first result.
 */

/** The deal's charge that paid it, if any: refunds and transfers name its payment. */
export async function paidChargeOf(tx: Db, dealId: number): Promise<DealCharge | null> {
  const rows = await tx
    .select()
    .from(dealCharges)
    .where(eq(dealCharges.dealId, dealId))
    .orderBy(asc(dealCharges.id));
  return rows.find((charge) => charge.paidAt !== null && charge.paymentId !== null) ?? null;
}

/** Decides a refund of `amountMinor` of a payment; the same key decides nothing twice. */
export async function queueRefund(
  tx: Db,
  deal: Pick<DealRecord, "id">,
  refund: { paymentId: string; amountMinor: number; key: string },
): Promise<void> {
  await tx
    .insert(dealProviderCalls)
    .values({
      dealId: deal.id,
      kind: "refund",
      amountMinor: refund.amountMinor,
      idempotencyKey: refund.key,
      target: refund.paymentId,
    })
    .onConflictDoNothing();
}

/**
 * Refunds what the ledger refunded of a deal (a cancel, a decision) through the provider, from
 * the payment that paid it. A deal with no paid charge has nothing at the provider to give back.
 */
export async function queueRefundOfDeal(tx: Db, dealId: number, amountMinor: number, key: string) {
  const charge = await paidChargeOf(tx, dealId);
  if (charge?.paymentId)
    await queueRefund(tx, { id: dealId }, { paymentId: charge.paymentId, amountMinor, key });
}

/**
 * Decides the transfer of what the seller is owed on a settled deal, once the provider has
 * verified the seller (payouts wait until then). One transfer per deal: its key is the deal's.
 */
export async function queueTransferIfReady(tx: Db, deal: DealRecord): Promise<boolean> {
  if (deal.status !== "completed" && deal.status !== "partially_refunded") return false;
  const payable = (await balancesOf(tx, deal.id)).seller_payable;
  if (payable <= 0) return false;
  const [account] = await tx
    .select()
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.userId, deal.sellerId));
  if (!account?.payoutsEnabled) return false;
  const charge = await paidChargeOf(tx, deal.id);
  const inserted = await tx
    .insert(dealProviderCalls)
    .values({
      dealId: deal.id,
      kind: "transfer",
      amountMinor: payable,
      idempotencyKey: `${dealReference(deal.id)}:transfer`,
      target: account.accountId,
      sourcePaymentId: charge?.paymentId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: dealProviderCalls.id });
  return inserted.length > 0;
}

/** The calls not made yet, oldest first. */
export async function pendingCallIds(db: Db, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: dealProviderCalls.id })
    .from(dealProviderCalls)
    .where(isNull(dealProviderCalls.doneAt))
    .orderBy(asc(dealProviderCalls.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export type CallOutcome = "done" | "already_done" | "refused" | "missing";

/**
 * Makes one decided call at the provider with its key and records the answer: a transfer also
 * posts the payout in the ledger (the seller's payable paid out), in the same transaction as the
 * record. A provider that cannot answer now throws (the job retries); one that refuses for good
 * leaves the call pending with its code for the operator, and the next run tries again.
 */
export async function makeCall(
  db: Db,
  marketplace: MarketplacePayments,
  callId: number,
): Promise<CallOutcome> {
  const [call] = await db.select().from(dealProviderCalls).where(eq(dealProviderCalls.id, callId));
  if (!call) return "missing";
  if (call.doneAt) return "already_done";
  await db
    .update(dealProviderCalls)
    .set({ attempts: sql`${dealProviderCalls.attempts} + 1` })
    .where(eq(dealProviderCalls.id, call.id));
  let objectId: string;
  try {
    objectId = await callProvider(marketplace, call);
  } catch (error) {
    if (!(error instanceof MarketplaceRefusedError)) throw error;
    await db
      .update(dealProviderCalls)
      .set({ lastError: error.providerCode ?? "refused" })
      .where(eq(dealProviderCalls.id, call.id));
    return "refused";
  }
  return db.transaction(async (tx) => {
    await lockDeal(tx, call.dealId);
    const [marked] = await tx
      .update(dealProviderCalls)
      .set({ doneAt: sql`now()`, providerObjectId: objectId, lastError: null })
      .where(and(eq(dealProviderCalls.id, call.id), isNull(dealProviderCalls.doneAt)))
      .returning();
    if (!marked) return "already_done";
    if (call.kind === "transfer") {
      const posted = await post(
        tx,
        call.dealId,
        { kind: "pay_out", amountMinor: call.amountMinor },
        `payout:${call.id}`,
      );
      if (!posted.ok)
        throw new Error(`the payout of deal ${call.dealId} could not be posted: ${posted.code}`);
    }
    return "done";
  });
}

async function callProvider(marketplace: MarketplacePayments, call: DealProviderCall): Promise<string> {
  const reference = dealReference(call.dealId);
  if (call.kind === "refund") {
    const { refundId } = await marketplace.refund(
      { paymentId: call.target, amountMinor: call.amountMinor, reference },
      call.idempotencyKey,
    );
    return refundId;
  }
  const { transferId } = await marketplace.transfer(
    {
      accountId: call.target,
      amountMinor: call.amountMinor,
      reference,
      sourcePaymentId: call.sourcePaymentId ?? "",
    },
    call.idempotencyKey,
  );
  return transferId;
}
