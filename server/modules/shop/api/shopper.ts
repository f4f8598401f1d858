import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CartView } from "#core/contracts/shop.ts";
import { type ShopMessageRefusal, sayCart, shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { Shopper } from "../types.ts";

/**
 * Who calls the shop API, and the guest cart's cookie (docs/product/shop.md, "The guest cart
 * cookie"): `cart`, the cart's random token, httpOnly (no script needs it), SameSite=Lax, Secure
 * on https, for the whole site, 14 days from the cart's last change. A signed-in caller who still
 * carries it has the guest cart merged into theirs, and the cookie is dropped.
 */

export const CART_COOKIE = "cart";
export const CART_COOKIE_MAX_AGE = 1_209_600;

export function setCartCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, CART_COOKIE, token, {
    path: "/",
    maxAge: CART_COOKIE_MAX_AGE,
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("config").publicUrl.startsWith("https:"),
  });
}

export async function shopperOf(c: Context<AppEnv>): Promise<Shopper> {
  const user = c.get("user");
  const token = getCookie(c, CART_COOKIE) ?? null;
  if (user && token) {
    await c.get("services").shop.mergeGuestCart(user.id, token);
    deleteCookie(c, CART_COOKIE, { path: "/" });
  }
  return {
    userId: user?.id ?? null,
    email: user?.email ?? null,
    groupDiscountPercent: user?.group?.discount ?? 0,
    cartToken: user ? null : token,
    locale: c.get("locale"),
  };
}

/** The cart as the API shows it: the voucher's refusal in the request's language. */
export async function cartBody(c: Context<AppEnv>, who: Shopper): Promise<CartView> {
  return sayCart(c.get("locale"), await c.get("services").shop.cart(who));
}

/** A refusal's body, its message in the request's language; over a limit, Retry-After says when. */
export function refusalBody(c: Context<AppEnv>, refusal: ShopMessageRefusal): { message: string } {
  if (refusal.code === "limited") c.header("Retry-After", String(refusal.details.retryAfterSeconds));
  return { message: shopRefusalMessage(c.get("locale"), refusal) };
}
