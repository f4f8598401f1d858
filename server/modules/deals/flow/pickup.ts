import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { err, ok } from "#core/result.ts";
import { DEFAULT_PICKUP_DAYS, schedulePickup, scheduleRelease } from "../deadlines.ts";
import { deals } from "../tables.ts";
import { lockDeal, markDealDelivered, markDealReadyForPickup } from "../transitions.ts";
import type { FlowContext } from "./context.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The seller's wrong codes before only the buyer can confirm the handover. */
export const PICKUP_CODE_TRIES = 5;

function sameCode(stored: string, typed: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(typed.replace(/\s+/g, ""));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Personal pickup (issue 35, item 5): the seller says the goods wait in the agreed town, which
 * gives the buyer a one-time code; at the handover the seller enters the code the buyer shows,
 * which marks the goods delivered (the release window starts, as after shipping). The buyer may
 * confirm receipt themselves too (deliverySteps.confirmReceipt). Not collected by the pickup's
 * deadline (`pickupDays`), the deal is cancelled and the buyer refunded (deadlines.ts).
 */
export function pickupSteps(ctx: FlowContext) {
  const { db, jobs, notices, now, setting } = ctx;
  return {
    /** The seller has the goods ready in the agreed town: the buyer's code is made. */
    async readyForPickup(dealId: number, sellerId: number) {
      const on = await setting();
      const at = now();
      const pickupBy = new Date(at.getTime() + (on?.pickupDays ?? DEFAULT_PICKUP_DAYS) * DAY_MS);
      return db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.sellerId !== sellerId) return err("not_found" as const);
        if (deal.carrier !== null) return err("illegal_transition" as const);
        const moved = await markDealReadyForPickup(tx, deal, { actorId: sellerId, at }, pickupBy);
        if (!moved.ok) return err("illegal_transition" as const);
        await schedulePickup(jobs, tx, { id: deal.id, pickupBy }, on, at);
        await notices.readyForPickup(tx, moved.value);
        return ok(moved.value);
      });
    },

    /** The seller enters the code the buyer shows: the goods are handed over. */
    async confirmPickup(dealId: number, sellerId: number, code: string) {
      const on = await setting();
      const at = now();
      const releaseAt = new Date(at.getTime() + (on?.releaseDaysAfterShipping ?? 14) * DAY_MS);
      return db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.sellerId !== sellerId) return err("not_found" as const);
        if (deal.status !== "ready_for_pickup" || !deal.pickupCode) return err("illegal_transition" as const);
        if (deal.pickupCodeTries >= PICKUP_CODE_TRIES) return err("code_locked" as const);
        if (!sameCode(deal.pickupCode, code)) {
          // A wrong try counts (committed with the refusal): guessing a code has a few tries only.
          await tx
            .update(deals)
            .set({ pickupCodeTries: deal.pickupCodeTries + 1 })
            .where(eq(deals.id, deal.id));
          return err("wrong_code" as const);
        }
        const moved = await markDealDelivered(
          tx,
          deal,
          { actorId: sellerId, reason: "pickup code", at },
          releaseAt,
        );
        if (!moved.ok) return err("illegal_transition" as const);
        await scheduleRelease(jobs, tx, { id: deal.id, releaseAt }, on, at);
        await notices.pickedUp(tx, moved.value);
        return ok(moved.value);
      });
    },
  };
}
