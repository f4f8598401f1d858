import type { MonthlyCloseSetting } from "../schemas/settings.ts";
import { MONTHLY_MIN_RUNTIME_MS } from "./auction-end.ts";

/**
 * The monthly round's staggered close (docs/product/auctions.md, "The monthly round's close"):
 * from the round's close (the month's last day, 20:00 Prague), each top category's lots end
 * `lotsPerSlot` at a time, one slot every `slotSeconds`. The order within a category is drawn by
 * the server (a keyed hash of the round and the listing, server/modules/bidding/close-slots.ts);
 * this file holds the arithmetic both the server and the pages use.
 */

/** When the round's lots get their slots: once nothing can join the round any more (24 h before). */
export function slotAssignmentAt(roundCloseAt: Date): Date {
  return new Date(roundCloseAt.getTime() - MONTHLY_MIN_RUNTIME_MS);
}

/** The end of the lot at place `index` (0-based) of its category's order. */
export function slotEnd(roundCloseAt: Date, index: number, setting: MonthlyCloseSetting): Date {
  const slot = Math.floor(index / setting.lotsPerSlot);
  return new Date(roundCloseAt.getTime() + slot * setting.slotSeconds * 1000);
}
