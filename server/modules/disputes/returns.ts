import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { DisputeSystemMessage } from "#core/contracts/deals.ts";
import { err, ok, type Result } from "#core/result.ts";
import { isTrackingNumber } from "#core/rules/delivery.ts";
import { CARRIERS } from "#core/schemas/delivery.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { balancesOf, lockDeal } from "../deals/index.ts";
import {
  DAY_MS,
  type DisputeRefusal,
  insertMessage,
  lockedParty,
  PROPOSABLE,
  settleDispute,
} from "./rules.ts";
import { type DealDispute, dealDisputes } from "./tables.ts";
import { lapseReturn, lockDispute, recordReturnShipment } from "./transitions.ts";

/**
 * A return for a full refund in a dispute (issue 35, item 6; ADR 0077, "Amendment: returns"):
 * proposed by either side and accepted by the other, or ordered by the operator; the buyer sends
 * the item back with a carrier and its tracking number within `returnShipDays`, the seller confirms
 * its receipt and the buyer is refunded in full, as an agreed full refund. Not sent in time, the
 * dispute goes back to the operator; not confirmed within `returnConfirmDays` of the tracking
 * number, the refund happens without the seller (the number is the buyer's evidence).
 */

export const DEFAULT_RETURN_SHIP_DAYS = 7;
export const DEFAULT_RETURN_CONFIRM_DAYS = 14;
/** The buyer is reminded this long before the return's deadline, if nothing was sent yet. */
const REMINDER_MS = 24 * 60 * 60 * 1000;

export const RETURN_DEADLINE_QUEUE = "disputes.return-deadline";
export const RETURN_SWEEP_QUEUE = "disputes.return-sweep";
/** `ship`: the return's deadline; `confirm`: the seller's; `ship_reminder`: the buyer's reminder. */
export type ReturnJob = { dealId: number; kind: "ship" | "ship_reminder" | "confirm" };

/** One side proposes the item's return for a full refund (what is held), for the other to accept. */
export async function proposeReturn(
  tx: Db,
  input: { dealId: number; userId: number },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.userId);
  if (!party) return err("not_found");
  if (!PROPOSABLE.has(party.dispute.status)) return err("illegal_transition");
  const held = (await balancesOf(tx, input.dealId)).held;
  const [updated] = await tx
    .update(dealDisputes)
    .set({ proposedRefundMinor: held, proposedBy: party.role, proposedReturn: true })
    .where(eq(dealDisputes.id, party.dispute.id))
    .returning();
  return ok(updated);
}

/** The buyer's return shipment: a carrier and a tracking number, within the return's deadline. */
export async function shipReturn(
  tx: Db,
  input: {
    dealId: number;
    buyerId: number;
    carrier: string;
    trackingNumber: string;
    confirmDays: number;
    at: Date;
  },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.buyerId);
  if (party?.role !== "buyer") return err("not_found");
  const { dispute } = party;
  if (dispute.status !== "returning" || dispute.returnShippedAt !== null) return err("illegal_transition");
  if (dispute.returnBy && dispute.returnBy <= input.at) return err("illegal_transition");
  const carrier = CARRIERS.find((one) => one === input.carrier);
  const trackingNumber = input.trackingNumber.trim();
  if (!carrier || !isTrackingNumber(trackingNumber)) return err("invalid");
  const confirmBy = new Date(input.at.getTime() + input.confirmDays * DAY_MS);
  return ok(await recordReturnShipment(tx, dispute, { carrier, trackingNumber, confirmBy }, input.at));
}

/** The full refund after the return, as an agreed full refund (the operator's order kept as its reasons). */
const refundAfterReturn = (tx: Db, dispute: DealDispute, actorId: number | null, at: Date) =>
  balancesOf(tx, dispute.dealId).then(({ held }) =>
    settleDispute(
      tx,
      dispute,
      held,
      {
        decidedBy: dispute.decidedBy,
        actorId,
        facts: dispute.decisionFacts,
        grounds: dispute.decisionGrounds,
        at,
      },
      "return_received",
    ),
  );

