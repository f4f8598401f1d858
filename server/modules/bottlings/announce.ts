import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { isFinal } from "#core/lifecycles/listing.ts";
import type { BottlingsContext } from "./ports.ts";
import { bottlingLinks, bottlingWatches } from "./tables.ts";

/**
 * Telling a bottling's watchers that a listing of it went live (issue 37, item 6;
 * docs/product/bottlings.md, "Watching"): right after a link when the listing is live already, and
 * by the minute's sweep for a listing that goes live later (scheduled, paid, approved). Each link is
 * announced once (`announced_at`, set under a guard in the notices' transaction); a listing that
 * ended without going live is marked so it is not looked at again. Its seller is never told.
 */

/** Links younger than this are looked at; an older one waiting still (unpaid) is let go. */
const PENDING_DAYS = 60;
/** Links looked at per sweep (the next sweep looks at the rest). */
const PER_SWEEP = 500;

/** Announces the live ones of `productIds` (all pending links when omitted); returns how many notices went out. */
export async function announceListings(
  ctx: BottlingsContext,
  productIds?: readonly number[],
): Promise<number> {
  const { db } = ctx;
  const since = new Date(ctx.now().getTime() - PENDING_DAYS * 24 * 3600 * 1000);
  const pending = await db
    .select({ productId: bottlingLinks.productId, bottlingId: bottlingLinks.bottlingId })
    .from(bottlingLinks)
    .where(
      and(
        isNull(bottlingLinks.announcedAt),
        productIds ? inArray(bottlingLinks.productId, [...productIds]) : gt(bottlingLinks.linkedAt, since),
      ),
    )
    .orderBy(desc(bottlingLinks.linkedAt))
    .limit(PER_SWEEP);
  if (pending.length === 0) return 0;
  const facts = await ctx.ports.listingFacts(
    db,
    pending.map((row) => row.productId),
  );
  let told = 0;
  for (const link of pending) {
    const fact = facts.get(link.productId);
    // A wanted ad is claimed without telling anyone: it offers no bottle.
    const live = fact?.status === "active" && fact.type === "supply";
    if (fact && !live && !isFinal(fact.status)) continue;
    try {
      told += await db.transaction(async (tx) => {
        const claimed = await tx
          .update(bottlingLinks)
          .set({ announcedAt: ctx.now() })
          .where(
            and(
              eq(bottlingLinks.productId, link.productId),
              eq(bottlingLinks.bottlingId, link.bottlingId),
              isNull(bottlingLinks.announcedAt),
            ),
          )
          .returning({ id: bottlingLinks.productId });
        if (claimed.length === 0 || !live) return 0;
        const watchers = await tx
          .select({ userId: bottlingWatches.userId })
          .from(bottlingWatches)
          .where(
            and(
              eq(bottlingWatches.bottlingId, link.bottlingId),
              fact.sellerId !== null ? ne(bottlingWatches.userId, fact.sellerId) : sql`true`,
            ),
          );
        let sent = 0;
        for (const { userId } of watchers) {
          const notice = await ctx.notifier.notify(tx, userId, "bottling_listed", {
            productId: link.productId,
            onceKey: `bottling-listed:${link.productId}`,
          });
          if (notice) sent += 1;
        }
        return sent;
      });
    } catch (error) {
      ctx.logger?.warn({ err: error, productId: link.productId }, "bottlings: could not announce a listing");
    }
  }
  return told;
}
