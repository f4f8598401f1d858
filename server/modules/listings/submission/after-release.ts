import type { ProductFormat } from "#core/contracts/catalog.ts";
import type { releaseState } from "#core/lifecycles/listing.ts";
import { formatPrice } from "#core/money/money.ts";
import type { Db } from "#server/db/client.ts";
import type { ListingsContext } from "../context.ts";

/** The job that follows a release: the activation at its date, or the close of a live auction. */
export async function scheduleAfterRelease(
  ctx: Pick<ListingsContext, "scheduler">,
  tx: Db,
  productId: number,
  state: Pick<ReturnType<typeof releaseState>, "status" | "activationAt" | "endsAt">,
  format: ProductFormat,
) {
  if (state.status === "scheduled") await ctx.scheduler.scheduleActivation(productId, state.activationAt, tx);
  else if (format === "auction" && state.endsAt)
    await ctx.scheduler.scheduleClose(productId, state.endsAt, tx);
}

/** The seller hears that a new listing waits for its insertion fee (a link to their listings). */
export async function tellAwaitingPayment(
  ctx: Pick<ListingsContext, "notifier">,
  tx: Db,
  listing: { sellerId: number; productId: number },
  feeMinor: number,
) {
  await ctx.notifier.notify(tx, listing.sellerId, "awaiting_payment", {
    productId: listing.productId,
    values: { fee: formatPrice(feeMinor, null) },
    link: { page: "accountAdvertisements", query: "?filter=pending" },
  });
}
