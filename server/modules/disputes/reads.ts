import { asc, eq, inArray } from "drizzle-orm";
import { type DisputePhoto, type DisputeView, disputePhotoUrl } from "#core/contracts/deals.ts";
import { complaintDeadline } from "#core/contracts/moderation.ts";
import { trackingUrl } from "#core/rules/delivery.ts";
import type { Db } from "#server/db/client.ts";
import { dealSidesOf } from "../deals/index.ts";
import { appealView } from "./appeal-service.ts";
import { disputeAppeals } from "./appeals.ts";
import { type DealDispute, dealDisputeMessages, dealDisputePhotos, dealDisputes } from "./tables.ts";

/** The photos of these messages, by message, in the order they were attached. */
async function photosByMessage(db: Db, dealId: number, messageIds: number[]) {
  const byMessage = new Map<number, DisputePhoto[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(dealDisputePhotos)
    .where(inArray(dealDisputePhotos.messageId, messageIds))
    .orderBy(asc(dealDisputePhotos.id));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ id: row.id, url: disputePhotoUrl(dealId, row.id), width: row.width, height: row.height });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** A deal's dispute with its messages, for the deal's page and the back office; null without one. */
export async function disputeViewOf(db: Db, dealId: number): Promise<DisputeView | null> {
  const [dispute] = await db.select().from(dealDisputes).where(eq(dealDisputes.dealId, dealId));
  if (!dispute) return null;
  const messages = await db
    .select()
    .from(dealDisputeMessages)
    .where(eq(dealDisputeMessages.disputeId, dispute.id))
    .orderBy(asc(dealDisputeMessages.id));
  const photos = await photosByMessage(
    db,
    dealId,
    messages.map((message) => message.id),
  );
  const [appeals, sides] = await Promise.all([disputeAppeals(db, dealId), dealSidesOf(db, dealId)]);
  const appealable =
    dispute.decidedBy !== null && dispute.resolvedAt ? complaintDeadline(dispute.resolvedAt) : null;
  return {
    appeals: appeals.map((appeal) => appealView(appeal, sides)),
    appealableUntil: appealable && appealable >= new Date() ? appealable.toISOString() : null,
    status: dispute.status,
    reason: dispute.reason,
    escalatableAt: dispute.escalatableAt.toISOString(),
    proposal:
      dispute.status !== "resolved" && dispute.proposedRefundMinor !== null && dispute.proposedBy
        ? {
            refundMinor: dispute.proposedRefundMinor,
            by: dispute.proposedBy,
            ...(dispute.proposedReturn ? { return: true } : {}),
          }
        : null,
    return: returnViewOf(dispute),
    outcome: dispute.outcome
      ? {
          kind: dispute.outcome,
          refundMinor: dispute.refundMinor ?? 0,
          facts: dispute.decisionFacts,
          grounds: dispute.decisionGrounds,
        }
      : null,
    messages: messages.map((message) => ({
      role: message.role as DisputeView["messages"][number]["role"],
      body: message.body,
      at: message.createdAt.toISOString(),
      photos: photos.get(message.id) ?? [],
      photosRemoved: message.photosRemoved,
    })),
  };
}

/** A return's state (a dispute that was `returning`; its dates stay after the end), or null. */
function returnViewOf(dispute: DealDispute): DisputeView["return"] {
  if (!dispute.returnBy) return null;
  const { returnCarrier: carrier, returnTrackingNumber: trackingNumber } = dispute;
  return {
    by: dispute.returnBy.toISOString(),
    carrier,
    trackingNumber,
    trackingUrl: carrier && trackingNumber ? trackingUrl(carrier, trackingNumber) : null,
    shippedAt: dispute.returnShippedAt?.toISOString() ?? null,
    confirmBy: dispute.returnConfirmBy?.toISOString() ?? null,
  };
}

/** A photo's file and its deal, for the caller to check who asks; null when there is none. */
export async function photoRecord(db: Db, dealId: number, photoId: number) {
  const [row] = await db
    .select({ fileName: dealDisputePhotos.fileName, dealId: dealDisputes.dealId })
    .from(dealDisputePhotos)
    .innerJoin(dealDisputes, eq(dealDisputes.id, dealDisputePhotos.disputeId))
    .where(eq(dealDisputePhotos.id, photoId));
  return row && row.dealId === dealId ? row : null;
}
