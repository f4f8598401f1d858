import { eq } from "drizzle-orm";
import {
  type DisputeReason,
  type DisputeTransition,
  disputeLifecycle,
  IllegalTransitionError,
} from "#core/lifecycles/dispute.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { type DealDispute, dealDisputes } from "./tables.ts";

/**
 * The only place a dispute is created or its status written (docs/architecture.md, "Lifecycles"):
 * each operation applies its named transition of core/lifecycles/dispute.ts to the row read under
 * its lock. A move the lifecycle does not allow is refused with `illegal_transition`.
 */

export async function lockDispute(tx: Db, dealId: number): Promise<DealDispute | null> {
  const [row] = await tx.select().from(dealDisputes).where(eq(dealDisputes.dealId, dealId)).for("update");
  return row ?? null;
}

/** dispute.open: the buyer's dispute of a deal (one per deal; a second answers `already_disputed`). */
export async function createDispute(
  tx: Db,
  input: { dealId: number; reason: DisputeReason; escalatableAt: Date; at: Date },
): Promise<Result<DealDispute, "already_disputed">> {
  const [created] = await tx
    .insert(dealDisputes)
    .values({
      dealId: input.dealId,
      status: disputeLifecycle.create("open"),
      reason: input.reason,
      escalatableAt: input.escalatableAt,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  return created ? ok(created) : err("already_disputed");
}

type Move = Result<DealDispute, "illegal_transition">;

async function move(
  tx: Db,
  dispute: DealDispute,
  name: Exclude<DisputeTransition, "open">,
  columns: Partial<DealDispute>,
  at: Date,
): Promise<Move> {
  let status: DealDispute["status"];
  try {
    status = disputeLifecycle.move(name, dispute.status);
  } catch (error) {
    if (error instanceof IllegalTransitionError) return err("illegal_transition");
    throw error;
  }
  const [updated] = await tx
    .update(dealDisputes)
    .set({ ...columns, status, updatedAt: at })
    .where(eq(dealDisputes.id, dispute.id))
    .returning();
  return ok(updated);
}

/** dispute.escalate: the operator decides. */
export const escalateDispute = (tx: Db, dispute: DealDispute, at: Date) =>
  move(tx, dispute, "escalate", { escalatedAt: at }, at);

/**
 * dispute.resolve: by an agreement (decidedBy null) or the operator's decision with its reasons;
 * dispute.return_received: the returned item arrived (or its confirm days passed), a full refund.
 */
export const resolveDispute = (
  tx: Db,
  dispute: DealDispute,
  resolution: {
    outcome: NonNullable<DealDispute["outcome"]>;
    refundMinor: number;
    decidedBy: number | null;
    facts: string | null;
    grounds: string | null;
  },
  at: Date,
  name: "resolve" | "return_received" = "resolve",
) =>
  move(
    tx,
    dispute,
    name,
    {
      outcome: resolution.outcome,
      refundMinor: resolution.refundMinor,
      decidedBy: resolution.decidedBy,
      decisionFacts: resolution.facts,
      decisionGrounds: resolution.grounds,
      resolvedAt: at,
    },
    at,
  );

/**
 * dispute.agree_return (the other side accepted a proposed return) or dispute.order_return (the
 * operator's decision with its reasons): the buyer sends the item back by `returnBy`.
 */
export const startReturn = (
  tx: Db,
  dispute: DealDispute,
  name: "agree_return" | "order_return",
  order: { returnBy: Date; decidedBy: number | null; facts: string | null; grounds: string | null },
  at: Date,
) =>
  move(
    tx,
    dispute,
    name,
    {
      proposedRefundMinor: null,
      proposedBy: null,
      proposedReturn: false,
      returnBy: order.returnBy,
      returnCarrier: null,
      returnTrackingNumber: null,
      returnShippedAt: null,
      returnConfirmBy: null,
      decidedBy: order.decidedBy,
      decisionFacts: order.facts,
      decisionGrounds: order.grounds,
    },
    at,
  );

/** The buyer's return shipment (not a status move): the seller confirms its receipt by `confirmBy`. */
export async function recordReturnShipment(
  tx: Db,
  dispute: DealDispute,
  shipment: { carrier: NonNullable<DealDispute["returnCarrier"]>; trackingNumber: string; confirmBy: Date },
  at: Date,
): Promise<DealDispute> {
  const [updated] = await tx
    .update(dealDisputes)
    .set({
      returnCarrier: shipment.carrier,
      returnTrackingNumber: shipment.trackingNumber,
      returnShippedAt: at,
      returnConfirmBy: shipment.confirmBy,
      updatedAt: at,
    })
    .where(eq(dealDisputes.id, dispute.id))
    .returning();
  return updated;
}

/** dispute.return_lapsed: no return shipment by its deadline; the operator decides. */
export const lapseReturn = (tx: Db, dispute: DealDispute, at: Date) =>
  move(tx, dispute, "return_lapsed", { escalatedAt: at }, at);

/** The answer days' end moved (the browser tests' control; not a status move): how many rows changed. */
export async function moveEscalatableAt(db: Db, dealId: number, at: Date): Promise<number> {
  const moved = await db
    .update(dealDisputes)
    .set({ escalatableAt: at })
    .where(eq(dealDisputes.dealId, dealId))
    .returning({ id: dealDisputes.id });
  return moved.length;
}
