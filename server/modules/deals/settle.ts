import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { requestDealFeeDocuments as requestFeeInvoices } from "../invoicing/index.ts";
import { balancesOf, type PostRefusal, post } from "./ledger.ts";
import { queueRefundOfDeal, queueTransferIfReady } from "./provider-calls.ts";
import type { DealRecord } from "./tables.ts";
import {
  type DealActor,
  lockDeal,
  markDealCancelled,
  markDealPaid,
  markDealReleased,
  markDealResolved,
} from "./transitions.ts";

/**
 * The deal's steps that move money, each in the caller's transaction: the status through
 * transitions.ts and the money through the ledger, together or not at all. Every posting's key is
 * derived from the step's key (`<key>:fee`, `<key>:seller`), so a step run again posts nothing twice.
 */

export type StepRefusal = PostRefusal | "illegal_transition" | "not_settled";

/** Fails the transaction's work by throwing a refusal the caller turns back into a Result. */
class Refused extends Error {
  readonly code: StepRefusal;
  constructor(code: StepRefusal) {
    super(code);
    this.code = code;
  }
}

/** Runs `step` in a savepoint: a refusal anywhere inside undoes the step and answers its code. */
export async function step<T>(tx: Db, run: (tx: Db) => Promise<T>): Promise<Result<T, StepRefusal>> {
  try {
    return ok(await tx.transaction(run));
  } catch (error) {
    if (error instanceof Refused) return err(error.code);
    throw error;
  }
}

function must<T>(result: Result<T, StepRefusal, unknown>): T {
  if (!result.ok) throw new Refused(result.code);
  return result.value;
}

async function locked(tx: Db, dealId: number): Promise<DealRecord> {
  const deal = await lockDeal(tx, dealId);
  if (!deal) throw new Refused("not_found");
  return deal;
}

/**
 * deal.pay with the money held. The provider's repeated word (the same key) changes nothing; a
 * payment of a deal that ended unpaid or cancelled is held and refunded at once, never applied.
 */
export async function payDeal(
  tx: Db,
  dealId: number,
  payment: { key: string; amountMinor: number; shipBy: Date },
  actor: DealActor,
): Promise<{ deal: DealRecord; refunded: boolean; repeated?: boolean }> {
  const deal = await locked(tx, dealId);
  const posted = must(await post(tx, dealId, { kind: "pay", amountMinor: payment.amountMinor }, payment.key));
  if (posted.repeated) return { deal, refunded: false, repeated: true };
  if (deal.status === "cancelled_unpaid" || deal.status === "cancelled") {
    must(
      await post(tx, dealId, { kind: "refund", amountMinor: payment.amountMinor }, `${payment.key}:refund`),
    );
    return { deal, refunded: true };
  }
  return { deal: must(await markDealPaid(tx, deal, actor, payment.shipBy)), refunded: false };
}

/**
 * Takes the fees from what is held (as far as it goes) and credits the rest to the seller; the
 * operator's documents for the fees taken are asked for in the same transaction (fee-invoices.ts,
 * ADR 0081).
 */
async function settle(tx: Db, deal: DealRecord, key: string): Promise<void> {
  const held = (await balancesOf(tx, deal.id)).held;
  const fee = Math.min(deal.buyerFeeMinor + deal.sellerCommissionMinor, held);
  if (fee > 0) must(await post(tx, deal.id, { kind: "take_fee", amountMinor: fee }, `${key}:fee`));
  if (fee > 0) await requestFeeInvoices(tx, deal.id);
  if (held - fee > 0)
    must(await post(tx, deal.id, { kind: "credit_seller", amountMinor: held - fee }, `${key}:seller`));
}

/** Refunds everything held. */
async function refundHeld(tx: Db, deal: DealRecord, key: string): Promise<void> {
  const held = (await balancesOf(tx, deal.id)).held;
  if (held <= 0) return;
  must(await post(tx, deal.id, { kind: "refund", amountMinor: held }, `${key}:refund`));
  await queueRefundOfDeal(tx, deal.id, held, `${key}:refund`);
}

/** deal.release: the window passed or the buyer confirmed; fees taken, the rest the seller's. */
export async function releaseDeal(
  tx: Db,
  dealId: number,
  key: string,
  actor: DealActor,
): Promise<DealRecord> {
  const deal = must(await markDealReleased(tx, await locked(tx, dealId), actor));
  await settle(tx, deal, key);
  await queueTransferIfReady(tx, deal);
  return deal;
}

export type Resolution =
  | { kind: "release" }
  | { kind: "partial_refund"; refundMinor: number }
  | { kind: "refund" };

/** deal.resolve: released, partly refunded (the rest settled) or refunded in full. */
export async function resolveDeal(
  tx: Db,
  dealId: number,
  resolution: Resolution,
  key: string,
  actor: DealActor,
): Promise<DealRecord> {
  const before = await locked(tx, dealId);
  if (resolution.kind === "partial_refund") {
    const held = (await balancesOf(tx, dealId)).held;
    if (!(resolution.refundMinor > 0 && resolution.refundMinor < held)) throw new Refused("invalid_amount");
  }
  const to =
    resolution.kind === "release"
      ? "completed"
      : resolution.kind === "refund"
        ? "refunded"
        : "partially_refunded";
  const deal = must(await markDealResolved(tx, before, actor, to));
  if (resolution.kind === "partial_refund") {
    must(await post(tx, dealId, { kind: "refund", amountMinor: resolution.refundMinor }, `${key}:refund`));
    await queueRefundOfDeal(tx, dealId, resolution.refundMinor, `${key}:refund`);
    await settle(tx, deal, key);
  } else if (resolution.kind === "refund") {
    await refundHeld(tx, deal, key);
    // A fee invoiced before is credited (none is, today: a deal is settled once).
    await requestFeeInvoices(tx, deal.id);
  } else await settle(tx, deal, key);
  await queueTransferIfReady(tx, deal);
  return deal;
}

/** deal.cancel: before the goods left; whatever is held goes back. */
export async function cancelDeal(tx: Db, dealId: number, key: string, actor: DealActor): Promise<DealRecord> {
  const deal = must(await markDealCancelled(tx, await locked(tx, dealId), actor));
  await refundHeld(tx, deal, key);
  return deal;
}

/** Pays the seller's payable out (the provider's transfer), of a settled deal only. */
export async function payOutDeal(
  tx: Db,
  dealId: number,
  amountMinor: number,
  key: string,
): Promise<DealRecord> {
  const deal = await locked(tx, dealId);
  if (deal.status !== "completed" && deal.status !== "partially_refunded") throw new Refused("not_settled");
  must(await post(tx, dealId, { kind: "pay_out", amountMinor }, key));
  return deal;
}
