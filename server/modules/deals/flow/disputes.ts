import type { DisputeReason } from "#core/lifecycles/dispute.ts";
import { err } from "#core/result.ts";
import {
  acceptProposal,
  decideDispute,
  escalate,
  openDispute,
  proposeRefund,
  writeInDispute,
} from "../disputes.ts";
import type { FlowContext } from "./context.ts";

/**
 * Disputes through the flow (issue 35, item 6): each step in one transaction with its notice; an
 * ending that refunds or pays out lets the provider calls run.
 */
export function disputeSteps(ctx: FlowContext) {
  const { db, notices, now, setting } = ctx;
  /** Runs a step; when it ended the dispute, the money goes out through the provider's outbox. */
  const ending = async <T extends { ok: boolean }>(run: () => Promise<T>) => {
    const result = await run();
    if (result.ok) await ctx.kickCalls();
    return result;
  };
  return {
    /** The buyer disputes a shipped, ready or delivered deal within the release window. */
    async openDispute(dealId: number, buyerId: number, input: { reason: DisputeReason; text: string }) {
      const on = await setting();
      if (!on) return err("unavailable" as const);
      return db.transaction(async (tx) => {
        const opened = await openDispute(tx, {
          dealId,
          buyerId,
          ...input,
          answerDays: on.disputeAnswerDays,
          at: now(),
        });
        if (opened.ok) await notices.dispute(tx, dealId, "opened", "seller");
        return opened;
      });
    },
    writeInDispute: (dealId: number, userId: number, text: string) =>
      db.transaction(async (tx) => {
        const written = await writeInDispute(tx, { dealId, userId, text, at: now() });
        if (written.ok) await notices.disputeMessage(tx, dealId, userId);
        return written;
      }),
    proposeRefund: (dealId: number, userId: number, refundMinor: number) =>
      db.transaction(async (tx) => {
        const proposed = await proposeRefund(tx, { dealId, userId, refundMinor });
        if (proposed.ok) await notices.disputeMessage(tx, dealId, userId);
        return proposed;
      }),
    acceptProposal: (dealId: number, userId: number) =>
      ending(() =>
        db.transaction(async (tx) => {
          const accepted = await acceptProposal(tx, { dealId, userId, at: now() });
          if (accepted.ok) await notices.disputeResolved(tx, dealId);
          return accepted;
        }),
      ),
    escalateDispute: (dealId: number, userId: number) =>
      db.transaction(async (tx) => {
        const escalated = await escalate(tx, { dealId, userId, at: now() });
        if (escalated.ok) await notices.disputeEscalated(tx, dealId);
        return escalated;
      }),
    /** The operator's decision with its statement of reasons (the back office, the `deals` scope). */
    decideDispute: (
      dealId: number,
      operatorId: number,
      decision: { refundMinor: number; facts: string; grounds: string },
    ) =>
      ending(() =>
        db.transaction(async (tx) => {
          const decided = await decideDispute(tx, { dealId, operatorId, ...decision, at: now() });
          if (decided.ok) await notices.disputeResolved(tx, dealId);
          return decided;
        }),
      ),
  };
}
