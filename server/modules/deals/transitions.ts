import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  type DealStatus,
  type DealTransition,
  dealLifecycle,
  IllegalTransitionError,
} from "#core/lifecycles/deal.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { NewDeal } from "./contracts.ts";
import { type DealRecord, dealStatusChanges, deals } from "./tables.ts";

/**
 * The only place a deal is created or its status written (docs/architecture.md, "Lifecycles"):
 * each operation applies its named transition of core/lifecycles/deal.ts on the row read under
 * its lock, writes the status with the columns the step sets, and records the change in
 * deal_status_changes. A move the lifecycle does not allow is refused with `illegal_transition`.
 */

export type MoveRefusal = "not_found" | "illegal_transition";

/** Who made a move and why: null actor = the system or the provider. */
export type DealActor = { actorId: number | null; reason?: string | null; at: Date };

/** Locks a deal for a decision (the deal first, then its ledger: every path alike); null when missing. */
export async function lockDeal(tx: Db, dealId: number): Promise<DealRecord | null> {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for("update");
  return deal ?? null;
}

/**
 * Creates a deal awaiting payment, or answers the one its request key already made (`created`
 * false). The same key asking for another price or parties is refused (`key_reused`); a listing
 * another live deal holds, `taken`.
 */
export async function createDeal(
  tx: Db,
  values: NewDeal,
  actor: DealActor,
): Promise<Result<{ deal: DealRecord; created: boolean }, "key_reused" | "taken">> {
  const status = dealLifecycle.create("create");
  const totalMinor = values.priceMinor + values.deliveryMinor + values.buyerFeeMinor;
  const [created] = await tx
    .insert(deals)
    .values({ ...values, status, totalMinor, createdAt: actor.at, updatedAt: actor.at })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await record(tx, created.id, "create", null, status, actor);
    return ok({ deal: created, created: true });
  }
  const [existing] = await tx
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.buyerId, values.buyerId),
        eq(deals.source, values.source),
        eq(deals.productId, values.productId),
        eq(deals.requestKey, values.requestKey),
      ),
    );
  // Not this request's deal: another live deal holds the listing (deals_one_live_per_product).
  if (!existing) return err("taken");
  const same =
    existing.sellerId === values.sellerId &&
    existing.priceMinor === values.priceMinor &&
    existing.deliveryMinor === values.deliveryMinor &&
    existing.buyerFeeMinor === values.buyerFeeMinor &&
    existing.sellerCommissionMinor === values.sellerCommissionMinor;
  return same ? ok({ deal: existing, created: false }) : err("key_reused");
}

/** What a move sets besides the status (its dates, the tracking number). */
type MoveColumns = Partial<
  Pick<
    DealRecord,
    | "shipBy"
    | "pickupBy"
    | "releaseAt"
    | "trackingNumber"
    | "pickupCode"
    | "pickupCodeTries"
    | "paidAt"
    | "shippedAt"
    | "deliveredAt"
    | "closedAt"
  >
>;

/** Applies the named transition to the locked deal `deal`; the caller holds its lock. */
async function move(
  tx: Db,
  deal: DealRecord,
  name: DealTransition,
  actor: DealActor,
  columns: MoveColumns = {},
  to?: DealStatus,
): Promise<Result<DealRecord, "illegal_transition", { from: DealStatus }>> {
  let reached: DealStatus;
  try {
    reached = dealLifecycle.move(name, deal.status, to);
  } catch (error) {
    if (error instanceof IllegalTransitionError) return err("illegal_transition", { from: deal.status });
    throw error;
  }
  const [updated] = await tx
    .update(deals)
    .set({ ...columns, status: reached, updatedAt: actor.at })
    .where(eq(deals.id, deal.id))
    .returning();
  await record(tx, deal.id, name, deal.status, reached, actor);
  return ok(updated);
}

async function record(
  tx: Db,
  dealId: number,
  transition: DealTransition,
  fromStatus: DealStatus | null,
  toStatus: DealStatus,
  actor: DealActor,
): Promise<void> {
  await tx.insert(dealStatusChanges).values({
    dealId,
    transition,
    fromStatus,
    toStatus,
    actorId: actor.actorId,
    reason: actor.reason ?? null,
    createdAt: actor.at,
  });
}

/** How often each named transition has happened, ever (the metrics' counter, read from the log of changes). */
export async function transitionCounts(db: Db): Promise<{ transition: string; count: number }[]> {
  const rows = await db
    .select({ transition: dealStatusChanges.transition, count: sql<number>`count(*)::int` })
    .from(dealStatusChanges)
    .groupBy(dealStatusChanges.transition);
  return rows.map((row) => ({ transition: row.transition, count: Number(row.count) }));
}

const final = (actor: DealActor) => ({ closedAt: actor.at });

/** deal.pay: the provider charged the total; the seller has until `shipBy`. */
export const markDealPaid = (tx: Db, deal: DealRecord, actor: DealActor, shipBy: Date) =>
  move(tx, deal, "pay", actor, { paidAt: actor.at, shipBy });

/** deal.ship: handed to the carrier; released at `releaseAt` unless disputed. */
export const markDealShipped = (
  tx: Db,
  deal: DealRecord,
  actor: DealActor,
  tracking: string,
  releaseAt: Date,
) => move(tx, deal, "ship", actor, { shippedAt: actor.at, trackingNumber: tracking, releaseAt });

/** A six-digit code, leading zeros kept: shown by the buyer at a pickup's handover. */
const newPickupCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * deal.ready_for_pickup: the goods wait in the agreed town; the buyer's one-time code is made and
 * the buyer has until `pickupBy` to collect.
 */
export const markDealReadyForPickup = (tx: Db, deal: DealRecord, actor: DealActor, pickupBy: Date) =>
  move(tx, deal, "ready_for_pickup", actor, { pickupCode: newPickupCode(), pickupCodeTries: 0, pickupBy });

/** deal.confirm_delivery: the buyer has the goods; released at `releaseAt` unless disputed. */
export const markDealDelivered = (tx: Db, deal: DealRecord, actor: DealActor, releaseAt: Date) =>
  move(tx, deal, "confirm_delivery", actor, { deliveredAt: actor.at, releaseAt });

/** deal.release: the seller's part credited. */
export const markDealReleased = (tx: Db, deal: DealRecord, actor: DealActor) =>
  move(tx, deal, "release", actor, final(actor));

/** deal.open_dispute: the release waits. */
export const markDealDisputed = (tx: Db, deal: DealRecord, actor: DealActor) =>
  move(tx, deal, "open_dispute", actor, { releaseAt: null });

/** deal.resolve: released, partially refunded or refunded. */
export const markDealResolved = (
  tx: Db,
  deal: DealRecord,
  actor: DealActor,
  to: "completed" | "partially_refunded" | "refunded",
) => move(tx, deal, "resolve", actor, final(actor), to);

/** deal.cancel_unpaid: the payment deadline passed. */
export const markDealUnpaid = (tx: Db, deal: DealRecord, actor: DealActor) =>
  move(tx, deal, "cancel_unpaid", actor, final(actor));

/** deal.cancel: before the goods left; what was held goes back. */
export const markDealCancelled = (tx: Db, deal: DealRecord, actor: DealActor) =>
  move(tx, deal, "cancel", actor, final(actor));
