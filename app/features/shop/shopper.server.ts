import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import type { CartView } from "#core/contracts/shop.ts";
import { sayCart } from "#core/contracts/shop-refusals.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { parseCookieHeader, serializeCookie } from "#core/web/cookie-header.ts";
import { isSecureOrigin } from "#core/web/session-cookie.ts";

/**
 * Who shops, as the shop service wants it (services.shop's Shopper): the signed-in user with their
 * group's discount, or a guest known by the `cart` cookie (httpOnly, set here when the service
 * created the guest's cart), and the cookie itself.
 */

type Context = Readonly<RouterContextProvider>;
type Services = ReturnType<typeof appContextOf>["services"];
const appContextOf = (context: Context) => context.get(appContext);

export type ShopService = Services["shop"];
export type Shopper = Parameters<ShopService["cart"]>[0];
export type { CartView };

/** The guest cart's cookie. */
export const CART_COOKIE = "cart";
/** 14 days, as the guest wishlist's (docs/product/screens.md, "Client state"). */
const CART_MAX_AGE = 1_209_600;

export function cartToken(request: Request): string | null {
  const token = parseCookieHeader(request.headers.get("cookie"))[CART_COOKIE];
  return token ? token : null;
}

export function shopperOf(request: Request, context: Context): Shopper {
  const { user, locale } = appContextOf(context);
  return {
    userId: user?.id ?? null,
    email: user?.email ?? null,
    groupDiscountPercent: user?.group?.discount ?? 0,
    cartToken: user ? null : cartToken(request),
    locale,
  };
}

/** The Set-Cookie of a guest's new cart (or, with an empty token, the one that drops it). */
export function cartCookie(token: string, publicUrl: string): string {
  return serializeCookie(CART_COOKIE, token, {
    httpOnly: true,
    secure: isSecureOrigin(publicUrl),
    sameSite: "Lax",
    maxAgeSeconds: token ? CART_MAX_AGE : 0,
  });
}

/** Headers carrying the guest cart's cookie when the service just created the cart. */
export function cartCookieHeaders(
  token: string | null | undefined,
  publicUrl: string,
): HeadersInit | undefined {
  return token ? { "Set-Cookie": cartCookie(token, publicUrl) } : undefined;
}

/** The cart, or null (logged) when the shop cannot be read. */
export async function readCart(request: Request, context: Context): Promise<CartView | null> {
  const { services, logger, locale } = appContextOf(context);
  try {
    return sayCart(locale, await services.shop.cart(shopperOf(request, context)));
  } catch (error) {
    logger.error({ err: error }, "shop: the cart could not be loaded");
    return null;
  }
}

/**
 * The cart for a checkout step, or a 503 with the translated "store load error" when the shop
 * cannot be read (the error page shows the message).
 */
export async function loadCart(request: Request, context: Context): Promise<CartView> {
  const cart = await readCart(request, context);
  if (cart) return cart;
  throw data(translate(appContextOf(context).locale, "shop.cart.errors.load"), { status: 503 });
}

export type CheckoutPage = "cart" | "delivery" | "details" | "review";

const STEP_PAGE = {
  cart: "cart",
  delivery: "cartDelivery",
  details: "cartDetails",
  review: "cartReview",
} as const;
const ORDER: CheckoutPage[] = ["cart", "delivery", "details", "review"];

export function stepPath(step: CheckoutPage, locale: Locale): string {
  return localePath(STEP_PAGE[step], locale);
}

/**
 * A checkout step's loader: the cart, or a redirect to the cart when it is empty, or to the first
 * step that still needs an answer (CartView.nextStep) when this one comes after it.
 */
export async function loadStep(request: Request, context: Context, step: CheckoutPage) {
  const { locale } = appContextOf(context);
  const cart = await loadCart(request, context);
  if (cart.lines.length === 0) throw redirect(stepPath("cart", locale));
  const next: CheckoutPage = cart.blocked ? "cart" : cart.nextStep;
  if (ORDER.indexOf(next) < ORDER.indexOf(step)) throw redirect(stepPath(next, locale));
  return cart;
}

/** Carriers, branches and payments from the `shop` setting, or the translated "store load error" (503). */
export async function loadOptions(context: Context) {
  const { services, locale, logger } = appContextOf(context);
  try {
    return await services.shop.options(locale);
  } catch (error) {
    logger.error({ err: error }, "shop: the checkout's options could not be read");
    throw data(translate(locale, "shop.cart.errors.store"), { status: 503 });
  }
}
