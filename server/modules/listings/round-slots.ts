import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "./tables/products.ts";

/** The monthly round's close slots' writes (ADR 0109; reads: listing-reads/round-slots.ts). */
export type RoundLot = { id: number; categoryId: number };

/** The round's lots without a slot, locked in id order: a second assigner waits, then skips them. */
export async function lockUnslottedLots(tx: Db, roundCloseAt: Date): Promise<RoundLot[]> {
  return tx
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(
      and(
        eq(products.format, "auction"),
        inArray(products.status, ["active", "scheduled"]),
        eq(products.auctionDuration, "month"),
        isNull(products.closeRoundAt),
        eq(products.endsAt, roundCloseAt),
      ),
    )
    .orderBy(asc(products.id))
    .for("update");
}

/** Gives a locked lot its slot: the round, its place in its category's order and its end. */
export async function setCloseSlot(tx: Db, id: number, slot: { round: Date; index: number; endsAt: Date }) {
  await tx
    .update(products)
    .set({ closeRoundAt: slot.round, closeSlot: slot.index, endsAt: slot.endsAt })
    .where(and(eq(products.id, id), isNull(products.closeRoundAt)));
}
