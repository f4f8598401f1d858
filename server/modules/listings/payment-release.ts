import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { ListingsContext } from "./context.ts";
import { scheduleAfterRelease } from "./submission/after-release.ts";
import { listingSubmissions } from "./tables/submissions.ts";
import { releaseAfterPayment as releaseListing } from "./transitions.ts";

/**
 * The payments module's hook: the fee of an unpaid listing was paid, so it is scheduled (a
 * future activation date) or goes live now, its end computed from that moment. Returns
 * whether it was released now (false when it was not awaiting payment: a repeated webhook).
 */
export async function releaseAfterPayment(
  ctx: ListingsContext,
  productId: number,
  outer?: Db,
): Promise<boolean> {
  const at = ctx.now();
  // The payments module passes its transaction: the order is paid if and only if this commits.
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) => (outer ? work(outer) : ctx.db.transaction(work));
  return inTransaction(async (tx) => {
    const state = await releaseListing(tx, productId, at);
    if (!state) return false;
    await tx
      .update(listingSubmissions)
      .set({ feePaidAt: at, updatedAt: at })
      .where(eq(listingSubmissions.productId, productId));
    await scheduleAfterRelease(ctx, tx, productId, state, state.format);
    if (state.sellerId !== null)
      await ctx.notifier.notify(tx, state.sellerId, "payment_received", {
        productId,
        variant: state.status,
        link: { page: "accountAdvertisements" },
      });
    return true;
  });
}
