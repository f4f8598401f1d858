import { asc, eq } from "drizzle-orm";
import { type DisputeReason, disputeLifecycle } from "#core/lifecycles/dispute.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import {
  balancesOf,
  lockDeal,
  markDealDisputed,
  type Resolution,
  resolveDeal,
  step,
} from "../deals/index.ts";
import type { StoredPhoto } from "./photos.ts";
import { type DealDispute, dealDisputeMessages, dealDisputePhotos, dealDisputes } from "./tables.ts";
import { createDispute, escalateDispute, lockDispute, resolveDispute, startReturn } from "./transitions.ts";

/**
 * Disputes (issue 35, item 6; docs/product/deals.md, "Disputes"; ADR 0077): the buyer opens one within the
 * release window with a reason and a text; both sides write and either proposes a refund the other
 * may accept; unresolved after the answer days either side escalates, and the operator decides
 * with a statement of reasons. The deal is resolved and its money moved (refunds and the seller's
 * part, through the provider's outbox) in the same transaction as the dispute's end.
 */

export type DisputeRefusal =
  | "not_found"
  | "illegal_transition"
  | "invalid"
  | "already_disputed"
  | "not_yet"
  | "no_proposal"
  | "invalid_amount";

export const DISPUTE_TEXT_MIN = 10;
export const DISPUTE_TEXT_MAX = 4000;
export const DAY_MS = 24 * 60 * 60 * 1000;
const DISPUTABLE = new Set(["shipped", "ready_for_pickup", "delivered"]);

/** A deal as the deals module hands it out under its lock. */
type DealRecord = NonNullable<Awaited<ReturnType<typeof lockDeal>>>;

const textOk = (text: string) =>
  text.trim().length >= DISPUTE_TEXT_MIN && text.trim().length <= DISPUTE_TEXT_MAX;
type Role = "buyer" | "seller";
const roleOf = (deal: DealRecord, userId: number): Role | null =>
  deal.buyerId === userId ? "buyer" : deal.sellerId === userId ? "seller" : null;

/** The deal and its dispute under their locks, with the caller's side; null when not theirs. */
export async function lockedParty(tx: Db, dealId: number, userId: number) {
  const deal = await lockDeal(tx, dealId);
  const role = deal ? roleOf(deal, userId) : null;
  const dispute = deal && role ? await lockDispute(tx, dealId) : null;
  return deal && role && dispute ? { deal, role, dispute } : null;
}

/** A side's message with the photos stored for it (photos.ts). */
export async function insertMessage(
  tx: Db,
  input: {
    disputeId: number;
    authorId: number | null;
    role: Role | "system" | "operator";
    body: string;
    at: Date;
    photos?: readonly StoredPhoto[];
  },
) {
  const [message] = await tx
    .insert(dealDisputeMessages)
    .values({
      disputeId: input.disputeId,
      authorId: input.authorId,
      role: input.role,
      body: input.body,
      createdAt: input.at,
    })
    .returning({ id: dealDisputeMessages.id });
  if (input.photos && input.photos.length > 0)
    await tx.insert(dealDisputePhotos).values(
      input.photos.map((photo) => ({
        disputeId: input.disputeId,
        messageId: message.id,
        ...photo,
        createdAt: input.at,
      })),
    );
}

export async function openDispute(
  tx: Db,
  input: {
    dealId: number;
    buyerId: number;
    reason: DisputeReason;
    text: string;
    answerDays: number;
    at: Date;
    photos?: readonly StoredPhoto[];
  },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const deal = await lockDeal(tx, input.dealId);
  if (!deal || deal.buyerId !== input.buyerId) return err("not_found");
  if (!DISPUTABLE.has(deal.status)) return err("illegal_transition");
  if (!textOk(input.text)) return err("invalid");
  const moved = await markDealDisputed(tx, deal, {
    actorId: input.buyerId,
    reason: input.reason,
    at: input.at,
  });
  if (!moved.ok) return err("illegal_transition");
  const created = await createDispute(tx, {
    dealId: deal.id,
    reason: input.reason,
    escalatableAt: new Date(input.at.getTime() + input.answerDays * DAY_MS),
    at: input.at,
  });
  if (!created.ok) return created;
  await insertMessage(tx, {
    disputeId: created.value.id,
    authorId: input.buyerId,
    role: "buyer",
    body: input.text.trim(),
    at: input.at,
    photos: input.photos ?? [],
  });
  return created;
}

