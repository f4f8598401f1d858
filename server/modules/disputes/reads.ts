import { asc, eq } from "drizzle-orm";
import type { DisputeView } from "#core/contracts/deals.ts";
import type { Db } from "#server/db/client.ts";
import { dealDisputeMessages, dealDisputes } from "./tables.ts";

/** A deal's dispute with its messages, for the deal's page and the back office; null without one. */
export async function disputeViewOf(db: Db, dealId: number): Promise<DisputeView | null> {
  const [dispute] = await db.select().from(dealDisputes).where(eq(dealDisputes.dealId, dealId));
  if (!dispute) return null;
  const messages = await db
    .select()
    .from(dealDisputeMessages)
    .where(eq(dealDisputeMessages.disputeId, dispute.id))
    .orderBy(asc(dealDisputeMessages.id));
  return {
    status: dispute.status,
    reason: dispute.reason,
    escalatableAt: dispute.escalatableAt.toISOString(),
    proposal:
      dispute.status !== "resolved" && dispute.proposedRefundMinor !== null && dispute.proposedBy
        ? { refundMinor: dispute.proposedRefundMinor, by: dispute.proposedBy }
        : null,
    outcome: dispute.outcome
      ? {
          kind: dispute.outcome,
          refundMinor: dispute.refundMinor ?? 0,
          facts: dispute.decisionFacts,
          grounds: dispute.decisionGrounds,
        }
      : null,
    messages: messages.map((message) => ({
      role: message.role as "buyer" | "seller" | "operator",
      body: message.body,
      at: message.createdAt.toISOString(),
    })),
  };
}
