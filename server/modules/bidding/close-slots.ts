import { createHmac } from "node:crypto";
import { monthlyRoundClose } from "#core/rules/auction-end.ts";
import { slotAssignmentAt, slotEnd } from "#core/rules/close-slots.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { categoryChains } from "../catalog/index.ts";
import { roundsAwaitingSlots, takenSlots } from "../listing-reads/index.ts";
import { lockUnslottedLots, type RoundLot, setCloseSlot } from "../listings/index.ts";
import type { AuctionScheduler } from "./queues.ts";
import type { AuctionSettings } from "./rule-options.ts";

/**
 * The monthly round's staggered close (docs/product/auctions.md, "The monthly round's close"; ADR
 * 0109). Once nothing can join a round any more (24 h before its close, MONTHLY_MIN_RUNTIME_MS),
 * the sweeper gives each of its lots a slot: per top category, the lots are ordered by a keyed
 * hash of the round and the listing's id (HMAC-SHA256 with the server's secret), which neither the
 * listing's time nor its title nor anything the seller controls can steer, and the n-th lot ends at
 * the round's close plus its slot. The slot is stored with the lot (close_round_at, close_slot) and
 * becomes its end (ends_at), so every page that shows the end shows the lot's own from then on, and
 * the soft close moves that lot's end alone. A lot that joins after the assignment (a reinstated
 * listing) gets the next free slot of its category at the next sweep.
 */

/** The lot's place in the draw: the keyed hash of the round and the listing. */
export function drawKey(secret: string, roundCloseAt: Date, productId: number): string {
  return createHmac("sha256", secret)
    .update(`close-order:${roundCloseAt.toISOString()}:${productId}`)
    .digest("hex");
}

/** Whether `at` is a monthly round's close (the month's last day, 20:00 Prague). */
function isRoundClose(at: Date): boolean {
  const wall = toPragueWallClock(at);
  return monthlyRoundClose(wall.year, wall.month).getTime() === at.getTime();
}

export function createCloseSlots(deps: {
  db: Db;
  auctionSettings: AuctionSettings;
  scheduleClose: AuctionScheduler["scheduleClose"];
  /** The server's secret the draw is keyed with (shared by every instance). */
  secret: string;
}) {
  const { db } = deps;

  /** Gives the round's unslotted lots their slots, in one transaction; returns how many. */
  async function assignRound(roundCloseAt: Date): Promise<number> {
    const setting = await deps.auctionSettings.monthlyClose();
    const assigned = await db.transaction(async (tx) => {
      const lots = await lockUnslottedLots(tx, roundCloseAt);
      if (lots.length === 0) return [];
      const taken = await takenSlots(tx, roundCloseAt);
      const chains = await categoryChains(
        tx,
        [...lots, ...taken].map((lot) => lot.categoryId),
      );
      const topOf = (categoryId: number) => chains.get(categoryId)?.at(-1) ?? categoryId;
      // The next free place per top category (late joiners after the first assignment).
      const next = new Map<number, number>();
      for (const lot of taken) {
        const top = topOf(lot.categoryId);
        next.set(top, Math.max(next.get(top) ?? 0, lot.closeSlot + 1));
      }
      const byTop = new Map<number, RoundLot[]>();
      for (const lot of lots) {
        const top = topOf(lot.categoryId);
        byTop.set(top, [...(byTop.get(top) ?? []), lot]);
      }
      const out: { id: number; endsAt: Date }[] = [];
      for (const [top, group] of byTop) {
        const drawn = group
          .map((lot) => ({ lot, key: drawKey(deps.secret, roundCloseAt, lot.id) }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        let index = next.get(top) ?? 0;
        for (const { lot } of drawn) {
          const endsAt = slotEnd(roundCloseAt, index, setting);
          await setCloseSlot(tx, lot.id, { round: roundCloseAt, index, endsAt });
          out.push({ id: lot.id, endsAt });
          index += 1;
        }
      }
      return out;
    });
    // The close jobs follow the new ends (a job at the old end would re-queue itself anyway).
    for (const lot of assigned) await deps.scheduleClose(lot.id, lot.endsAt);
    return assigned.length;
  }

  return {
    assignRound,

    /**
     * The sweeper's step: every round whose assignment moment has come and that still has lots
     * without a slot gets them. Returns how many lots got a slot.
     */
    async assignDueSlots(now = new Date()): Promise<number> {
      let count = 0;
      const window = now.getTime() - slotAssignmentAt(now).getTime();
      for (const roundCloseAt of await roundsAwaitingSlots(db, now, window))
        if (isRoundClose(roundCloseAt)) count += await assignRound(roundCloseAt);
      return count;
    },
  };
}
