import { and, eq, inArray, lte, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { DealNotices } from "./notices.ts";
import { cancelDeal, releaseDeal, step } from "./settle.ts";
import { type DealRecord, deals } from "./tables.ts";
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

export type DeadlineKind = "pay_reminder" | "pay" | "ship" | "release";
/** `hours`: a payment reminder's distance from the deadline. */
export type DeadlineJob = { dealId: number; kind: DeadlineKind; hours?: number };

/** Sends the deadline's job for its date, in the caller's transaction. */
export async function scheduleDeadline(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  job: DeadlineJob,
  at: Date,
): Promise<void> {
  await jobs.send(DEADLINE_QUEUE, job, { startAfter: at, tx });
}

/** The payment deadline's job and its reminders (`hours` before it, those still ahead). */
export async function schedulePayment(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  deal: Pick<DealRecord, "id" | "payBy">,
  reminderHours: readonly number[],
  now: Date,
): Promise<void> {
  await scheduleDeadline(jobs, tx, { dealId: deal.id, kind: "pay" }, deal.payBy);
  for (const hours of reminderHours) {
    const at = new Date(deal.payBy.getTime() - hours * 60 * 60 * 1000);
    if (at > now) await scheduleDeadline(jobs, tx, { dealId: deal.id, kind: "pay_reminder", hours }, at);
  }
}

/**
 * What the unpaid wins (server/modules/unpaid-wins) do when a won auction's payment deadline
 * passes, in the deadline's transaction: the buyer's strike; whether it suspends their bidding now.
 */
export type RecordUnpaidWin = (
  tx: Db,
  deal: { id: number; buyerId: number },
  at: Date,
) => Promise<{ suspendedNow: boolean }>;

export type DeadlineOutcome = "reminded" | "unpaid" | "cancelled" | "released" | "not_due";

const system = (at: Date, reason: string) => ({ actorId: null, reason, at });

/** Applies one deadline to the deal as it stands now, its notices in the same transaction. */
export async function applyDeadline(
  db: Db,
  notices: DealNotices,
  job: DeadlineJob,
  now: Date,
  recordUnpaidWin: RecordUnpaidWin,
): Promise<DeadlineOutcome> {
  const deal = await db.transaction((tx) => lockDeal(tx, job.dealId));
  if (!deal) return "not_due";
  if (job.kind === "pay_reminder" && deal.status === "awaiting_payment" && deal.payBy > now) {
    await db.transaction((tx) => notices.reminder(tx, deal, job.hours ?? 0));
    return "reminded";
  }
  if (job.kind === "pay" && deal.status === "awaiting_payment" && deal.payBy <= now) {
    return db.transaction(async (tx) => {
      const locked = await lockDeal(tx, deal.id);
      const moved = locked ? await markDealUnpaid(tx, locked, system(now, "payment deadline")) : null;
      if (!moved?.ok) return "not_due";
      await notices.cancelled(tx, moved.value, "unpaid");
      // A won auction left unpaid is a strike; the second in 12 months suspends bidding.
      if (moved.value.source === "auction" && (await recordUnpaidWin(tx, moved.value, now)).suspendedNow)
        await notices.biddingSuspended(tx, moved.value);
      return "unpaid";
    });
  }
  if (job.kind === "ship" && deal.status === "paid" && deal.shipBy && deal.shipBy <= now) {
    const cancelled = await step(db, async (tx) => {
      const moved = await cancelDeal(
        tx,
        deal.id,
        `deal:${deal.id}:ship-deadline`,
        system(now, "shipping deadline"),
      );
      await notices.cancelled(tx, moved, "not_shipped");
      return moved;
    });
    return cancelled.ok ? "cancelled" : "not_due";
  }
  if (
    job.kind === "release" &&
    (deal.status === "shipped" || deal.status === "delivered") &&
    deal.releaseAt &&
    deal.releaseAt <= now
  ) {
    const released = await step(db, async (tx) => {
      const moved = await releaseDeal(
        tx,
        deal.id,
        `deal:${deal.id}:release`,
        system(now, "release window ended"),
      );
      await notices.released(tx, moved);
      return moved;
    });
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
