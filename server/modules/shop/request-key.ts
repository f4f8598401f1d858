import { fingerprintOf, REQUEST_KEY_PATTERN, type RequestKey } from "#core/contracts/request-keys.ts";
import type { Db } from "#server/db/client.ts";
import type { PlacedOrder, Shopper } from "./types.ts";
import type { CartState, ShopContext } from "./view.ts";

/**
 * The binding click's key (ADR 0069; docs/product/payments.md, "A request made twice"): the
 * review form's hidden key (checkout-key.ts) or the API's Idempotency-Key. A repeat of it answers
 * the order the first click made instead of "the cart is empty".
 */

/**
 * The request's key, scoped to the buyer: a signed-in user, else the guest's cart (a guest without
 * a cart has nothing to order, so nothing to repeat). What the request asked for is the total the
 * customer saw: a repeat of the binding click carries the same.
 */
export function requestKeyOf(
  who: Shopper,
  state: CartState,
  seenTotalMinor: number,
  key: string | null,
): RequestKey | null {
  const scope = who.userId !== null ? `user:${who.userId}` : state.row ? `cart:${state.row.id}` : null;
  // A key that is no key (a form tampered with) protects nothing, as a request without one.
  if (!key || !REQUEST_KEY_PATTERN.test(key) || !scope) return null;
  return { scope, key, fingerprint: fingerprintOf({ request: "shop.order", seenTotalMinor }) };
}

/**
 * The order an earlier request with the key made, as placing it answered (no second session for a
 * guest who opened an account: the first answer carried it); `key_reused` when the key came with
 * another request (another total seen), which is refused as Stripe refuses another body with a
 * key; null when no request with the key made an order.
 */
export async function earlierPlacement(
  ctx: ShopContext,
  who: Shopper,
  key: RequestKey | null,
): Promise<PlacedOrder | "key_reused" | null> {
  const earlier = key ? await ctx.ports.orderOfRequestKey(key, who.userId) : null;
  if (!earlier || !key) return null;
  if (earlier.kind !== "shop" || earlier.fingerprint !== key.fingerprint) return "key_reused";
  const payment = earlier.paymentMethod ?? "card";
  return {
    order: { id: earlier.id, hash: earlier.hash, summaryPath: ctx.ports.summaryPath(earlier, who.locale) },
    payWithCard: payment === "card",
    payment,
    login: null,
    repeated: true,
  };
}

/**
 * First in the order's transaction: holds the key (a concurrent request with it waits here until
 * this one ends) and says whether a request with it made an order meanwhile: then the caller
 * takes nothing and answers earlierPlacement.
 */
export async function heldKeyWasUsed(ctx: ShopContext, tx: Db, who: Shopper, key: RequestKey | null) {
  if (!key) return false;
  await ctx.ports.holdRequestKey(tx, key);
  return (await ctx.ports.orderOfRequestKey(key, who.userId, tx)) !== null;
}
