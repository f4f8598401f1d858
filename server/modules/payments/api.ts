import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import { TEST_GATEWAY_SIGNATURE_HEADER } from "./gateways.ts";
import { ORDER_KINDS, ORDER_STATUSES, PAYMENT_STATUSES } from "./tables.ts";

/**
 * Paying the operator: a promotion (topování) or an insertion fee becomes an order; the order
 * (id + hash) is paid by bank transfer with a QR payment or by card at the gateway; gateways
 * notify /api/payments/webhooks/{provider}. The operator's "transfer arrived" lives with the
 * other back-office calls (server/modules/admin/api.ts).
 */

const IdParam = idPathParam("The listing's product id, or the order's number");
const HashParam = z
  .string()
  .regex(/^[0-9a-f]{16,64}$/)
  .openapi({ param: { name: "hash", in: "path" }, example: "9f1c2b…" });

const FeeSchema = z.object({
  baseMinor: z.number().int(),
  discountPercent: z.number().int(),
  discountMinor: z.number().int(),
  amountMinor: z.number().int().openapi({ description: "What the seller pays, CZK minor units" }),
});

const Offer = z
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

const notFound = jsonContent(MessageBody, "No such listing of the caller's, or no such order");
const notFoundBody = (c: Context<AppEnv>) => ({ message: translate(c.get("locale"), "errors.notFound") });
const user = (c: Context<AppEnv>) => c.get("user")!;

export const paymentsApi = createApiRouter();

paymentsApi.openapi(
  createRoute({
    method: "get",
    path: "/me/advertisements/{id}/top",
    tags: ["payments"],
    summary:
      "What promoting (topování) the caller's listing costs: the price per day, the day choices with the group discount applied, a running promotion's end",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: IdParam }) },
    responses: {
      200: jsonContent(z.object({ data: Offer }), "The offer"),
      401: errorResponses[401],
      404: notFound,
    },
  }),
  async (c) => {
    const offer = await c
      .get("services")
      .payments.promotionOffer(user(c), c.req.valid("param").id, c.get("locale"));
    if (!offer) return c.json(notFoundBody(c), 404);
    const { listing: _listing, prices, ...rest } = offer;
    return c.json(
      {
        data: {
          ...rest,
          perDayMinor: prices.perDayMinor,
          minDays: prices.minDays,
        },
      },
      200,
    );
  },
);

paymentsApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/{id}/top",
    tags: ["payments"],
    summary:
      "Orders a promotion of the caller's live listing for `days` days; the listing sorts first and is highlighted once the order is paid. An earlier unpaid promotion order of the listing is cancelled",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: IdParam }),
      body: {
        required: true,
        // Checked by the service, whose message names the allowed range.
        content: {
          "application/json": {
            schema: z.object({ days: z.any().openapi({ type: "integer", example: 7 }) }),
          },
        },
      },
    },
    responses: {
      201: jsonContent(z.object({ data: OrderSchema }), "The order, to be paid"),
      401: errorResponses[401],
      404: notFound,
      409: jsonContent(MessageBody, "The listing is not live, or already promoted up to its end"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { days?: unknown };
    const result = await c
      .get("services")
      .payments.orderPromotion(user(c), c.req.valid("param").id, body?.days, c.get("locale"));
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    return c.json({ data: result.order }, 201);
  },
);

paymentsApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/{id}/fee",
    tags: ["payments"],
    summary:
      "The order of an unpaid listing's insertion fee (the open one when its amount still matches, else a new one); paying it releases the listing",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: IdParam }) },
    responses: {
      201: jsonContent(z.object({ data: OrderSchema }), "The order, to be paid"),
      401: errorResponses[401],
      404: notFound,
      409: jsonContent(MessageBody, "Nothing to pay: the listing does not await payment"),
    },
  }),
  async (c) => {
    const result = await c
      .get("services")
      .payments.orderListingFee(user(c), c.req.valid("param").id, c.get("locale"));
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    return c.json({ data: result.order }, 201);
  },
);

paymentsApi.openapi(
  createRoute({
    method: "get",
    path: "/me/orders",
    tags: ["payments"],
    summary: "The caller's fee and promotion orders, newest first (at most 50)",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(z.object({ data: z.array(OrderSchema) }), "The orders"),
      401: errorResponses[401],
    },
  }),
  async (c) => c.json({ data: await c.get("services").payments.myOrders(user(c).id, c.get("locale")) }, 200),
);