/** A message of the buyer or the seller in an unresolved dispute. */
export async function writeInDispute(
  tx: Db,
  input: { dealId: number; userId: number; text: string; at: Date; photos?: readonly StoredPhoto[] },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.userId);
  if (!party) return err("not_found");
  if (party.dispute.status === "resolved") return err("illegal_transition");
  if (!textOk(input.text)) return err("invalid");
  await insertMessage(tx, {
    disputeId: party.dispute.id,
    authorId: input.userId,
    role: party.role,
    body: input.text.trim(),
    at: input.at,
    photos: input.photos ?? [],
  });
  return ok(party.dispute);
}

/** Where the sides may still propose and agree: not while a return runs, nor after the end. */
export const PROPOSABLE = new Set(["open", "escalated"]);

/** One side proposes a refund (0: release all to the seller; what is held: a full refund). */
export async function proposeRefund(
  tx: Db,
  input: { dealId: number; userId: number; refundMinor: number },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.userId);
  if (!party) return err("not_found");
  if (!PROPOSABLE.has(party.dispute.status)) return err("illegal_transition");
  const held = (await balancesOf(tx, input.dealId)).held;
  if (!Number.isSafeInteger(input.refundMinor) || input.refundMinor < 0 || input.refundMinor > held)
    return err("invalid_amount");
  const [updated] = await tx
    .update(dealDisputes)
    .set({ proposedRefundMinor: input.refundMinor, proposedBy: party.role, proposedReturn: false })
    .where(eq(dealDisputes.id, party.dispute.id))
    .returning();
  return ok(updated);
}

/** The resolution a refund amount means for what is held. */
function resolutionOf(
  refundMinor: number,
  held: number,
): { resolution: Resolution; outcome: NonNullable<DealDispute["outcome"]> } {
  if (refundMinor === 0) return { resolution: { kind: "release" }, outcome: "release" };
  if (refundMinor >= held) return { resolution: { kind: "refund" }, outcome: "refund" };
  return { resolution: { kind: "partial_refund", refundMinor }, outcome: "partial_refund" };
}

/** Resolves the deal and its dispute together; the money through the ledger and the provider's outbox. */
export async function settleDispute(
  tx: Db,
  dispute: DealDispute,
  refundMinor: number,
  decision: {
    decidedBy: number | null;
    actorId: number | null;
    facts: string | null;
    grounds: string | null;
    at: Date;
  },
  transition: "resolve" | "return_received" = "resolve",
): Promise<Result<DealDispute, DisputeRefusal>> {
  // The dispute's move is checked before the money moves: a refusal after resolveDeal would leave
  // the caller's transaction with the money moved and the dispute where it was.
  if (!disputeLifecycle.sources(transition).includes(dispute.status)) return err("illegal_transition");
  const held = (await balancesOf(tx, dispute.dealId)).held;
  const { resolution, outcome } = resolutionOf(refundMinor, held);
  const actor = { actorId: decision.actorId, reason: `dispute ${outcome}`, at: decision.at };
  const settled = await step(tx, (inner) =>
    resolveDeal(inner, dispute.dealId, resolution, `dispute:${dispute.id}`, actor),
  );
  if (!settled.ok) return err(settled.code === "invalid_amount" ? "invalid_amount" : "illegal_transition");
  const resolved = await resolveDispute(
    tx,
    dispute,
    { outcome, refundMinor: outcome === "release" ? 0 : Math.min(refundMinor, held), ...decision },
    decision.at,
    transition,
  );
  return resolved.ok ? resolved : err("illegal_transition");
}

