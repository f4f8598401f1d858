import { and, asc, eq, isNull } from "drizzle-orm";
import { OPERATOR_CANCELLABLE } from "#core/contracts/admin-deals.ts";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import type { DealNotices } from "./notices.ts";
import { type CallOutcome, makeCall } from "./provider-calls.ts";
import { cancelDeal, step } from "./settle.ts";
import { dealProviderCalls } from "./tables/provider.ts";
import { deals } from "./tables.ts";
import { lockDeal } from "./transitions.ts";

/**
 * The operator's moves on a deal (issue 35, item 9; ADR 0076), each audited with who made it:
 * the provider's pending calls of a deal made now instead of at the job's next retry, and a
 * cancel before the goods left, which refunds whatever is held through the provider.
 */

export type ActionDeps = {
  db: Db;
  marketplace: MarketplacePayments | null;
  notices: DealNotices;
  recordAudit: RecordAudit;
  logger: Pick<Logger, "warn">;
};

export const CANCEL_REASON_MAX = 500;

export type RetryOutcome = { done: number; refused: number; failed: number };

/** Makes the deal's calls not made yet, one by one; a provider that is down counts as failed. */
export async function retryDealCalls(deps: ActionDeps, dealId: number, actor: AuditActor) {
  const { db, marketplace } = deps;
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
      // The provider could not answer; the job's retries go on as before.
      deps.logger.warn({ err: error, dealId, callId: call.id }, "a deal's provider call failed on retry");
      made = "failed";
    }
    if (made === "done" || made === "already_done") outcome.done += 1;
    else if (made === "refused") outcome.refused += 1;
    else if (made === "failed") outcome.failed += 1;
  }
  await deps.recordAudit(db, {
    actorId: actor.actorId,
    ip: actor.ip ?? null,
    action: "deal.retry_calls",
    entity: "deal",
    entityId: String(dealId),
    data: { calls: pending.length, ...outcome },
  });
  return ok(outcome);
}

/**
 * The operator cancels a deal before the goods left (the lifecycle's `cancel`): what is held is
 * refunded in full through the provider (the refund's call decided in the same transaction), both
 * sides are told, and the audit says who and why. The reason is required.
 */
export async function cancelDealByOperator(
  deps: ActionDeps,
  dealId: number,
  input: { reason: string },
  actor: AuditActor,
  at: Date,
) {
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > CANCEL_REASON_MAX) return err("invalid" as const);
  return deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) return err("not_found" as const);
    if (!OPERATOR_CANCELLABLE.includes(deal.status)) return err("illegal_transition" as const);
    const cancelled = await step(tx, async (inner) => {
      const moved = await cancelDeal(inner, deal.id, `deal:${deal.id}:operator-cancel`, {
        actorId: actor.actorId,
        reason,
        at,
      });
      await deps.notices.cancelled(inner, moved, "operator");
      return moved;
    });
    if (!cancelled.ok) return err("illegal_transition" as const);
    await deps.recordAudit(tx, {
      actorId: actor.actorId,
      ip: actor.ip ?? null,
      action: "deal.cancel",
      entity: "deal",
      entityId: String(deal.id),
      data: { from: deal.status, reason },
    });
    return ok(cancelled.value);
  });
}
