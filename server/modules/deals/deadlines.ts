import { and, eq, inArray, lte, or } from "drizzle-orm";
import type { DealStatus } from "#core/lifecycles/deal.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { DealNotices } from "./notices.ts";
import { cancelDeal, releaseDeal, step } from "./settle.ts";
import { type DealRecord, deals } from "./tables.ts";
import { lockDeal, markDealUnpaid } from "./transitions.ts";

/**
 * A deal's deadlines (issue 35, item 1; docs/product/deals.md, "Deadlines"): paid by `pay_by`,
 * shipped by `ship_by` (a pickup: collected by `pickup_by` once ready), released at `release_at`
 * unless disputed. Each is a durable job sent in the transaction that set the date, and a sweep
 * every few minutes catches any a crash or a clock change left behind. A deadline acts only when
 * the deal still stands where the deadline applies and its date has passed, so a stale or
 * repeated job does nothing. Each deadline has its reminders, jobs too, sent in the same
 * transaction: the buyer's before `pay_by` and before the release, the seller's before `ship_by`,
 * both sides' before `pickup_by`; a reminder goes out only while its deadline is ahead and the
 * deal still waits for it, once.
 */

export const DEADLINE_QUEUE = "deals.deadline";
export const DEADLINE_SWEEP_QUEUE = "deals.deadline_sweep";

export type ReminderKind = "pay_reminder" | "ship_reminder" | "release_reminder" | "pickup_reminder";
export type DeadlineKind = ReminderKind | "pay" | "ship" | "release" | "pickup";
/** `hours`: a reminder's distance from its deadline. */
export type DeadlineJob = { dealId: number; kind: DeadlineKind; hours?: number };

/**
 * The reminders a `deals` setting saved before they existed stands for (docs/product/deals.md,
 * "The `deals` setting"): the seller a day before ship-by, the buyer two days before the release,
 * both sides two days before a pickup's deadline (14 days after the goods are ready).
 */
export const DEFAULT_REMINDER_HOURS = { ship: [24], release: [48], pickup: [48] } as const;
export const DEFAULT_PICKUP_DAYS = 14;

const HOUR_MS = 60 * 60 * 1000;

/** Sends the deadline's job for its date, in the caller's transaction. */
export async function scheduleDeadline(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  job: DeadlineJob,
  at: Date,
): Promise<void> {
  await jobs.send(DEADLINE_QUEUE, job, { startAfter: at, tx });
}

/** A deadline's job and its reminders (`hours` before it, those still ahead). */
async function scheduleWithReminders(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  job: { dealId: number; kind: Exclude<DeadlineKind, ReminderKind>; reminder: ReminderKind },
  deadline: Date,
  reminderHours: readonly number[],
  now: Date,
): Promise<void> {
  await scheduleDeadline(jobs, tx, { dealId: job.dealId, kind: job.kind }, deadline);
  for (const hours of reminderHours) {
    const at = new Date(deadline.getTime() - hours * HOUR_MS);
    if (at > now) await scheduleDeadline(jobs, tx, { dealId: job.dealId, kind: job.reminder, hours }, at);
  }
}

/** The payment deadline's job and its reminders to the buyer. */
export function schedulePayment(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  deal: Pick<DealRecord, "id" | "payBy">,
  reminderHours: readonly number[],
  now: Date,
): Promise<void> {
  const job = { dealId: deal.id, kind: "pay", reminder: "pay_reminder" } as const;
  return scheduleWithReminders(jobs, tx, job, deal.payBy, reminderHours, now);
}

/** The ship-by deadline's job and its reminders to the seller (`setting` null: the defaults). */
export function scheduleShipping(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  deal: Pick<DealRecord, "id"> & { shipBy: Date },
  setting: Pick<DealsSetting, "shipReminderHours"> | null,
  now: Date,
): Promise<void> {
  const hours = setting?.shipReminderHours ?? DEFAULT_REMINDER_HOURS.ship;
  const job = { dealId: deal.id, kind: "ship", reminder: "ship_reminder" } as const;
  return scheduleWithReminders(jobs, tx, job, deal.shipBy, hours, now);
}

/** The release's job and its reminders to the buyer (`setting` null: the defaults). */
export function scheduleRelease(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  deal: Pick<DealRecord, "id"> & { releaseAt: Date },
  setting: Pick<DealsSetting, "releaseReminderHours"> | null,
  now: Date,
): Promise<void> {
  const hours = setting?.releaseReminderHours ?? DEFAULT_REMINDER_HOURS.release;
  const job = { dealId: deal.id, kind: "release", reminder: "release_reminder" } as const;
  return scheduleWithReminders(jobs, tx, job, deal.releaseAt, hours, now);
}

/** A pickup's deadline to collect and its reminders to both sides (`setting` null: the defaults). */
export function schedulePickup(
  jobs: Pick<JobRunner, "send">,
  tx: Db,
  deal: Pick<DealRecord, "id"> & { pickupBy: Date },
  setting: Pick<DealsSetting, "pickupReminderHours"> | null,
  now: Date,
): Promise<void> {
  const hours = setting?.pickupReminderHours ?? DEFAULT_REMINDER_HOURS.pickup;
  const job = { dealId: deal.id, kind: "pickup", reminder: "pickup_reminder" } as const;
  return scheduleWithReminders(jobs, tx, job, deal.pickupBy, hours, now);
}

