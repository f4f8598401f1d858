import { z } from "zod";
import { SHOP_COUNTRIES, SHOP_PAYMENT_METHODS } from "../contracts/shop.ts";
import { MAX_INT4 } from "../validation/limits.ts";
import { AddressSchema } from "./address.ts";
import { PasswordSchema } from "./registration.ts";

/**
 * The cart's and the checkout's inputs (docs/product/shop.md): one schema per form for the
 * pages (through Conform) and the API. Messages are i18n keys (see issuesToFieldErrors). What
 * needs the database (stock, prices, the voucher's rules, a carrier that exists) is the shop
 * service's check; these are the shapes.
 */

/** A ticked HTML checkbox sends "on"; API clients send a boolean. */
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true" || v === "1", z.boolean());
const id = z.coerce.number().int().positive().max(MAX_INT4);
const pieces = (min: number) => z.coerce.number({ error: "validation.numeric" }).int().min(min).max(999);

/** "Add to cart" on a product page: the price the customer saw is sent along and checked. */
export const AddToCartSchema = z.object({
  productId: id,
  quantity: pieces(1).default(1),
  seenPriceMinor: z.coerce.number().int().min(0).max(MAX_INT4),
});
export type AddToCartInput = z.infer<typeof AddToCartSchema>;

/** A line's new quantity in the cart; 0 removes it. */
export const CartQuantitySchema = z.object({ productId: id, quantity: pieces(0) });
export type CartQuantityInput = z.infer<typeof CartQuantitySchema>;

export const VoucherCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: "validation.required" })
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, { error: "checkout.errors.voucherFormat" }),
});

/** Step 1: how it travels and how it is paid (whether the pair is allowed is the service's rule). */
export const DeliveryStepSchema = z.object({
  delivery: z
    .string({ error: "checkout.errors.chooseDelivery" })
    .trim()
    .min(1, { error: "checkout.errors.chooseDelivery" })
    .max(80),
  payment: z.enum(SHOP_PAYMENT_METHODS, { error: "checkout.errors.choosePayment" }),
});
export type DeliveryStepInput = z.infer<typeof DeliveryStepSchema>;

/**
 * An address parsed once already (a page's action hands the service its parsed form) says a
 * company by its company fields, no longer by `isCompany`: read that back, so a second parse
 * keeps the company.
 */
const companyAgain = (value: unknown) => {
  if (!value || typeof value !== "object" || "isCompany" in value) return value;
  const address = value as { company?: unknown; companyId?: unknown };
  // A form without the box ticked still sends its (hidden) company fields, empty.
  const given = (field: unknown) => field != null && field !== "";
  return given(address.company) || given(address.companyId) ? { ...value, isCompany: true } : value;
};

/** The shop delivers to, and invoices in, the Czech Republic and Slovakia only. */
const ShopAddressSchema = z.preprocess(
  companyAgain,
  AddressSchema.refine((address) => (SHOP_COUNTRIES as readonly string[]).includes(address.countryCode), {
    error: "checkout.errors.country",
    path: ["countryCode"],
  }),
);

const email = z
  .string()
  .trim()
  .min(1, { error: "validation.required", abort: true })
  .pipe(z.email({ error: "validation.email" }).max(254));
const phone = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
  z
    .string()
    .min(1, { error: "validation.required", abort: true })
    .regex(/^\+?\d{9,15}$/, { error: "checkout.errors.phone" }),
);

/**
 * Step 2: who orders and where it goes. The invoice address always (a company's with its IČO,
 * checked by its check digit, and DIČ); the delivery address when it differs (a pickup at a
 * branch needs none: the service ignores it). A guest may open an account on the way with a
 * password typed twice.
 */
export const DetailsStepSchema = z
  .object({
    email,
    phone,
    invoice: ShopAddressSchema,
    sameAddress: checkbox.default(false),
    delivery: z.unknown().optional(),
    note: z.string().trim().max(1000).optional().default(""),
    register: checkbox.default(false),
    password: z.string().max(1024).optional(),
    passwordConfirmation: z.string().max(1024).optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.sameAddress) {
      const parsed = ShopAddressSchema.safeParse(form.delivery ?? {});
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({
            code: "custom",
            path: ["delivery", ...issue.path.map(String)],
            message: issue.message,
          });
    }
    if (!form.register) return;
    const password = PasswordSchema.safeParse(form.password ?? "");
    if (!password.success)
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: password.error.issues[0]?.message ?? "validation.required",
      });
    else if (form.passwordConfirmation !== form.password)
      ctx.addIssue({ code: "custom", path: ["passwordConfirmation"], message: "validation.confirmed" });
  })
  .transform((form) => ({
    ...form,
    delivery: form.sameAddress ? null : ShopAddressSchema.parse(form.delivery ?? {}),
  }));
export type DetailsStepInput = z.infer<typeof DetailsStepSchema>;

/**
 * The binding click ("Objednat s povinností platby"): the terms, the 18+ confirmation and the
 * total the customer saw on the last step; the order is placed only at that total.
 */
export const PlaceOrderSchema = z.object({
  terms: checkbox.refine((v) => v, { error: "checkout.errors.terms" }),
  adult: checkbox.refine((v) => v, { error: "checkout.errors.adult" }),
  seenTotalMinor: z.coerce.number().int().min(0).max(MAX_INT4),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderSchema>;
