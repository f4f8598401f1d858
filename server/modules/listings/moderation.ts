import { eq } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { demoteListing, restoreListingRank } from "./demotion.ts";
import { scheduleAfterRelease, tellAwaitingPayment } from "./submission/after-release.ts";
import { products } from "./tables/products.ts";
import { listingSubmissions } from "./tables/submissions.ts";
import { approve, reinstate, reject } from "./transitions.ts";
import type { ListingScheduler } from "./types.ts";

/**
 * What moderation (server/modules/moderation) needs of the listings: the moves a decision makes
 * (approve, reject or remove, reinstate after a reversed complaint), each in the caller's
 * transaction through transitions.ts. What a moderator reads (the listing, the queue, the seller's
 * count and history) is the read side's (listing-admin-reads/moderation-reads.ts); the pre-moderation
 * switch of a category is the catalogue's.
 */

/** The listing moves a moderation decision makes; the jobs and notices that follow a release too. */
export function createListingModeration(deps: {
  scheduler: ListingScheduler;
  notifier: Parameters<typeof tellAwaitingPayment>[0]["notifier"];
}) {
  return {
    /**
     * Approves a held listing: it goes on where it would have gone (awaiting its fee, scheduled or
     * live, with the activation or close job). Returns its new status, or null when not in review.
     */
    async approve(tx: Db, id: number, by: { actorId: number; at: Date }): Promise<ProductStatus | null> {
      const [fee] = await tx
        .select({ feeMinor: listingSubmissions.feeMinor, paidAt: listingSubmissions.feePaidAt })
        .from(listingSubmissions)
        .where(eq(listingSubmissions.productId, id))
        .limit(1);
      const feeDue = fee !== undefined && fee.feeMinor > 0 && fee.paidAt === null;
      const result = await approve(tx, id, feeDue, by);
      if (!result) return null;
      if (result.status === "awaiting_payment") {
        const [row] = await tx
          .select({ sellerId: products.sellerId })
          .from(products)
          .where(eq(products.id, id));
        if (row?.sellerId && fee)
          await tellAwaitingPayment(deps, tx, { sellerId: row.sellerId, productId: id }, fee.feeMinor);
      } else await scheduleAfterRelease(deps, tx, id, result, result.format);
      return result.status;
    },

    /** Rejects (pre-moderation) or removes (live) a listing; returns the status it left. */
    reject: (tx: Db, id: number, reason: string, by: { actorId: number; at: Date }) =>
      reject(tx, id, reason, by),

    /** Demotes a listing (still live, out of search and top places); false when it already was. */
    demote: (tx: Db, id: number, at: Date) => demoteListing(tx, id, at),

    /** A reversed demotion: the listing is found and placed like the others again. */
    restoreRank: (tx: Db, id: number) => restoreListingRank(tx, id),

    /** A reversed decision puts the listing back where it was, its jobs again; null when not rejected. */
    async reinstate(tx: Db, id: number, to: ProductStatus, by: { actorId: number; at: Date }) {
      const result = await reinstate(tx, id, to, by);
      if (!result) return null;
      if ((result.status === "scheduled" && result.activationAt) || result.status === "active")
        await scheduleAfterRelease(
          deps,
          tx,
          id,
          {
            status: result.status,
            activationAt: result.activationAt ?? by.at,
            endsAt: result.endsAt,
          },
          result.format,
        );
      return result.status;
    },
  };
}

export type ListingModeration = ReturnType<typeof createListingModeration>;
export type { ListingScheduler };
