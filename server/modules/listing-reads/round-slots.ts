import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/** The monthly round's close slots as the bidding module reads them (ADR 0109; writes: listings/round-slots.ts). */

/**
 * The ends of rounds whose lots still wait for a slot and that close within `withinMs` of `now`:
 * the distinct ends of running or scheduled monthly auctions without a slot (the caller keeps those
 * that are a round's close).
 */
export async function roundsAwaitingSlots(db: Db, now: Date, withinMs: number): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ endsAt: products.endsAt })
    .from(products)
    .where(
      and(
        eq(products.format, "auction"),
        inArray(products.status, ["active", "scheduled"]),
        eq(products.auctionDuration, "month"),
        isNull(products.closeRoundAt),
        lte(products.endsAt, new Date(now.getTime() + withinMs)),
      ),
    );
  return rows.flatMap((row) => (row.endsAt ? [row.endsAt] : []));
}

/** The slots already taken in a round, with each lot's category. */
export async function takenSlots(
  tx: Db,
  roundCloseAt: Date,
): Promise<{ id: number; categoryId: number; closeSlot: number }[]> {
  const rows = await tx
    .select({ id: products.id, categoryId: products.categoryId, closeSlot: products.closeSlot })
    .from(products)
    .where(and(eq(products.closeRoundAt, roundCloseAt), isNotNull(products.closeSlot)));
  return rows.map((row) => ({ ...row, closeSlot: row.closeSlot ?? 0 }));
}

/**
 * The round's running lots from `from` on, in the order they end (then by slot): the monthly
 * page's "ending now" and "next" while the round closes.
 */
export async function closingLots(
  db: Db,
  roundCloseAt: Date,
  from: Date,
  limit: number,
): Promise<{ id: number; endsAt: Date; closeSlot: number | null }[]> {
  const rows = await db
    .select({ id: products.id, endsAt: products.endsAt, closeSlot: products.closeSlot })
    .from(products)
    .where(
      and(eq(products.closeRoundAt, roundCloseAt), eq(products.status, "active"), gte(products.endsAt, from)),
    )
    .orderBy(asc(products.endsAt), sql`${products.closeSlot} nulls last`, asc(products.id))
    .limit(limit);
  return rows.flatMap((row) => (row.endsAt ? [{ ...row, endsAt: row.endsAt }] : []));
}
