import { type Locale, type MessageKey, translate } from "../i18n/index.ts";
import type { Err } from "../result.ts";
import { type VoucherRefusal, voucherRefusalKey } from "../rules/vouchers.ts";
import { translateProblems } from "../validation/field-errors.ts";
import type { FieldProblems } from "./errors.ts";
import type { CartView } from "./shop.ts";

/**
 * The shop's refusals (codes, ADR 0068), as the server's shop module answers them, and their
 * texts and HTTP statuses for both front doors: the cart and checkout pages and the shop API say
 * the same words.
 */

/** Refusals said as one message with nothing to fill in. */
export type ShopRefusalCode =
  | "empty_cart"
  | "store_unavailable"
  | "not_for_sale"
  | "sold_out"
  | "not_enough_stock"
  | "price_changed"
  | "cart_changed"
  | "delivery_missing"
  | "details_missing"
  | "total_changed"
  | "order_failed"
  | "not_in_cart"
  /** The binding click's key came with another request (another total seen, ADR 0069). */
  | "key_reused"
  /** Alcohol or tobacco in the cart, and the buyer has not proved being 18+ (issue 36). */
  | "age_unverified";

export type ShopRefusal =
  | Err<ShopRefusalCode>
  /** The form's fields (the schema's problems, an unknown delivery, a taken e-mail...). */
  | Err<"invalid", FieldProblems>
  /** Too many attempts from the address. */
  | Err<"limited", { retryAfterSeconds: number }>
  /** The chosen carrier does not go to the address's country. */
  | Err<"carrier_country", { carrier: string }>
  /** The cart's voucher no longer applies. */
  | Err<"voucher", { refusal: VoucherRefusal }>
  /** The guest's account could not be opened with the order: the taken e-mail's or phone's problem. */
  | Err<"account_taken", FieldProblems>;

/** A refusal said as one message: all but the field problems. */
export type ShopMessageRefusal = Exclude<ShopRefusal, { code: "invalid" }>;

const KEYS: Record<ShopRefusalCode, MessageKey> = {
  empty_cart: "checkout.errors.emptyCart",
  store_unavailable: "checkout.errors.storeUnavailable",
  not_for_sale: "checkout.errors.notForSale",
  sold_out: "checkout.errors.soldOut",
  not_enough_stock: "checkout.errors.notEnoughStock",
  price_changed: "checkout.errors.priceChanged",
  cart_changed: "checkout.errors.cartChanged",
  delivery_missing: "checkout.errors.deliveryMissing",
  details_missing: "checkout.errors.detailsMissing",
  total_changed: "checkout.errors.totalChanged",
  order_failed: "checkout.errors.orderFailed",
  not_in_cart: "checkout.errors.notInCart",
  key_reused: "checkout.errors.keyReused",
  age_unverified: "ageCheck.gate.checkout",
};

export function shopRefusalMessage(locale: Locale, refusal: ShopMessageRefusal): string {
  switch (refusal.code) {
    case "limited":
      return translate(locale, "checkout.errors.tooManyAttempts");
    case "carrier_country":
      return translate(locale, "checkout.errors.carrierCountry", { carrier: refusal.details.carrier });
    case "voucher":
      return translate(locale, voucherRefusalKey(refusal.details.refusal));
    case "account_taken":
      return Object.values(translateProblems(locale, refusal.details)).flat()[0] ?? "";
    default:
      return translate(locale, KEYS[refusal.code]);
  }
}

/** A refusal's HTTP status: 429 over a limit, 404 for a line not in the cart, else 409. */
export function shopRefusalStatus(refusal: ShopMessageRefusal): 404 | 409 | 429 {
  if (refusal.code === "limited") return 429;
  return refusal.code === "not_in_cart" ? 404 : 409;
}

/** The cart as the pages and the API show it: the voucher's refusal in words. */
export function sayCart(locale: Locale, cart: CartView<VoucherRefusal>): CartView {
  if (!cart.voucher?.refusal) return cart as CartView;
  const refusal = translate(locale, voucherRefusalKey(cart.voucher.refusal));
  return { ...cart, voucher: { ...cart.voucher, refusal } };
}
