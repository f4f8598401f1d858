import type { CheckoutDraft, ShopPaymentMethod } from "#core/contracts/shop.ts";
import type { ShopRefusal } from "#core/contracts/shop-refusals.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Ok } from "#core/result.ts";

/** Who shops: a signed-in user (with their group's discount) or a guest with a cart cookie. */
export type Shopper = {
  userId: number | null;
  email: string | null;
  groupDiscountPercent: number;
  /** The guest cart cookie's value, when there is one. */
  cartToken: string | null;
  locale: Locale;
};

/** The shop's answer (ADR 0068): ok with `T`, or a refusal's code that the page or the API says. */
export type ShopResult<T = undefined> = Ok<T> | ShopRefusal;

export type PlacedOrder = {
  order: { id: number; hash: string; summaryPath: string };
  /** Card payment chosen: send the customer on to the gateway (payments.payByCard). */
  payWithCard: boolean;
  /** How the order is paid. */
  payment: ShopPaymentMethod;
  /** The guest opened an account on the way: the new session to set. */
  login: { token: string; userId: number } | null;
  /** A repeat of the request's key: the order an earlier request made (ADR 0069). */
  repeated: boolean;
};

/** The caller's address and browser (rate limits, the new session of a guest who registered). */
export type ShopClient = { ip: string | null; userAgent: string | null };

/** The draft as the cart stores it; its hidden part is a guest's account to open with the order (the password only as its hash). */
export type StoredDraft = Partial<CheckoutDraft> & {
  account?: { passwordHash: string } | null;
  /** The review form's key to the binding click (checkout-key.ts, ADR 0069). */
  orderKey?: string;
};
