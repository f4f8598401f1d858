import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { complaintDeadline } from "#core/contracts/moderation.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { dealSidesOf } from "../deals/index.ts";
import { clearStrikes, strikeReviewOf } from "../unpaid-wins/index.ts";
import { type DealAppeal, dealAppeals, dealDisputes } from "./tables.ts";

/**
 * Appeals against the operator's decisions about deals (issue 35; ADR 0079): a side of a dispute
 * the operator decided, or a buyer whose suspended bidding the operator kept, asks within six
 * months (as a moderation complaint, DSA Art. 20) for another look; a staff member other than the
 * one who decided answers with reasons, upholding or changing the decision. A changed strike
 * review clears the strikes; a changed dispute decision cannot take back money the provider
 * already moved, so the answer says what the operator does instead (ADR 0079).
 */

export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 4000;

export type AppealRefusal =
  | "not_found"
  | "not_appealable"
  | "appeal_late"
  | "already_appealed"
  | "invalid"
  | "already_answered"
  | "same_person";

const textOk = (text: string) =>
  text.trim().length >= APPEAL_TEXT_MIN && text.trim().length <= APPEAL_TEXT_MAX;

async function insertAppeal(tx: Db, values: typeof dealAppeals.$inferInsert) {
  const [row] = await tx.insert(dealAppeals).values(values).onConflictDoNothing().returning();
  return row ? ok(row) : err("already_appealed" as const);
}

/** A side of a dispute the operator decided appeals it (once per side). */
export async function appealDispute(
  tx: Db,
  input: { dealId: number; userId: number; text: string; at: Date },
): Promise<Result<DealAppeal, AppealRefusal>> {
  const sides = await dealSidesOf(tx, input.dealId);
  if (!sides || (sides.buyerId !== input.userId && sides.sellerId !== input.userId)) return err("not_found");
  const [dispute] = await tx.select().from(dealDisputes).where(eq(dealDisputes.dealId, input.dealId));
  if (dispute?.status !== "resolved" || dispute.decidedBy === null || !dispute.resolvedAt)
    return err("not_appealable");
  if (input.at > complaintDeadline(dispute.resolvedAt)) return err("appeal_late");
  if (!textOk(input.text)) return err("invalid");
  return insertAppeal(tx, {
    subject: "dispute",
    dealId: input.dealId,
    userId: input.userId,
    deciderId: dispute.decidedBy,
    text: input.text.trim(),
    createdAt: input.at,
  });
}

/** The buyer appeals the operator's review that kept their bidding suspended (once per review). */
export async function appealStrikeReview(
  tx: Db,
  input: { reviewId: number; userId: number; text: string; at: Date },
): Promise<Result<DealAppeal, AppealRefusal>> {
  const review = await strikeReviewOf(tx, input.reviewId);
  if (!review || review.userId !== input.userId) return err("not_found");
  if (review.outcome !== "kept") return err("not_appealable");
  if (input.at > complaintDeadline(review.createdAt)) return err("appeal_late");
  if (!textOk(input.text)) return err("invalid");
  return insertAppeal(tx, {
    subject: "strike_review",
    strikeReviewId: review.id,
    userId: input.userId,
    deciderId: review.reviewerId,
    text: input.text.trim(),
    createdAt: input.at,
  });
}

/** Another staff member answers an appeal: upheld or changed, with reasons. */
export async function answerAppeal(
  tx: Db,
  input: { appealId: number; staffId: number; outcome: "upheld" | "changed"; answer: string; at: Date },
): Promise<Result<DealAppeal, AppealRefusal>> {
  const [appeal] = await tx
    .select()
    .from(dealAppeals)
    .where(eq(dealAppeals.id, input.appealId))
    .for("update");
  if (!appeal) return err("not_found");
  if (appeal.answeredAt) return err("already_answered");
  if (appeal.deciderId === input.staffId) return err("same_person");
  if (!textOk(input.answer)) return err("invalid");
  if (input.outcome === "changed" && appeal.subject === "strike_review" && appeal.userId !== null)
    await clearStrikes(tx, appeal.userId, {
      operatorId: input.staffId,
      reason: `appeal #${appeal.id}: ${input.answer.trim()}`,
      at: input.at,
    });
  const [answered] = await tx
    .update(dealAppeals)
    .set({
      answeredAt: input.at,
      answeredBy: input.staffId,
      outcome: input.outcome,
      answer: input.answer.trim(),
    })
    .where(eq(dealAppeals.id, appeal.id))
    .returning();
  return ok(answered);
}

/** The appeals, the unanswered first (oldest on top), then the answered (newest on top). */
export function appealRows(db: Db) {
  return db
    .select()
    .from(dealAppeals)
    .orderBy(
      desc(isNull(dealAppeals.answeredAt)),
      sql`case when ${dealAppeals.answeredAt} is null then ${dealAppeals.createdAt} end asc`,
      desc(dealAppeals.answeredAt),
    )
    .limit(300);
}

/** The appeals about a deal's dispute (both sides see them on the deal's page). */
export function disputeAppeals(db: Db, dealId: number) {
  return db
    .select()
    .from(dealAppeals)
    .where(and(eq(dealAppeals.subject, "dispute"), eq(dealAppeals.dealId, dealId)))
    .orderBy(asc(dealAppeals.id));
}

/** The appeal against a strike review, if any. */
export async function strikeReviewAppeal(db: Db, reviewId: number) {
  const [row] = await db.select().from(dealAppeals).where(eq(dealAppeals.strikeReviewId, reviewId));
  return row ?? null;
}
