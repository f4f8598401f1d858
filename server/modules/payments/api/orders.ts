import { createRoute, z } from "@hono/zod-openapi";
import { paymentRefusalMessage } from "#core/contracts/payments.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, IdempotencyHeaders, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { HashParam, IdParam, notFound, notFoundBody, OrderSchema, user } from "./schemas.ts";

/** Orders: the fee's order, the caller's orders, an order by id + hash, and paying it by card. */
export const ordersApi = createApiRouter();

ordersApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/{id}/fee",
    tags: ["payments"],
    summary:
      "The order of an unpaid listing's insertion fee (the open one when its amount still matches, else a new one); paying it releases the listing. A repeat of the Idempotency-Key answers the order the first request made",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: IdParam }), headers: IdempotencyHeaders },
    responses: {
      201: jsonContent(z.object({ data: OrderSchema }), "The order, to be paid"),
      401: errorResponses[401],
      404: notFound,
      409: jsonContent(
        MessageBody,
        "Nothing to pay: the listing does not await payment; or the Idempotency-Key was used for another request",
      ),
    },
  }),
  async (c) => {
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const result = await c
      .get("services")
      .payments.orderListingFee(user(c), c.req.valid("param").id, c.get("locale"), key);
    if (result.ok) {
      const { repeated, ...order } = result.value;
      if (repeated) c.header("Idempotent-Replayed", "true");
      return c.json({ data: order }, 201);
    }
    if (result.code === "not_found") return c.json(notFoundBody(c), 404);
    return c.json({ message: paymentRefusalMessage(c.get("locale"), result.code) }, 409);
  },
);

ordersApi.openapi(
  createRoute({
    method: "get",
    path: "/me/orders",
    tags: ["payments"],
    summary: "The caller's orders (shop orders, fees and promotions), newest first (at most 50)",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(z.object({ data: z.array(OrderSchema) }), "The orders"),
      401: errorResponses[401],
    },
  }),
  async (c) => c.json({ data: await c.get("services").payments.myOrders(user(c).id, c.get("locale")) }, 200),
);

ordersApi.openapi(
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

ordersApi.openapi(
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
    if (result.ok) return c.json({ data: { redirectUrl: result.value } }, 200);
    if (result.code === "not_found") return c.json(notFoundBody(c), 404);
    const message = paymentRefusalMessage(c.get("locale"), result.code);
    return result.code === "limited" ? c.json({ message }, 429) : c.json({ message }, 409);
  },
);
