import type { CartBadge, CartView, CheckoutOptions, InfluencerStats } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";

/**
 * The operator's shop (docs/product/shop.md): the cart of a guest (found by the token in the
 * `cart` cookie) or of a user, the checkout's steps saved on the cart, and placing the order,
 * which reserves the stock and records the voucher's use in the order's transaction.
 *
 * STUB: the signatures are final; the bodies are being built.
 */

/** Who shops: a signed-in user (with their group's discount) or a guest with a cart cookie. */
export type Shopper = {
  userId: number | null;
  email: string | null;
  groupDiscountPercent: number;
  /** The guest cart cookie's value, when there is one. */
  cartToken: string | null;
  locale: Locale;
};

export type ShopResult<T extends object = object> =
  | ({ status: "ok" } & T)
  | { status: "invalid"; errors: Record<string, string[]> }
  | { status: "refused"; message: string };

export type PlacedOrder = {
  order: { id: number; hash: string; summaryPath: string };
  /** Card payment chosen: send the customer on to the gateway (payments.payByCard). */
  payWithCard: boolean;
  /** The guest opened an account on the way: the new session to set. */
  login: { token: string; userId: number } | null;
};

const notBuilt = (): never => {
  throw new Error("shop: not built yet");
};

export function createShopService(_deps: unknown) {
  return {
    /** Carriers, branches and payment methods from the `shop` setting, in the page's language. */
    options: async (_locale: Locale): Promise<CheckoutOptions> => notBuilt(),
    badge: async (_who: Shopper): Promise<CartBadge> => notBuilt(),
    cart: async (_who: Shopper): Promise<CartView> => notBuilt(),
    /** Adds pieces (AddToCartSchema); a guest's first line creates their cart: its token goes in the cookie. */
    add: async (_who: Shopper, _input: unknown): Promise<ShopResult<{ cartToken: string | null }>> =>
      notBuilt(),
    /** CartQuantitySchema; 0 removes the line. */
    setQuantity: async (_who: Shopper, _input: unknown): Promise<ShopResult> => notBuilt(),
    /** The customer has seen the new prices: what they saw becomes the price now. */
    confirmPrices: async (_who: Shopper): Promise<ShopResult> => notBuilt(),
    applyVoucher: async (_who: Shopper, _input: unknown): Promise<ShopResult> => notBuilt(),
    removeVoucher: async (_who: Shopper): Promise<ShopResult> => notBuilt(),
    saveDelivery: async (_who: Shopper, _input: unknown): Promise<ShopResult> => notBuilt(),
    saveDetails: async (_who: Shopper, _input: unknown): Promise<ShopResult> => notBuilt(),
    placeOrder: async (
      _who: Shopper,
      _input: unknown,
      _client: { ip: string | null; userAgent: string | null },
    ): Promise<ShopResult<PlacedOrder>> => notBuilt(),
    /** After a login: the guest's cart joins the user's (quantities within stock) and is dropped. */
    mergeGuestCart: async (_userId: number, _token: string): Promise<void> => notBuilt(),
    influencerStats: async (_userId: number): Promise<InfluencerStats | null> => notBuilt(),
  };
}

export type ShopService = ReturnType<typeof createShopService>;