paymentsApi.openapi(
  createRoute({
    method: "get",
    path: "/orders/{id}/{hash}",
    tags: ["payments"],
    summary:
      "An order, for whoever holds its id and hash: its state and how to pay it. An open card payment's state is read from the gateway first",
    request: { params: z.object({ id: IdParam, hash: HashParam }) },
    responses: { 200: jsonContent(z.object({ data: OrderSchema }), "The order"), 404: notFound },
  }),
  async (c) => {
    const { id, hash } = c.req.valid("param");
    const order = await c.get("services").payments.order(id, hash, c.get("locale"));
    return order ? c.json({ data: order }, 200) : c.json(notFoundBody(c), 404);
  },
);

paymentsApi.openapi(
  createRoute({
    method: "post",
    path: "/orders/{id}/{hash}/card",
    tags: ["payments"],
    summary:
      "Starts a card payment of a payable order at the card gateway: the URL to send the payer to. The gateway sends them back to the order's page. While a card payment of the order is open (not paid, failed or expired at the gateway), a start answers that payment's URL again: one order, one card payment at a time",
    request: { params: z.object({ id: IdParam, hash: HashParam }) },
    responses: {
      200: jsonContent(z.object({ data: z.object({ redirectUrl: z.string() }) }), "Go to the gateway"),
      404: notFound,
      409: jsonContent(MessageBody, "Paid already, no longer payable, or no card gateway"),
      429: jsonContent(MessageBody, "More than 10 card payments of the order in 15 minutes"),
    },
  }),
  async (c) => {
    const { id, hash } = c.req.valid("param");
    const result = await c.get("services").payments.payByCard(id, hash, c.get("locale"));
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    if (result.status === "too_many") return c.json({ message: result.message }, 429);
    return c.json({ data: { redirectUrl: result.url } }, 200);
  },
);

paymentsApi.openapi(
  createRoute({
    method: "post",
    path: "/payments/webhooks/{provider}",
    tags: ["payments"],
    summary:
      "A card gateway's notification (the raw body, signed in the provider's header; the test gateway: `x-test-gateway-signature: sha256=<HMAC>`). Processed once per event id; the payment's state is then read from the gateway",
    request: {
      params: z.object({
        provider: z
          .string()
          .max(32)
          .openapi({ param: { name: "provider", in: "path" } }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ received: z.boolean(), duplicate: z.boolean() }), "Taken"),
      400: jsonContent(MessageBody, "The signature does not hold"),
      404: jsonContent(MessageBody, "No such gateway here"),
    },
  }),
  async (c) => {
    const { provider } = c.req.valid("param");
    const rawBody = await c.req.text();
    const result = await c
      .get("services")
      .payments.handleNotification(provider, rawBody, c.req.header(TEST_GATEWAY_SIGNATURE_HEADER));
    if (result === "unknown_provider") return c.json(notFoundBody(c), 404);
    if (result === "bad_signature")
      return c.json({ message: translate(c.get("locale"), "payments.errors.badSignature") }, 400);
    return c.json({ received: true, duplicate: result === "duplicate" }, 200);
  },
);

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

const InvoiceSchema = z
  .object({
    number: z.string(),
    orderId: z.number().int(),
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
    paymentMethod: z.enum(["bank_transfer", "card"]),
    variableSymbol: z.string(),
  })
  .openapi("Invoice");

paymentsApi.openapi(
  createRoute({
    method: "get",
    path: "/me/invoices/{number}",
    tags: ["payments"],
    summary:
      "One of the caller's tax documents, as issued when the order was paid: supplier, customer, lines with VAT included, the VAT summary",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({
        number: z
          .string()
          .regex(/^\d{10}$/)
          .openapi({ param: { name: "number", in: "path" }, example: "2026000001" }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ data: InvoiceSchema }), "The document"),
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such document of the caller's"),
    },
  }),
  async (c) => {
    const invoice = await c.get("services").payments.invoice(user(c).id, c.req.valid("param").number);
    return invoice ? c.json({ data: invoice }, 200) : c.json(notFoundBody(c), 404);
  },
);
