import { err, ok } from "#core/result.ts";
import { isTrackingNumber } from "#core/rules/delivery.ts";
import { scheduleRelease } from "../deadlines.ts";
import { releaseDeal, step } from "../settle.ts";
import { lockDeal, markDealDelivered, markDealShipped } from "../transitions.ts";
import type { FlowContext } from "./context.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The goods on their way (issue 35, item 5): the seller ships, the buyer confirms receipt. */
export function deliverySteps(ctx: FlowContext) {
  const { db, jobs, notices, now, setting } = ctx;
  return {
    /** The seller hands the goods to the buyer's chosen carrier: the release window starts. */
    async ship(dealId: number, sellerId: number, input: { trackingNumber: string }) {
      const trackingNumber = input.trackingNumber.trim();
      if (!isTrackingNumber(trackingNumber)) return err("invalid" as const);
      const on = await setting();
      const at = now();
      const releaseAt = new Date(at.getTime() + (on?.releaseDaysAfterShipping ?? 14) * DAY_MS);
      return db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.sellerId !== sellerId) return err("not_found" as const);
        if (deal.carrier === null) return err("illegal_transition" as const);
        const moved = await markDealShipped(tx, deal, { actorId: sellerId, at }, trackingNumber, releaseAt);
        if (!moved.ok) return err("illegal_transition" as const);
        await scheduleRelease(jobs, tx, { id: deal.id, releaseAt }, on, at);
        await notices.shipped(tx, moved.value);
        return ok(moved.value);
      });
    },

    /** The buyer has the goods and is content: the money is released to the seller now. */
    async confirmReceipt(dealId: number, buyerId: number) {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.buyerId !== buyerId) return err("not_found" as const);
        // Handed over at a pickup (the seller entered the buyer's code), it is delivered already.
        if (deal.status !== "delivered") {
          const delivered = await markDealDelivered(tx, deal, { actorId: buyerId, at }, at);
          if (!delivered.ok) return err("illegal_transition" as const);
        }
        const released = await step(tx, async (inner) => {
          const actor = { actorId: buyerId, reason: "receipt confirmed", at };
          const moved = await releaseDeal(inner, deal.id, `deal:${deal.id}:release`, actor);
          await notices.released(inner, moved);
          return moved;
        });
        return released.ok ? ok(released.value) : err("illegal_transition" as const);
      });
      if (result.ok) await ctx.kickCalls();
      return result;
    },
  };
}
