import { createRoute, z } from "@hono/zod-openapi";
import { paymentRefusalMessage } from "#core/contracts/payments.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, IdempotencyHeaders, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { IdParam, notFound, notFoundBody, Offer, OrderSchema, user } from "./schemas.ts";

/** Promotion (topování) of the caller's live listing: the offer and the order that buys it. */
export const promotionsApi = createApiRouter();

promotionsApi.openapi(
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
    const { listing: _listing, prices, reason, ...rest } = offer;
    return c.json(
      {
        data: {
          ...rest,
          reason: reason && paymentRefusalMessage(c.get("locale"), reason),
          perDayMinor: prices.perDayMinor,
          minDays: prices.minDays,
        },
      },
      200,
    );
  },
);

promotionsApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/{id}/top",
    tags: ["payments"],
    summary:
      "Orders a promotion of the caller's live listing for `days` days; the listing sorts first and is highlighted once the order is paid. An earlier unpaid promotion order of the listing is cancelled. A repeat of the Idempotency-Key answers the order the first request made (nothing cancelled)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: IdParam }),
      headers: IdempotencyHeaders,
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
      409: jsonContent(
        MessageBody,
        "The listing is not live, or already promoted up to its end; or the Idempotency-Key was used for another request",
      ),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { days?: unknown };
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const result = await c
      .get("services")
      .payments.orderPromotion(user(c), c.req.valid("param").id, body?.days, c.get("locale"), key);
    if (result.ok) {
      const { repeated, ...order } = result.value;
      if (repeated) c.header("Idempotent-Replayed", "true");
      return c.json({ data: order }, 201);
    }
    if (result.code === "not_found") return c.json(notFoundBody(c), 404);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
    return c.json({ message: paymentRefusalMessage(c.get("locale"), result.code) }, 409);
  },
);
