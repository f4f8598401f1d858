import { z } from "zod";
import type { FormReply } from "#app/ui/forms/conform.ts";
import { AddToCartSchema, CartQuantitySchema, VoucherCodeSchema } from "#core/schemas/checkout.ts";

/**
 * The cart page's forms and the product page's "add to cart", each the core's schema
 * (core/schemas/checkout.ts) with the `intent` that names the form (ADR 0018: several forms of one
 * page are one discriminated union).
 */

/** The buy box on a shop product's page (it posts to the product page's action). */
export const AddToCartFormSchema = AddToCartSchema.extend({ intent: z.literal("cart") });

/** What the product page's action answers a refused "add to cart" with. */
export type AddToCartActionData = { intent: "cart"; result: FormReply };

export { ADDED_PARAM, isAddToCartSubmission, LIMITED_PARAM } from "./add-to-cart-params.ts";

export const CartActionSchema = z.discriminatedUnion("intent", [
  CartQuantitySchema.extend({ intent: z.literal("quantity") }),
  VoucherCodeSchema.extend({ intent: z.literal("voucher") }),
  z.object({ intent: z.literal("removeVoucher") }),
  z.object({ intent: z.literal("confirmPrices") }),
]);
export type CartIntent = z.infer<typeof CartActionSchema>["intent"];

/** The cart page's answer to a refused form: which form, and Conform's reply for it. */
export type CartActionData = { intent: CartIntent; result: FormReply };
