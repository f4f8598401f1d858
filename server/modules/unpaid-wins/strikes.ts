import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { buyerStrikes, strikeReviews } from "./tables.ts";

/**
 * Strikes (issue 35, item 7; docs/product/deals.md, "The winner who does not pay"): a deal left
 * unpaid (won, bought with "Koupit", accepted from a payment request) gives its buyer a strike;
 * two within 12 months suspend their bidding and buying until the operator reviews them and
 * clears them (with reasons) or leaves them.
 */

export const STRIKES_TO_SUSPEND = 2;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

async function countingStrikes(executor: Db, userId: number, now: Date): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(buyerStrikes)
    .where(
      and(
        eq(buyerStrikes.userId, userId),
        isNull(buyerStrikes.clearedAt),
        gte(buyerStrikes.createdAt, new Date(now.getTime() - YEAR_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The strike of a deal cancelled unpaid (once per deal); says whether it suspends bidding now. */
export async function recordStrike(
  tx: Db,
  deal: { id: number; buyerId: number },
  now: Date,
): Promise<{ recorded: boolean; suspendedNow: boolean }> {
  const inserted = await tx
    .insert(buyerStrikes)
    .values({ userId: deal.buyerId, dealId: deal.id, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: buyerStrikes.id });
  if (inserted.length === 0) return { recorded: false, suspendedNow: false };
  return {
    recorded: true,
    suspendedNow: (await countingStrikes(tx, deal.buyerId, now)) === STRIKES_TO_SUSPEND,
  };
}

/** Whether the user's bidding is suspended: two or more strikes in 12 months the operator has not cleared. */
export async function isBiddingSuspended(db: Db, userId: number, now: Date): Promise<boolean> {
  return (await countingStrikes(db, userId, now)) >= STRIKES_TO_SUSPEND;
}

/** The operator's review: the user's counting strikes cleared, with the reasons; answers how many. */
export async function clearStrikes(
  db: Db,
  userId: number,
  review: { operatorId: number; reason: string; at: Date },
): Promise<number> {
  const cleared = await db
    .update(buyerStrikes)
    .set({ clearedAt: review.at, clearedBy: review.operatorId, clearedReason: review.reason })
    .where(and(eq(buyerStrikes.userId, userId), isNull(buyerStrikes.clearedAt)))
    .returning({ id: buyerStrikes.id });
  return cleared.length;
}

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 4000;

export type StrikeReviewInput = { outcome: "lifted" | "kept"; facts: string; grounds: string };

/**
 * The operator's review of a suspended buyer (two or more counting strikes): lifted, the counting
 * strikes cleared with the reasons, or kept; either way the statement of reasons (facts and
 * grounds, as the dispute decisions and moderation record them) is kept and answered.
 */
export async function reviewSuspension(
  tx: Db,
  userId: number,
  input: StrikeReviewInput,
  review: { operatorId: number; at: Date },
) {
  const facts = input.facts.trim();
  const grounds = input.grounds.trim();
  const ok = (text: string) => text.length >= REVIEW_TEXT_MIN && text.length <= REVIEW_TEXT_MAX;
  if (!ok(facts) || !ok(grounds)) return { ok: false as const, code: "invalid" as const };
  const strikes = await countingStrikes(tx, userId, review.at);
  if (strikes < STRIKES_TO_SUSPEND) return { ok: false as const, code: "not_suspended" as const };
  if (input.outcome === "lifted")
    await clearStrikes(tx, userId, {
      operatorId: review.operatorId,
      reason: `${facts}\n\n${grounds}`,
      at: review.at,
    });
  const [row] = await tx
    .insert(strikeReviews)
    .values({
      userId,
      outcome: input.outcome,
      strikes,
      facts,
      grounds,
      reviewerId: review.operatorId,
      createdAt: review.at,
    })
    .returning();
  return { ok: true as const, value: row };
}

/** A review with its buyer and reviewer (the appeals against it, server/modules/disputes); null without it. */
export async function strikeReviewOf(db: Db, reviewId: number) {
  const [row] = await db.select().from(strikeReviews).where(eq(strikeReviews.id, reviewId));
  return row ?? null;
}
