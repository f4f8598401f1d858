import { and, desc, gte, inArray } from "drizzle-orm";
import type { AdminStrikeRow } from "#core/contracts/admin-deal-support.ts";
import type { Locale } from "#core/i18n/index.ts";
import { ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import { dealCardsOf } from "../deal-admin/index.ts";
import { dealSidesOf } from "../deals/index.ts";
import type { Notifier } from "../messages/index.ts";
import { staffContactsOf } from "../users/index.ts";
import { recordStrike, reviewSuspension, STRIKES_TO_SUSPEND, type StrikeReviewInput } from "./strikes.ts";
import { buyerStrikes, strikeReviews } from "./tables.ts";

/**
 * The operator's side of unpaid wins (issue 35, items 7 and 9; ADR 0079): the buyers with strikes
 * in 12 months with their last review, the review of a suspended buyer with its statement of
 * reasons (audited, the buyer told), and the count the dashboard shows. The callers check the
 * staff scope `deals`.
 */

export type UnpaidWinsAdminDeps = {
  db: Db;
  recordAudit: RecordAudit;
  notifier: Pick<Notifier, "notify">;
  now?: () => Date;
};

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function createUnpaidWinsAdmin(deps: UnpaidWinsAdminDeps) {
  const { db, now = () => new Date() } = deps;
  return {
    /** The buyers with strikes in 12 months, the suspended first, with their last review. */
    strikes: (locale: Locale) => strikeRows(db, locale, now()),
    /** Lifts or keeps a buyer's suspended bidding with a statement of reasons; audited; the buyer is told. */
    reviewStrikes: (userId: number, input: StrikeReviewInput, actor: AuditActor) =>
      reviewStrikesByOperator(deps, userId, input, actor, now()),
    /**
     * Records the strike an unpaid deal's payment deadline would (the browser tests' control, which
     * cannot wait the days to pay): false without such a deal.
     */
    async strikeForTests(dealId: number) {
      const sides = await dealSidesOf(db, dealId);
      if (!sides) return false;
      await db.transaction((tx) => recordStrike(tx, { id: dealId, buyerId: sides.buyerId }, now()));
      return true;
    },
    /** Suspended buyers not reviewed since their last strike (the dashboard's queue). */
    strikesToReview: async () => awaitingReview(await strikeRows(db, "cs", now())),
  };
}

export type UnpaidWinsAdmin = ReturnType<typeof createUnpaidWinsAdmin>;

/** The buyers with strikes in the last 12 months: the suspended first, then by the latest strike. */
export async function strikeRows(db: Db, locale: Locale, at: Date): Promise<AdminStrikeRow[]> {
  const strikes = await db
    .select()
    .from(buyerStrikes)
    .where(gte(buyerStrikes.createdAt, new Date(at.getTime() - YEAR_MS)))
    .orderBy(desc(buyerStrikes.createdAt))
    .limit(1000);
  const userIds = [...new Set(strikes.map((strike) => strike.userId))];
  if (userIds.length === 0) return [];
  const reviews = await db
    .select()
    .from(strikeReviews)
    .where(and(inArray(strikeReviews.userId, userIds)))
    .orderBy(desc(strikeReviews.id));
  const [people, cards] = await Promise.all([
    staffContactsOf(db, [
      ...userIds,
      ...reviews.flatMap((review) => (review.reviewerId ? [review.reviewerId] : [])),
    ]),
    dealCardsOf(
      db,
      strikes.map((strike) => strike.dealId),
      locale,
    ),
  ]);
  const rows = userIds.map((userId): AdminStrikeRow => {
    const own = strikes.filter((strike) => strike.userId === userId);
    const counting = own.filter((strike) => strike.clearedAt === null).length;
    const review = reviews.find((one) => one.userId === userId);
    return {
      user: people.get(userId) ?? { id: userId, username: `#${userId}`, email: "", deleted: true },
      counting,
      suspended: counting >= STRIKES_TO_SUSPEND,
      strikes: own.map((strike) => ({
        dealId: strike.dealId,
        productName: cards.get(strike.dealId)?.productName ?? `#${strike.dealId}`,
        at: strike.createdAt.toISOString(),
        clearedAt: strike.clearedAt?.toISOString() ?? null,
      })),
      review: review
        ? {
            id: review.id,
            outcome: review.outcome,
            facts: review.facts,
            grounds: review.grounds,
            reviewer: review.reviewerId ? (people.get(review.reviewerId)?.username ?? null) : null,
            at: review.createdAt.toISOString(),
          }
        : null,
    };
  });
  return rows.sort((a, b) => Number(b.suspended) - Number(a.suspended));
}

/** How many buyers wait for the operator's review: suspended, and not reviewed since the last strike. */
export function awaitingReview(rows: readonly AdminStrikeRow[]): number {
  return rows.filter((row) => row.suspended && (!row.review || row.review.at < (row.strikes[0]?.at ?? "")))
    .length;
}

/**
 * The operator's review of a buyer's suspended bidding (issue 35, item 7): lifted or kept, with
 * the statement of reasons; audited, and the buyer gets it as a notice (the bell and a mail) with
 * the facts and the grounds, in the same transaction.
 */
async function reviewStrikesByOperator(
  deps: UnpaidWinsAdminDeps,
  userId: number,
  input: StrikeReviewInput,
  actor: AuditActor,
  at: Date,
) {
  return deps.db.transaction(async (tx) => {
    const reviewed = await reviewSuspension(tx, userId, input, { operatorId: actor.actorId, at });
    if (!reviewed.ok) return reviewed;
    const review = reviewed.value;
    await deps.recordAudit(tx, {
      actorId: actor.actorId,
      ip: actor.ip ?? null,
      action: "deal.strike_review",
      entity: "user",
      entityId: String(userId),
      data: { outcome: review.outcome, strikes: review.strikes, reviewId: review.id },
    });
    await deps.notifier.notify(tx, userId, "bidding_suspended", {
      link:
        review.outcome === "kept"
          ? { page: "accountStrikeReview", params: { reviewId: review.id } }
          : { page: "accountPurchases" },
      variant: `review_${review.outcome}`,
      values: { facts: review.facts, grounds: review.grounds },
      payload: { reviewId: review.id },
      onceKey: `strike-review:${review.id}`,
    });
    return ok(review);
  });
}
