import { and, eq, inArray, lte, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { cancelDeal, releaseDeal, step } from "./settle.ts";
import { deals } from "./tables.ts";
import { lockDeal, markDealUnpaid } from "./transitions.ts";

/**
 * A deal's deadlines (issue 35, item 1; docs/product/deals.md, "Deadlines"): paid by `pay_by`,
 * shipped by `ship_by`, released at `release_at` unless disputed. Each is a durable job sent in the
 * transaction that set the date, and a sweep every few minutes catches any a crash or a clock
 * change left behind. A deadline acts only when the deal still stands where the deadline applies
 * and its date has passed, so a stale or repeated job does nothing.
 */

export const DEADLINE_QUEUE = "deals.deadline";
export const DEADLINE_SWEEP_QUEUE = "deals.deadline_sweep";

export type DeadlineKind = "pay" | "ship" | "release";
export type DeadlineJob = { dealId: number; kind: DeadlineKind };

/** Sends the deadline's job for its date, in the caller's transaction. */
export async function scheduleDeadline(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  dealId: number,
  kind: DeadlineKind,
  at: Date,
): Promise<void> {
  await jobs.send(DEADLINE_QUEUE, { dealId, kind } satisfies DeadlineJob, { startAfter: at, tx });
}

export type DeadlineOutcome = "unpaid" | "cancelled" | "released" | "not_due";

const system = (at: Date, reason: string) => ({ actorId: null, reason, at });

/** Applies one deadline to the deal as it stands now. */
export async function applyDeadline(db: Db, job: DeadlineJob, now: Date): Promise<DeadlineOutcome> {
  const deal = await db.transaction((tx) => lockDeal(tx, job.dealId));
  if (!deal) return "not_due";
  if (job.kind === "pay" && deal.status === "awaiting_payment" && deal.payBy <= now) {
    const moved = await db.transaction(async (tx) => {
      const locked = await lockDeal(tx, deal.id);
      return locked ? markDealUnpaid(tx, locked, system(now, "payment deadline")) : null;
    });
    return moved?.ok ? "unpaid" : "not_due";
  }
  if (job.kind === "ship" && deal.status === "paid" && deal.shipBy && deal.shipBy <= now) {
    const cancelled = await step(db, (tx) =>
      cancelDeal(tx, deal.id, `deal:${deal.id}:ship-deadline`, system(now, "shipping deadline")),
    );
    return cancelled.ok ? "cancelled" : "not_due";
  }
  if (
    job.kind === "release" &&
    (deal.status === "shipped" || deal.status === "delivered") &&
    deal.releaseAt &&
    deal.releaseAt <= now
  ) {
    const released = await step(db, (tx) =>
      releaseDeal(tx, deal.id, `deal:${deal.id}:release`, system(now, "release window ended")),
    );
    return released.ok ? "released" : "not_due";
  }
  return "not_due";
}

/** Every deadline that has passed on a deal still waiting for it (the sweep). */
export async function overdueDeadlines(db: Db, now: Date): Promise<DeadlineJob[]> {
  const rows = await db
    .select({ id: deals.id, status: deals.status })
    .from(deals)
    .where(
      or(
        and(eq(deals.status, "awaiting_payment"), lte(deals.payBy, now)),
        and(eq(deals.status, "paid"), lte(deals.shipBy, now)),
        and(inArray(deals.status, ["shipped", "delivered"]), lte(deals.releaseAt, now)),
      ),
    );
  return rows.map((row) => ({
    dealId: row.id,
    kind: row.status === "awaiting_payment" ? "pay" : row.status === "paid" ? "ship" : "release",
  }));
}