/** The other side accepts the proposal: the dispute ends by agreement. */
export async function acceptProposal(
  tx: Db,
  input: { dealId: number; userId: number; at: Date; returnShipDays: number },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.userId);
  if (!party) return err("not_found");
  const { dispute, role } = party;
  if (!PROPOSABLE.has(dispute.status)) return err("illegal_transition");
  if (dispute.proposedRefundMinor === null || dispute.proposedBy === null || dispute.proposedBy === role)
    return err("no_proposal");
  // A proposed return: the item goes back first, the full refund when the seller has it.
  if (dispute.proposedReturn) {
    const returnBy = new Date(input.at.getTime() + input.returnShipDays * DAY_MS);
    const started = await startReturn(
      tx,
      dispute,
      "agree_return",
      { returnBy, decidedBy: null, facts: null, grounds: null },
      input.at,
    );
    return started.ok ? started : err("illegal_transition");
  }
  return settleDispute(tx, dispute, dispute.proposedRefundMinor, {
    decidedBy: null,
    actorId: input.userId,
    facts: null,
    grounds: null,
    at: input.at,
  });
}

/** Either side hands an unresolved dispute to the operator, once the answer days have passed. */
export async function escalate(
  tx: Db,
  input: { dealId: number; userId: number; at: Date },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.userId);
  if (!party) return err("not_found");
  if (party.dispute.status === "open" && party.dispute.escalatableAt > input.at) return err("not_yet");
  return escalateDispute(tx, party.dispute, input.at);
}

/** The operator's decision on an escalated dispute, with its statement of reasons. */
export async function decideDispute(
  tx: Db,
  input: {
    dealId: number;
    operatorId: number;
    refundMinor: number;
    facts: string;
    grounds: string;
    at: Date;
    /** A full refund after the item's return, sent back within these days (null: no return). */
    returnShipDays?: number | null;
  },
): Promise<Result<DealDispute, DisputeRefusal>> {
  if (!(await lockDeal(tx, input.dealId))) return err("not_found");
  const dispute = await lockDispute(tx, input.dealId);
  if (!dispute) return err("not_found");
  if (dispute.status !== "escalated") return err("illegal_transition");
  if (!textOk(input.facts) || !textOk(input.grounds)) return err("invalid");
  const held = (await balancesOf(tx, input.dealId)).held;
  const returnShipDays = input.returnShipDays ?? null;
  if (
    returnShipDays === null &&
    (!Number.isSafeInteger(input.refundMinor) || input.refundMinor < 0 || input.refundMinor > held)
  )
    return err("invalid_amount");
  await tx.insert(dealDisputeMessages).values({
    disputeId: dispute.id,
    authorId: input.operatorId,
    role: "operator",
    body: `${input.facts.trim()}\n\n${input.grounds.trim()}`,
    createdAt: input.at,
  });
  if (returnShipDays !== null) {
    const returnBy = new Date(input.at.getTime() + returnShipDays * DAY_MS);
    const order = {
      returnBy,
      decidedBy: input.operatorId,
      facts: input.facts.trim(),
      grounds: input.grounds.trim(),
    };
    const ordered = await startReturn(tx, dispute, "order_return", order, input.at);
    return ordered.ok ? ordered : err("illegal_transition");
  }
  return settleDispute(tx, dispute, input.refundMinor, {
    decidedBy: input.operatorId,
    actorId: input.operatorId,
    facts: input.facts.trim(),
    grounds: input.grounds.trim(),
    at: input.at,
  });
}

/** A dispute's messages, oldest first. */
export function disputeMessages(db: Db, disputeId: number) {
  return db
    .select()
    .from(dealDisputeMessages)
    .where(eq(dealDisputeMessages.disputeId, disputeId))
    .orderBy(asc(dealDisputeMessages.id));
}