/**
 * What the unpaid wins (server/modules/unpaid-wins) do when a deal's payment deadline
 * passes, in the deadline's transaction: the buyer's strike; whether it suspends their bidding and buying now.
 */
export type RecordUnpaidWin = (
  tx: Db,
  deal: { id: number; buyerId: number },
  at: Date,
) => Promise<{ suspendedNow: boolean }>;

export type DeadlineOutcome = "reminded" | "unpaid" | "cancelled" | "released" | "not_due";

const system = (at: Date, reason: string) => ({ actorId: null, reason, at });

/** Where each reminder applies: the deal still waits there and its deadline is ahead. */
const REMINDERS: Record<
  ReminderKind,
  { statuses: readonly DealStatus[]; deadline: (deal: DealRecord) => Date | null }
> = {
  pay_reminder: { statuses: ["awaiting_payment"], deadline: (deal) => deal.payBy },
  ship_reminder: { statuses: ["paid"], deadline: (deal) => deal.shipBy },
  release_reminder: { statuses: ["shipped", "delivered"], deadline: (deal) => deal.releaseAt },
  pickup_reminder: { statuses: ["ready_for_pickup"], deadline: (deal) => deal.pickupBy },
};

/**
 * The deadlines that cancel a deal still waiting at them, refunding the buyer in full: not shipped
 * (or not made ready for a pickup) by ship-by; a pickup not collected by its deadline.
 */
const CANCELLING = {
  ship: {
    status: "paid",
    column: "shipBy",
    key: "ship-deadline",
    reason: "shipping deadline",
    why: "not_shipped",
  },
  pickup: {
    status: "ready_for_pickup",
    column: "pickupBy",
    key: "pickup-expired",
    reason: "pickup deadline",
    why: "not_collected",
  },
} as const;

const isReminder = (kind: DeadlineKind): kind is ReminderKind => kind in REMINDERS;

/**
 * A reminder, decided on the deal under its lock: sent only while the deal waits where it applies
 * and before the deadline; sent once per deal, kind and distance (the notices' once-key), so a
 * repeated job sends nothing more.
 */
async function remind(
  db: Db,
  notices: DealNotices,
  job: DeadlineJob & { kind: ReminderKind },
  now: Date,
): Promise<DeadlineOutcome> {
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, job.dealId);
    const rule = REMINDERS[job.kind];
    const deadline = deal ? rule.deadline(deal) : null;
    if (!deal || !rule.statuses.includes(deal.status) || !deadline || deadline <= now) return "not_due";
    const hours = job.hours ?? 0;
    if (job.kind === "pay_reminder") await notices.reminder(tx, deal, hours);
    else if (job.kind === "ship_reminder") await notices.shipReminder(tx, deal, hours);
    else if (job.kind === "pickup_reminder") await notices.pickupReminder(tx, deal, hours);
    else await notices.releaseReminder(tx, deal, hours);
    return "reminded";
  });
}

/** Applies one deadline to the deal as it stands now, its notices in the same transaction. */
export async function applyDeadline(
  db: Db,
  notices: DealNotices,
  job: DeadlineJob,
  now: Date,
  recordUnpaidWin: RecordUnpaidWin,
): Promise<DeadlineOutcome> {
  if (isReminder(job.kind)) return remind(db, notices, { ...job, kind: job.kind }, now);
  const deal = await db.transaction((tx) => lockDeal(tx, job.dealId));
  if (!deal) return "not_due";
  if (job.kind === "pay" && deal.status === "awaiting_payment" && deal.payBy <= now) {
    return db.transaction(async (tx) => {
      const locked = await lockDeal(tx, deal.id);
      const moved = locked ? await markDealUnpaid(tx, locked, system(now, "payment deadline")) : null;
      if (!moved?.ok) return "not_due";
      await notices.cancelled(tx, moved.value, "unpaid");
      // A deal left unpaid (won, bought with "Koupit" or accepted from a payment request) is the
      // buyer's strike; the second in 12 months suspends bidding and buying.
      if ((await recordUnpaidWin(tx, moved.value, now)).suspendedNow)
        await notices.biddingSuspended(tx, moved.value);
      return "unpaid";
    });
  }
  if (job.kind === "ship" || job.kind === "pickup") {
    const rule = CANCELLING[job.kind];
    const due = (locked: DealRecord | null) => {
      const at = locked?.status === rule.status ? locked[rule.column] : null;
      return at !== null && at <= now;
    };
    // Decided again under the lock: a deal handed over, disputed or made ready meanwhile stays.
    const cancelled = await step(db, async (tx) => {
      if (!due(await lockDeal(tx, deal.id))) return null;
      const moved = await cancelDeal(tx, deal.id, `deal:${deal.id}:${rule.key}`, system(now, rule.reason));
      await notices.cancelled(tx, moved, rule.why);
      return moved;
    });
    return cancelled.ok && cancelled.value ? "cancelled" : "not_due";
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
        and(eq(deals.status, "ready_for_pickup"), lte(deals.pickupBy, now)),
        and(inArray(deals.status, ["shipped", "delivered"]), lte(deals.releaseAt, now)),
      ),
    );
  const KINDS: Partial<Record<DealStatus, DeadlineKind>> = {
    awaiting_payment: "pay",
    paid: "ship",
    ready_for_pickup: "pickup",
  };
  return rows.map((row) => ({ dealId: row.id, kind: KINDS[row.status] ?? "release" }));
}