/** The seller has the item back: the buyer is refunded in full (a second confirmation is refused). */
export async function confirmReturn(
  tx: Db,
  input: { dealId: number; sellerId: number; at: Date },
): Promise<Result<DealDispute, DisputeRefusal>> {
  const party = await lockedParty(tx, input.dealId, input.sellerId);
  if (party?.role !== "seller") return err("not_found");
  if (party.dispute.status !== "returning" || party.dispute.returnShippedAt === null)
    return err("illegal_transition");
  return refundAfterReturn(tx, party.dispute, input.sellerId, input.at);
}

/** The return's jobs, sent in the transaction that set its dates. */
export async function scheduleReturnJobs(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  dispute: DealDispute,
  now: Date,
): Promise<void> {
  const send = (kind: ReturnJob["kind"], at: Date) =>
    jobs.send(RETURN_DEADLINE_QUEUE, { dealId: dispute.dealId, kind }, { startAfter: at, tx });
  if (dispute.returnShippedAt === null && dispute.returnBy) {
    await send("ship", dispute.returnBy);
    const remindAt = new Date(dispute.returnBy.getTime() - REMINDER_MS);
    if (remindAt > now) await send("ship_reminder", remindAt);
  } else if (dispute.returnConfirmBy) await send("confirm", dispute.returnConfirmBy);
}

export type ReturnDeadlineOutcome = "reminded" | "lapsed" | "refunded" | "not_due";
type ReturnNotices = {
  returnReminder: (tx: Db, dealId: number, values: { returnBy: Date }) => Promise<unknown>;
  returnLapsed: (tx: Db, dealId: number, values: { returnBy: Date }) => Promise<unknown>;
  returnRefunded: (tx: Db, dealId: number, automatic: boolean) => Promise<unknown>;
};

/**
 * A return's deadline, decided on the dispute under its lock: it acts only while the dispute still
 * waits for what the deadline is about and its date has passed, so a stale or repeated job does nothing.
 */
export function applyReturnDeadline(
  db: Db,
  notices: ReturnNotices,
  job: ReturnJob,
  now: Date,
): Promise<ReturnDeadlineOutcome> {
  return db.transaction(async (tx): Promise<ReturnDeadlineOutcome> => {
    if (!(await lockDeal(tx, job.dealId))) return "not_due";
    const dispute = await lockDispute(tx, job.dealId);
    if (dispute?.status !== "returning" || !dispute.returnBy) return "not_due";
    const waitsForShipment = dispute.returnShippedAt === null;
    if (job.kind === "ship_reminder") {
      const dueIn = dispute.returnBy.getTime() - now.getTime();
      if (!waitsForShipment || dueIn <= 0 || dueIn > REMINDER_MS + 60_000) return "not_due";
      await notices.returnReminder(tx, job.dealId, { returnBy: dispute.returnBy });
      return "reminded";
    }
    if (job.kind === "ship" && waitsForShipment && dispute.returnBy <= now) {
      const lapsed = await lapseReturn(tx, dispute, now);
      if (!lapsed.ok) return "not_due";
      await insertMessage(tx, {
        disputeId: dispute.id,
        authorId: null,
        role: "system",
        // A system message's body is its code; the pages say it in the reader's language.
        body: "return_lapsed" satisfies DisputeSystemMessage,
        at: now,
      });
      await notices.returnLapsed(tx, job.dealId, { returnBy: dispute.returnBy });
      return "lapsed";
    }
    if (
      job.kind === "confirm" &&
      !waitsForShipment &&
      dispute.returnConfirmBy &&
      dispute.returnConfirmBy <= now
    ) {
      const refunded = await refundAfterReturn(tx, dispute, null, now);
      if (!refunded.ok) return "not_due";
      await notices.returnRefunded(tx, job.dealId, true);
      return "refunded";
    }
    return "not_due";
  });
}

/** Every return deadline that has passed on a dispute still waiting for it (the sweep). */
export async function overdueReturns(db: Db, now: Date): Promise<ReturnJob[]> {
  const rows = await db
    .select({ dealId: dealDisputes.dealId, shippedAt: dealDisputes.returnShippedAt })
    .from(dealDisputes)
    .where(
      and(
        eq(dealDisputes.status, "returning"),
        or(
          and(isNull(dealDisputes.returnShippedAt), lte(dealDisputes.returnBy, now)),
          and(isNotNull(dealDisputes.returnShippedAt), lte(dealDisputes.returnConfirmBy, now)),
        ),
      ),
    );
  return rows.map((row) => ({ dealId: row.dealId, kind: row.shippedAt ? "confirm" : "ship" }));
}
