import { z } from "@hono/zod-openapi";
import { SHOP_COUNTRIES, SHOP_PAYMENT_METHODS } from "#core/contracts/shop.ts";
import { VOUCHER_KINDS } from "#core/rules/vouchers.ts";

/** The shop API's bodies (core/contracts/shop.ts), named for the OpenAPI document. */

const minor = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description}, CZK minor units` });

const Totals = z.object({
  itemsMinor: minor("The items at their prices"),
  groupDiscountMinor: minor("The user group's discount"),
  voucherDiscountMinor: minor("What the voucher takes off"),
  deliveryMinor: minor("The carrier's price (0 from 1 500 Kč of goods after discounts)"),
  paymentFeeMinor: minor("Cash on delivery's fee"),
  totalMinor: minor("What the order costs"),
  toFreeDeliveryMinor: minor("How much more in goods makes delivery free"),
});

const Address = z
  .object({
    name: z.string(),
    street: z.string(),
    city: z.string(),
    zip: z.string(),
    countryCode: z.string().openapi({ example: "CZ" }),
    isCompany: z.boolean(),
    company: z.string(),
    companyId: z.string().openapi({ description: "IČO" }),
    taxId: z.string().openapi({ description: "DIČ" }),
  })
  .openapi("ShopAddress");

const Draft = z
  .object({
    delivery: z.string().nullable().openapi({ description: "A carrier's key or pickup:<branch key>" }),
    payment: z.enum(SHOP_PAYMENT_METHODS).nullable(),
    email: z.string(),
    phone: z.string(),
    deliveryAddress: Address.nullable(),
    invoiceAddress: Address.nullable(),
    sameAddress: z.boolean(),
    note: z.string(),
  })
  .openapi("CheckoutDraft");

const Line = z
  .object({
    productId: z.number().int(),
    name: z.string(),
    url: z.string(),
    image: z.string().nullable(),
    quantity: z.number().int(),
    stock: z.number().int().openapi({ description: "Pieces in stock now (0 = sold out)" }),
    unitPriceMinor: minor("The price now"),
    originalPriceMinor: z.number().int().nullable().openapi({ description: "The price before the sale" }),
    seenUnitPriceMinor: minor("The price the customer saw (put it in at, or last confirmed)"),
    taxRate: z.number().int(),
    lineTotalMinor: z.number().int(),
    problem: z.enum(["soldOut", "notEnoughStock", "priceChanged"]).nullable().openapi({
      description: "What changed since the customer saw it; the order waits until they have seen it",
    }),
  })
  .openapi("CartLine");

export const CartBody = z
  .object({
    lines: z.array(Line),
    count: z.number().int(),
    groupDiscountPercent: z.number(),
    voucher: z
      .object({
        code: z.string(),
        kind: z.enum(VOUCHER_KINDS),
        value: z.number(),
        refusal: z
          .string()
          .nullable()
          .openapi({ description: "Why it does not apply now (translated), else null" }),
      })
      .nullable(),
    totals: Totals,
    freeDeliveryFromMinor: z.number().int(),
    vat: z.array(
      z.object({ rate: z.number().int(), baseMinor: z.number().int(), vatMinor: z.number().int() }),
    ),
    draft: Draft,
    nextStep: z.enum(["cart", "delivery", "details", "review"]),
    blocked: z.boolean(),
  })
  .openapi("Cart");

export const CheckoutOptionsBody = z
  .object({
    carriers: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        description: z.string(),
        priceMinor: z.number().int(),
        codFeeMinor: z.number().int().nullable().openapi({ description: "null: no cash on delivery" }),
        countries: z.array(z.enum(SHOP_COUNTRIES)),
      }),
    ),
    branches: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        street: z.string(),
        city: z.string(),
        zip: z.string(),
        hours: z.array(z.string()),
        prague: z.boolean(),
      }),
    ),
    card: z.boolean(),
    bankTransfer: z.boolean(),
    reservationHours: z.number().int(),
  })
  .openapi("CheckoutOptions");

export const PlacedOrderBody = z
  .object({
    order: z.object({
      id: z.number().int(),
      hash: z.string(),
      summaryPath: z.string().openapi({ description: "The order's summary page" }),
    }),
    payment: z.object({
      method: z.enum(SHOP_PAYMENT_METHODS),
      cardStartPath: z
        .string()
        .nullable()
        .openapi({ description: "Card payment: POST here for the gateway's address (else null)" }),
    }),
    token: z.string().nullable().openapi({
      description: "A guest who opened an account: its Bearer token (the session cookie is set too)",
    }),
  })
  .openapi("PlacedOrder");

export const InfluencerStatsBody = z
  .object({
    code: z.string(),
    kind: z.enum(VOUCHER_KINDS),
    value: z.number(),
    marginPercent: z.number(),
    validTo: z.string().nullable(),
    orders: z.number().int(),
    revenueMinor: z.number().int(),
    marginMinor: z.number().int(),
    pendingOrders: z.number().int(),
    months: z.array(
      z.object({
        month: z.string(),
        orders: z.number().int(),
        revenueMinor: z.number().int(),
        marginMinor: z.number().int(),
      }),
    ),
  })
  .openapi("InfluencerStats");

/*
 * Request bodies: documented here, checked by the core's schemas in the service (so the API and the
 * forms give the same field errors).
 */
export const AddToCartBody = z
  .object({
    productId: z.number().int(),
    quantity: z.number().int().optional(),
    seenPriceMinor: z.number().int(),
  })
  .openapi("AddToCart", { example: { productId: 12, quantity: 2, seenPriceMinor: 189_000 } });
export const QuantityBody = z.object({ quantity: z.number().int() }).openapi("CartQuantity");
export const VoucherBody = z
  .object({ code: z.string() })
  .openapi("VoucherCode", { example: { code: "VITEJTE10" } });
export const DeliveryBody = z
  .object({ delivery: z.string(), payment: z.enum(SHOP_PAYMENT_METHODS) })
  .openapi("DeliveryStep", { example: { delivery: "pickup:praha-vinohrady", payment: "card" } });
export const DetailsBody = z
  .object({
    email: z.string(),
    phone: z.string(),
    invoice: Address.partial(),
    sameAddress: z.boolean().optional(),
    delivery: Address.partial().optional(),
    note: z.string().optional(),
    register: z.boolean().optional(),
    password: z.string().optional(),
    passwordConfirmation: z.string().optional(),
  })
  .openapi("DetailsStep");
export const PlaceOrderBody = z
  .object({ terms: z.boolean(), adult: z.boolean(), seenTotalMinor: z.number().int() })
  .openapi("PlaceOrder", { example: { terms: true, adult: true, seenTotalMinor: 378_000 } });
