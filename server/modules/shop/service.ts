import type { CartBadge, CartView, CheckoutOptions, InfluencerStats } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err } from "#core/result.ts";
import type { VoucherRefusal } from "#core/rules/vouchers.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { checkoutKey } from "./checkout-key.ts";
import { addToCart, badge, confirmPrices, setQuantity } from "./lines.ts";
import { mergeGuestCart } from "./merge.ts";
import { checkoutOptions } from "./options.ts";
import { placeOrder } from "./place-order.ts";
import type { ShopPorts } from "./ports.ts";
import { purgeGuestCarts } from "./rows.ts";
import { saveDelivery, saveDetails } from "./steps.ts";
import type { PlacedOrder, ShopClient, Shopper, ShopResult } from "./types.ts";
import { cartState, type ShopContext } from "./view.ts";
import { applyVoucher, removeVoucher } from "./voucher.ts";

export type { PlacedOrder, ShopClient, Shopper, ShopResult } from "./types.ts";

/**
 * The operator's shop (docs/product/shop.md): the cart of a guest (found by the token in the
 * `cart` cookie) or of a user, the checkout's steps saved on the cart, and placing the order,
 * which reserves the stock and records the voucher's use in the order's transaction.
 */

/** Order attempts one address may make in 10 minutes (each computes the cart and may open an account). */
export const ORDERS_PER_IP = 20;
/** Voucher codes one address may try in 10 minutes: enough for typos, too few to guess codes. */
export const VOUCHERS_PER_IP = 20;
/**
 * Details with "open an account" one address may send in 10 minutes: each says whether the e-mail
 * and the phone have an account and hashes the password, so they are few.
 */
export const ACCOUNT_CHECKS_PER_IP = 10;
const WINDOW_MS = 10 * 60 * 1000;

export type ShopServiceDeps = { db: Db; ports: ShopPorts; now?: () => Date };

function limiter(name: string, limit: number, now: () => Date) {
  const limits = new RateLimiter({ name, limit, windowMs: WINDOW_MS, now: () => now().getTime() });
  /** A refusal (with Retry-After) when the address is over its limit, else null. */
  return async (client: ShopClient | undefined) => {
    if (!client?.ip || (await limits.attempt(client.ip))) return null;
    return err("limited", { retryAfterSeconds: await limits.retryAfterSeconds(client.ip) });
  };
}

export function createShopService(deps: ShopServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const ctx: ShopContext = { db: deps.db, ports: deps.ports, now };
  const orderLimit = limiter("shop:orders", ORDERS_PER_IP, now);
  const voucherLimit = limiter("shop:vouchers", VOUCHERS_PER_IP, now);
  const accountLimit = limiter("shop:account-checks", ACCOUNT_CHECKS_PER_IP, now);
  const asksForAccount = (who: Shopper, input: unknown) => {
    const register = (input as { register?: unknown } | null)?.register;
    return who.userId === null && (register === true || register === "on" || register === "true");
  };
  return {
    /** Carriers, branches and payment methods from the `shop` setting, in the page's language. */
    options: (locale: Locale): Promise<CheckoutOptions> => checkoutOptions(ctx.ports, locale),
    badge: (who: Shopper): Promise<CartBadge> => badge(ctx, who),
    /** The cart; the voucher's refusal is a code (`sayCart` in core/contracts/shop-refusals.ts says it). */
    cart: async (who: Shopper): Promise<CartView<VoucherRefusal>> => (await cartState(ctx, who)).view,
    /** Adds pieces (AddToCartSchema); a guest's first line creates their cart: its token goes in the cookie. */
    add: (
      who: Shopper,
      input: unknown,
    ): Promise<ShopResult<{ cartToken: string | null; quantity: number; limited: boolean }>> =>
      addToCart(ctx, who, input),
    /** CartQuantitySchema; 0 removes the line. */
    setQuantity: (
      who: Shopper,
      input: unknown,
    ): Promise<ShopResult<{ quantity: number; limited: boolean }>> => setQuantity(ctx, who, input),
    /** The customer has seen the new prices: what they saw becomes the price now. */
    confirmPrices: (who: Shopper): Promise<ShopResult> => confirmPrices(ctx, who),
    /** VoucherCodeSchema; a refusal is the `code` field's error. Limited per IP when `client` is given. */
    applyVoucher: async (who: Shopper, input: unknown, client?: ShopClient): Promise<ShopResult> =>
      (await voucherLimit(client)) ?? applyVoucher(ctx, who, input),
    removeVoucher: (who: Shopper): Promise<ShopResult> => removeVoucher(ctx, who),
    saveDelivery: (who: Shopper, input: unknown): Promise<ShopResult> => saveDelivery(ctx, who, input),
    /** DetailsStepSchema; a guest's "open an account" is limited per IP when `client` is given. */
    saveDetails: async (who: Shopper, input: unknown, client?: ShopClient): Promise<ShopResult> =>
      (asksForAccount(who, input) ? await accountLimit(client) : null) ?? saveDetails(ctx, who, input),
    /** The review form's key to the binding click, kept on the cart until the order (ADR 0069); null without a cart. */
    checkoutKey: (who: Shopper): Promise<string | null> => checkoutKey(ctx, who),
    /** PlaceOrderSchema; `idempotencyKey`: the form's hidden key or the API's header (ADR 0069). */
    placeOrder: async (
      who: Shopper,
      input: unknown,
      client: ShopClient,
      idempotencyKey: string | null = null,
    ): Promise<ShopResult<PlacedOrder>> =>
      (await orderLimit(client)) ?? placeOrder(ctx, who, input, client, idempotencyKey),
    /** After a login: the guest's cart joins the user's (quantities within stock) and is dropped. */
    mergeGuestCart: (userId: number, token: string): Promise<void> => mergeGuestCart(ctx, userId, token),
    influencerStats: (userId: number): Promise<InfluencerStats | null> => ctx.ports.influencerStats(userId),
    /** Deletes guest carts untouched since `before`; for the nightly job. */
    purgeGuestCarts: (before: Date): Promise<number> => purgeGuestCarts(ctx.db, before),
  };
}

export type ShopService = ReturnType<typeof createShopService>;
