import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import type { DealFlow } from "../deals/index.ts";

/**
 * The operator's moves on a deal (issue 35, item 9; ADR 0076), each audited with who made it: the
 * deals' flow makes them (its named transition, its money movements, its notices, ADR 0089), this
 * side checks the input and writes the audit.
 */

export type ActionDeps = {
  db: Db;
  flow: Pick<DealFlow, "retryCallsByOperator" | "cancelByOperator">;
  recordAudit: RecordAudit;
};

export const CANCEL_REASON_MAX = 500;

/** Makes the deal's calls not made yet, one by one; a provider that is down counts as failed. */
export async function retryDealCalls(deps: ActionDeps, dealId: number, actor: AuditActor) {
  const result = await deps.flow.retryCallsByOperator(dealId);
  if (!result.ok) return result;
  const { calls, ...outcome } = result.value;
  await deps.recordAudit(deps.db, {
    actorId: actor.actorId,
    ip: actor.ip ?? null,
    action: "deal.retry_calls",
    entity: "deal",
    entityId: String(dealId),
    data: { calls, ...outcome },
  });
  return ok(outcome);
}

/**
 * The operator cancels a deal before the goods left (the lifecycle's `cancel`): what is held is
 * refunded in full through the provider, both sides are told, and the audit says who and why. The
 * reason is required.
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
  return deps.flow.cancelByOperator(dealId, {
    actorId: actor.actorId,
    reason,
    at,
    audit: (tx, from) =>
      deps.recordAudit(tx, {
        actorId: actor.actorId,
        ip: actor.ip ?? null,
        action: "deal.cancel",
        entity: "deal",
        entityId: String(dealId),
        data: { from, reason },
      }),
  });
}
