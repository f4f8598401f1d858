import type { AdminAppealRow, AppealView, StrikeReviewView } from "#core/contracts/deal-appeals.ts";
import { complaintDeadline } from "#core/contracts/moderation.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import type { Notifier } from "../messages/index.ts";
import { strikeReviewOf } from "../unpaid-wins/index.ts";
import { staffContactsOf } from "../users/index.ts";
import {
  answerAppeal,
  appealDispute,
  appealRows,
  appealStrikeReview,
  disputeAppeals,
  strikeReviewAppeal,
} from "./appeals.ts";
import type { DealAppeal } from "./tables.ts";

/**
 * The appeals' service (appeals.ts; ADR 0079): each step in one transaction with its audit row,
 * and the appellant told of the answer (the bell and a mail) with its reasons.
 */

export type AppealsDeps = {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  recordAudit: RecordAudit;
  now: () => Date;
};

const answerOf = (appeal: DealAppeal) =>
  appeal.answeredAt && appeal.outcome
    ? { outcome: appeal.outcome, text: appeal.answer ?? "", at: appeal.answeredAt.toISOString() }
    : null;

export const appealView = (
  appeal: DealAppeal,
  sides: { buyerId: number; sellerId: number } | null,
): AppealView => ({
  id: appeal.id,
  role: appeal.userId === sides?.buyerId ? "buyer" : appeal.userId === sides?.sellerId ? "seller" : "other",
  text: appeal.text,
  at: appeal.createdAt.toISOString(),
  answer: answerOf(appeal),
});

export function createAppealsService(deps: AppealsDeps) {
  const { db, now } = deps;
  const audited = async (tx: Db, actorId: number, ip: string | null, action: string, appeal: DealAppeal) =>
    deps.recordAudit(tx, {
      actorId,
      ip,
      action,
      entity: appeal.subject === "dispute" ? "deal" : "user",
      entityId: String(appeal.subject === "dispute" ? appeal.dealId : appeal.userId),
      data: { appealId: appeal.id, subject: appeal.subject, outcome: appeal.outcome },
    });
  return {
    /** A side of a decided dispute appeals the operator's decision. */
    appealDispute: (dealId: number, userId: number, text: string, ip: string | null = null) =>
      db.transaction(async (tx) => {
        const made = await appealDispute(tx, { dealId, userId, text, at: now() });
        if (made.ok) await audited(tx, userId, ip, "deal.appeal", made.value);
        return made;
      }),
    /** The buyer appeals a kept suspension. */
    appealStrikeReview: (reviewId: number, userId: number, text: string, ip: string | null = null) =>
      db.transaction(async (tx) => {
        const made = await appealStrikeReview(tx, { reviewId, userId, text, at: now() });
        if (made.ok) await audited(tx, userId, ip, "deal.appeal", made.value);
        return made;
      }),
    /** A review of the user's suspension with its appeal; null when it is not theirs (404). */
    async strikeReviewFor(userId: number, reviewId: number): Promise<StrikeReviewView | null> {
      const review = await strikeReviewOf(db, reviewId);
      if (!review || review.userId !== userId) return null;
      const appeal = await strikeReviewAppeal(db, reviewId);
      const until = complaintDeadline(review.createdAt);
      return {
        id: review.id,
        outcome: review.outcome,
        strikes: review.strikes,
        facts: review.facts,
        grounds: review.grounds,
        at: review.createdAt.toISOString(),
        appealableUntil: review.outcome === "kept" && now() <= until ? until.toISOString() : null,
        appeal: appeal ? appealView(appeal, { buyerId: userId, sellerId: -1 }) : null,
      };
    },
    /** The appeals about a deal's dispute. */
    disputeAppeals: (dealId: number) => disputeAppeals(db, dealId),
    /** The back office's queue; `staffId` marks the appeals against the viewer's own decisions. */
    async appeals(staffId: number): Promise<AdminAppealRow[]> {
      const rows = await appealRows(db);
      const people = await staffContactsOf(
        db,
        rows.flatMap((row) =>
          [row.userId, row.deciderId, row.answeredBy].filter((id): id is number => id !== null),
        ),
      );
      const name = (id: number | null) => (id === null ? null : (people.get(id)?.username ?? `#${id}`));
      return rows.map((row) => {
        const user = row.userId === null ? null : people.get(row.userId);
        const answer = answerOf(row);
        return {
          id: row.id,
          subject: row.subject,
          dealId: row.dealId,
          strikeReviewId: row.strikeReviewId,
          user: user ? { id: user.id, username: user.username, email: user.email } : null,
          decider: name(row.deciderId),
          ownDecision: row.deciderId === staffId,
          text: row.text,
          at: row.createdAt.toISOString(),
          answer: answer ? { ...answer, by: name(row.answeredBy) } : null,
        };
      });
    },
    /** Another staff member answers; audited; the appellant is told with the reasons. */
    answer: (appealId: number, actor: AuditActor, input: { outcome: "upheld" | "changed"; answer: string }) =>
      answerWithNotice(deps, audited, appealId, actor, input),
  };
}

export type AppealsService = ReturnType<typeof createAppealsService>;

type Audited = (
  tx: Db,
  actorId: number,
  ip: string | null,
  action: string,
  appeal: DealAppeal,
) => Promise<void>;

/** The answer, its audit row and the appellant's notice (the bell and a mail), in one transaction. */
function answerWithNotice(
  deps: AppealsDeps,
  audited: Audited,
  appealId: number,
  actor: AuditActor,
  input: { outcome: "upheld" | "changed"; answer: string },
) {
  return deps.db.transaction(async (tx) => {
    const answered = await answerAppeal(tx, { appealId, staffId: actor.actorId, ...input, at: deps.now() });
    if (!answered.ok) return answered;
    const appeal = answered.value;
    await audited(tx, actor.actorId, actor.ip ?? null, "deal.appeal_answer", appeal);
    if (appeal.userId !== null)
      await deps.notifier.notify(
        tx,
        appeal.userId,
        appeal.subject === "dispute" ? "deal_dispute" : "bidding_suspended",
        {
          link:
            appeal.subject === "dispute" && appeal.dealId !== null
              ? { page: "accountDeal", params: { dealId: appeal.dealId } }
              : { page: "accountStrikeReview", params: { reviewId: appeal.strikeReviewId ?? 0 } },
          variant: `appeal_${appeal.outcome}`,
          values: { answer: appeal.answer ?? "" },
          payload: { appealId: appeal.id },
          onceKey: `deal-appeal:${appeal.id}`,
        },
      );
    return answered;
  });
}
