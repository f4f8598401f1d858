import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ORDER_KINDS } from "#core/contracts/payments.ts";
import { translate } from "#core/i18n/index.ts";
import { ORDER_STATUSES } from "#core/lifecycles/order.ts";
import { PAYMENT_STATUSES } from "#core/lifecycles/payment.ts";
import { idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";

/** The shapes the payments API answers and takes (docs/product/payments.md). */

export const IdParam = idPathParam("The listing's product id, or the order's number");
export const HashParam = z
  .string()
  .regex(/^[0-9a-f]{16,64}$/)
  .openapi({ param: { name: "hash", in: "path" }, example: "9f1c2b3d4e5f6a7b" });

const FeeSchema = z.object({
  baseMinor: z.number().int(),
  discountPercent: z.number().int(),
  discountMinor: z.number().int(),
  amountMinor: z.number().int().openapi({ description: "What the seller pays, CZK minor units" }),
});

export const Offer = z
  .object({
    available: z.boolean(),
    reason: z.string().nullable().openapi({ description: "Why the listing cannot be promoted now" }),
    toppedUntil: z.string().nullable().openapi({ description: "ISO instant of a running promotion's end" }),
    perDayMinor: z.number().int(),
    minDays: z.number().int(),
    maxDays: z.number().int().openapi({ description: "The price list's maximum, cut at the listing's end" }),
    choices: z.array(z.object({ days: z.number().int(), fee: FeeSchema })),
  })
  .openapi("PromotionOffer");

export const OrderSchema = z
  .object({
    id: z
      .number()
      .int()
      .openapi({ description: "The order number (also the bank transfer's variable symbol)" }),
    hash: z.string(),
    kind: z.enum(ORDER_KINDS),
    status: z.enum(ORDER_STATUSES),
    listing: z
      .object({ id: z.number().int(), name: z.string(), url: z.string(), status: z.string() })
      .nullable(),
    promotionDays: z.number().int().nullable(),
    subtotalMinor: z.number().int(),
    discountMinor: z.number().int(),
    totalMinor: z.number().int(),
    currencyCode: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    summaryPath: z.string().openapi({ description: "The order's page in the request's language" }),
    payable: z.boolean(),
    bankTransfer: z
      .object({
        iban: z.string(),
        ibanFormatted: z.string(),
        variableSymbol: z.string(),
        amountMinor: z.number().int(),
        message: z.string(),
        spayd: z.string().openapi({ description: "QR payment content (SPAYD 1.0)" }),
      })
      .nullable(),
    card: z.boolean().openapi({ description: "A card gateway can take the payment" }),
    lastCardPayment: z.object({ status: z.enum(PAYMENT_STATUSES), at: z.string() }).nullable(),
    toppedUntil: z.string().nullable(),
    invoiceNumber: z
      .string()
      .nullable()
      .openapi({ description: "The tax document of a paid order: GET /me/invoices/{number}" }),
    duplicateRefunded: z.boolean().openapi({
      description: "A second card payment succeeded for the paid order and was refunded to the payer",
    }),
  })
  .openapi("Order");

export const notFound = jsonContent(MessageBody, "No such listing of the caller's, or no such order");
export const notFoundBody = (c: Context<AppEnv>) => ({
  message: translate(c.get("locale"), "errors.notFound"),
});
export const user = (c: Context<AppEnv>) => c.get("user")!;

const Party = z.object({
  name: z.string(),
  street: z.string().optional(),
  city: z.string().optional(),
  zip: z.string().optional(),
  countryCode: z.string().nullable().optional(),
  companyId: z.string().nullable().optional(),
  taxId: z.string().nullable().optional(),
  email: z.string().optional(),
});

export const InvoiceSchema = z
  .object({
    number: z.string(),
    orderId: z.number().int().nullable().openapi({ description: "Null for a deal fee's document" }),
    dealId: z.number().int().optional(),
    issuedAt: z.string(),
    suppliedAt: z.string().openapi({ description: "Date of the taxable supply: the payment" }),
    supplier: Party.extend({ register: z.string().optional() }),
    customer: Party,
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        unitPriceMinor: z.number().int().openapi({ description: "VAT included" }),
        totalMinor: z.number().int(),
      }),
    ),
    vatRate: z.number().int(),
    baseMinor: z.number().int(),
    vatMinor: z.number().int(),
    totalMinor: z.number().int(),
    currencyCode: z.string(),
    paymentMethod: z.enum(["bank_transfer", "card", "cod", "offset"]),
    variableSymbol: z.string(),
  })
  .openapi("Invoice");
