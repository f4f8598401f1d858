import type { RequestKey } from "#core/contracts/request-keys.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { MyListing } from "../listings/index.ts";
import { cancelReplacedOrders, createOrder, type Order, openFeeOrder } from "../orders/index.ts";
import type { PaymentsContext, PaymentUser } from "./context.ts";
import { viewOrder } from "./orders/view.ts";
import { listingFeeLineText } from "./payment-text.ts";
import { earlierOrder, type RepeatableOrder, userRequestKey } from "./request-keys.ts";

/**
 * The insertion fee of an unpaid listing (docs/product/fees.md): paying its order releases the
 * listing (server/modules/orders/pay.ts).
 */

/**
 * The order of an unpaid listing's insertion fee: the open one when its amount still matches
 * the listing's fee (an edit may have changed it), else a new one. A repeat of the request's key
 * answers the order the first request made, even once it is paid (ADR 0069).
 */
export async function orderListingFee(
  ctx: PaymentsContext,
  user: PaymentUser,
  productId: number,
  locale: Locale,
  idempotencyKey: string | null = null,
): Promise<Result<RepeatableOrder, "not_found" | "nothing_to_pay" | "key_reused">> {
  const key = userRequestKey(user.id, idempotencyKey, { request: "listing_fee", productId });
  const repeat = await earlierOrder(ctx, user.id, key, locale);
  if (repeat) return repeat;
  const listing = await ctx.listings.listing(user.id, productId, locale);
  if (!listing) return err("not_found");
  const fee = listing.fee;
  if (listing.status !== "awaiting_payment" || !fee || fee.paid || fee.amountMinor <= 0)
    return err("nothing_to_pay");
  const order = await ctx.db.transaction(async (tx) => {
    // The listing row is the lock: two clicks on "pay" make one order, with a key or without
    // (a concurrent repeat of the key finds the open order the first made).
    await ctx.listings.lockListing(tx, productId);
    const open = await openFeeOrder(tx, productId, fee.amountMinor);
    if (open) return open;
    await cancelReplacedOrders(tx, { productId, kind: "listing_fee" }, ctx.now());
    return createFeeOrder(ctx, tx, user, listing, fee, key);
  });
  return ok(await viewOrder(ctx, order, locale));
}

function createFeeOrder(
  ctx: PaymentsContext,
  tx: Db,
  user: PaymentUser,
  listing: MyListing,
  fee: NonNullable<MyListing["fee"]>,
  requestKey: RequestKey | null,
): Promise<Order> {
  return createOrder(
    tx,
    {
      userId: user.id,
      email: user.email,
      locale: user.locale === "en" ? "en" : "cs",
      kind: "listing_fee",
      productId: listing.id,
      subtotalMinor: fee.baseMinor,
      discountMinor: fee.discountMinor,
      totalMinor: fee.amountMinor,
      item: {
        description: listingFeeLineText(listing.name),
        quantity: 1,
        unitPriceMinor: fee.baseMinor,
      },
      requestKey,
    },
    ctx.now(),
  );
}
