import { and, asc, eq, isNull } from "drizzle-orm";
import { OPERATOR_CANCELLABLE } from "#core/contracts/admin-deals.ts";
import type { DealStatus } from "#core/lifecycles/deal.ts";
import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { type CallOutcome, makeCall } from "../provider-calls.ts";
import { cancelDeal, step } from "../settle.ts";
import { dealProviderCalls } from "../tables/provider.ts";
import { deals } from "../tables.ts";
import { lockDeal } from "../transitions.ts";
import { type FlowContext, PROVIDER_CALLS_QUEUE } from "./context.ts";

/**
 * The operator's moves on a deal (issue 35, item 9; ADR 0076), which the back office
 * (server/modules/deal-admin, ADR 0089) asks for and audits: the provider's pending calls of a
 * deal made now instead of at the job's next retry, and a cancel before the goods left, which
 * refunds whatever is held through the provider.
 */

export type RetryOutcome = { done: number; refused: number; failed: number };

/** An operator's cancel: who, why, when, and the audit record written in its transaction. */
export type OperatorCancel = {
  actorId: number;
  reason: string;
  at: Date;
  audit: (tx: Db, from: DealStatus) => Promise<void>;
};

export function operatorSteps(ctx: FlowContext) {
  const { db, jobs, logger } = ctx;
  const kickCalls = () =>
    jobs
      .send(PROVIDER_CALLS_QUEUE, {}, { singletonKey: "run" })
      .catch((error) => logger.warn({ err: error }, "the provider calls' job could not be sent"));
  return {
    /**
     * Makes the deal's calls not made yet, one by one; a provider that is down counts as failed
     * (the job's retries go on as before). Answers how many of each (and how many it tried).
     */
    async retryCallsByOperator(dealId: number) {
      const marketplace = ctx.marketplace;
      const [deal] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId));
      if (!deal) return err("not_found" as const);
      if (!marketplace) return err("unavailable" as const);
      const pending = await db
        .select({ id: dealProviderCalls.id })
        .from(dealProviderCalls)
        .where(and(eq(dealProviderCalls.dealId, dealId), isNull(dealProviderCalls.doneAt)))
        .orderBy(asc(dealProviderCalls.id));
      const outcome: RetryOutcome = { done: 0, refused: 0, failed: 0 };
      for (const call of pending) {
        let made: CallOutcome | "failed";
        try {
          made = await makeCall(db, marketplace, call.id);
        } catch (error) {
          logger.warn({ err: error, dealId, callId: call.id }, "a deal's provider call failed on retry");
          made = "failed";
        }
        if (made === "done" || made === "already_done") outcome.done += 1;
        else if (made === "refused") outcome.refused += 1;
        else if (made === "failed") outcome.failed += 1;
      }
      return ok({ calls: pending.length, ...outcome });
    },

    /**
     * The operator cancels a deal before the goods left (the lifecycle's `cancel`): what is held
     * is refunded in full through the provider (the refund's call decided in the same
     * transaction, and let out after it), both sides are told, and the caller's audit is written
     * in the transaction.
     */
    async cancelByOperator(dealId: number, cancel: OperatorCancel) {
      const result = await db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal) return err("not_found" as const);
        if (!OPERATOR_CANCELLABLE.includes(deal.status)) return err("illegal_transition" as const);
        const cancelled = await step(tx, async (inner) => {
          const moved = await cancelDeal(inner, deal.id, `deal:${deal.id}:operator-cancel`, {
            actorId: cancel.actorId,
            reason: cancel.reason,
            at: cancel.at,
          });
          await ctx.notices.cancelled(inner, moved, "operator");
          return moved;
        });
        if (!cancelled.ok) return err("illegal_transition" as const);
        await cancel.audit(tx, deal.status);
        return ok(cancelled.value);
      });
      if (result.ok) await kickCalls();
      return result;
    },
  };
}
