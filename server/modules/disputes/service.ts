import type { DisputeReason } from "#core/lifecycles/dispute.ts";
import { err } from "#core/result.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import type { Notifier } from "../messages/index.ts";
import { createAppealsService } from "./appeal-service.ts";
import { createDisputeNotices } from "./notices.ts";
import type { DisputePhotoStore } from "./photos.ts";
import { disputeViewOf } from "./reads.ts";
import { createReturnService } from "./return-service.ts";
import { decideDispute, escalate, openDispute, proposeRefund, writeInDispute } from "./rules.ts";
import { createDisputeSupport } from "./support.ts";
import type { DealDispute } from "./tables.ts";
import { moveEscalatableAt } from "./transitions.ts";

export type DisputesDeps = {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  /** The `deals` setting while deals through the site are on (the answer days), else null. */
  dealsSetting: () => Promise<DealsSetting | null>;
  /** Lets the refunds and the transfer a resolution decided go out through the provider now. */
  kickCalls: () => Promise<unknown>;
  /** The back office's audit log: the operator's decision is recorded with it. */
  recordAudit: RecordAudit;
  /** The return's deadlines (returns.ts): their jobs are sent in the step's transaction. */
  jobs: Pick<JobRunner, "send">;
  /** Where the dispute photos are kept (DATA_DIR/private/dispute-photos); null: none accepted. */
  photos?: DisputePhotoStore | null;
  now?: () => Date;
};

/**
 * Disputes (issue 35, item 6; ADR 0077): each step in one transaction with its notice; an ending
 * that refunds or pays out lets the provider calls run. Answers in codes (rules.ts).
 */
export function createDisputesService(deps: DisputesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notices = createDisputeNotices(deps.notifier);
  const support = createDisputeSupport({ db, photos: deps.photos ?? null });
  const appeals = createAppealsService({ db, notifier: deps.notifier, recordAudit: deps.recordAudit, now });
  /** A step that may end the dispute: its money goes out through the provider's outbox. */
  const ending = async <T extends { ok: boolean }>(run: () => Promise<T>) => {
    const result = await run();
    if (result.ok) await deps.kickCalls();
    return result;
  };
  const returns = createReturnService({ ...deps, notices, now, ending });
  const { afterAgreement } = returns;
  return {
    /**
     * Moves the moment from which a dispute may be handed to the operator (the browser tests, which
     * cannot wait the answer days). False without such a dispute.
     */
    moveAnswerDeadline: async (dealId: number, at: Date) => (await moveEscalatableAt(db, dealId, at)) > 0,
    /** A deal's dispute (ask with a deal the caller may see: the deal's page or the operator's). */
    view: (dealId: number) => disputeViewOf(db, dealId),

    /** Appeals against the operator's decisions (appeal-service.ts; ADR 0079). */
    appeals,
    /** A dispute photo for a side of its deal or staff with `deals`; null (404) for anyone else. */
    photo: support.photo,
    /** The operator's queue of open and escalated disputes. */
    queue: support.queue,
    escalatedCount: support.escalatedCount,
    /** The buyer disputes a shipped, ready or delivered deal within the release window, with photos. */
    async open(dealId: number, buyerId: number, input: DisputeOpening) {
      const on = await deps.dealsSetting();
      if (!on) return err("unavailable" as const);
      return support.withPhotos(dealId, buyerId, input.photos ?? [], (photos) =>
        db.transaction(async (tx) => {
          const { reason, text } = input;
          const at = now();
          const answerDays = on.disputeAnswerDays;
          const opened = await openDispute(tx, { dealId, buyerId, reason, text, answerDays, at, photos });
          if (opened.ok) await notices.opened(tx, dealId);
          return opened;
        }),
      );
    },
    write: (dealId: number, userId: number, text: string, files: readonly Uint8Array[] = []) =>
      support.withPhotos(dealId, userId, files, (photos) =>
        db.transaction(async (tx) => {
          const at = now();
          const written = await writeInDispute(tx, { dealId, userId, text, at, photos });
          if (written.ok) await notices.message(tx, dealId, userId, String(at.getTime()));
          return written;
        }),
      ),
    propose: (dealId: number, userId: number, refundMinor: number) =>
      db.transaction(async (tx) => {
        const proposed = await proposeRefund(tx, { dealId, userId, refundMinor });
        if (proposed.ok) await notices.message(tx, dealId, userId, `proposal-${now().getTime()}`);
        return proposed;
      }),
    /** A proposal accepted; a return for a full refund proposed, sent back, confirmed (return-service.ts). */
    ...returns.steps,
    escalate: (dealId: number, userId: number) =>
      db.transaction(async (tx) => {
        const escalated = await escalate(tx, { dealId, userId, at: now() });
        if (escalated.ok) await notices.escalated(tx, dealId);
        return escalated;
      }),
    /** The operator's decision with its statement of reasons (the back office, the `deals` scope). */
    async decide(dealId: number, actor: AuditActor, decision: OperatorDecision) {
      const returnShipDays = decision.returnItem ? await returns.returnShipDays() : null;
      const ordered = { ...decision, returnShipDays };
      return ending(() => decideWithAudit({ ...deps, afterAgreement }, dealId, actor, ordered, now()));
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;

export type DisputeOpening = { reason: DisputeReason; text: string; photos?: readonly Uint8Array[] };
/** The operator's decision: a refund of 0 to what is held, or (`returnItem`) a full refund after the return. */
export type OperatorDecision = { refundMinor: number; facts: string; grounds: string; returnItem?: boolean };

/** The operator's decision, its notices to both sides and its audit row, in one transaction. */
function decideWithAudit(
  deps: DisputesDeps & { afterAgreement: (tx: Db, dispute: DealDispute, at: Date) => Promise<unknown> },
  dealId: number,
  actor: AuditActor,
  decision: OperatorDecision & { returnShipDays: number | null },
  at: Date,
) {
  return deps.db.transaction(async (tx) => {
    const decided = await decideDispute(tx, { dealId, operatorId: actor.actorId, ...decision, at });
    if (!decided.ok) return decided;
    await deps.afterAgreement(tx, decided.value, at);
    await deps.recordAudit(tx, {
      actorId: actor.actorId,
      ip: actor.ip ?? null,
      action: "deal.dispute_decision",
      entity: "deal",
      entityId: String(dealId),
      data:
        decided.value.status === "returning"
          ? { outcome: "return", returnBy: decided.value.returnBy?.toISOString() ?? null }
          : { outcome: decided.value.outcome, refundMinor: decided.value.refundMinor },
    });
    return decided;
  });
}
