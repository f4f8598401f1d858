import { createRoute, z } from "@hono/zod-openapi";
import { translateProblems } from "#core/validation/field-errors.ts";
import { type ApiRouter, bearerSecurity, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { CONTACT_MESSAGE_MAX } from "../contact.ts";
import {
  conflict,
  conflictBody,
  data,
  IdParam,
  isSellerRefusal,
  json,
  Listing,
  notFound,
  notFoundBody,
  refusal,
  refused403,
  user,
} from "./listing-schemas.ts";

/** POST /me/advertisements/{id}/cancel: withdraws a listing nobody bid on. */
function cancelRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/me/advertisements/{id}/cancel",
      tags: ["listings"],
      summary: "Withdraws a listing nobody has bid on (a bid is binding, so not after one)",
      security: bearerSecurity,
      middleware: requireUser,
      request: { params: z.object({ id: IdParam }) },
      responses: {
        200: jsonContent(z.object({ data: Listing }), "Cancelled"),
        401: errorResponses[401],
        404: notFound,
        409: conflict,
      },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .listings.cancel(user(c), c.req.valid("param").id, c.get("locale"));
      if (result.ok) return c.json(data(result.value), 200);
      if (result.code === "not_found") return c.json(notFoundBody(c), 404);
      return c.json(conflictBody(c, result.code), 409);
    },
  );
}

/** POST /me/advertisements/{id}/relist: lists an unsold listing again. */
function relistRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/me/advertisements/{id}/relist",
      tags: ["listings"],
      summary:
        "Lists an unsold listing again (ended without a winner, expired unpaid, or cancelled) as a new listing: the same item, prices, duration and photos, new dates, its own fee; once per listing. The old one stays as it was",
      security: bearerSecurity,
      middleware: requireUser,
      request: { params: z.object({ id: IdParam }) },
      responses: {
        201: jsonContent(z.object({ data: Listing }), "The new listing"),
        401: errorResponses[401],
        403: refused403,
        404: notFound,
        409: conflict,
      },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .listings.relist(user(c), c.req.valid("param").id, c.get("locale"));
      if (result.ok) return c.json(data(result.value), 201);
      if (result.code === "not_found") return c.json(notFoundBody(c), 404);
      if (isSellerRefusal(result.code)) return refusal(c, result.code);
      return c.json(conflictBody(c, result.code), 409);
    },
  );
}

/** POST /products/{id}/contact: write to the seller. */
function contactRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/products/{id}/contact",
      tags: ["listings"],
      summary:
        'Write to the seller (a classified) or answer a demand ad ("I have this"): opens the conversation about the product between the caller and its seller, or finds the existing one, with the caller\'s first message if given',
      security: bearerSecurity,
      middleware: requireUser,
      request: {
        params: z.object({ id: IdParam }),
        body: {
          required: false,
          content: {
            "application/json": {
              schema: z.object({
                message: z
                  .string()
                  .max(CONTACT_MESSAGE_MAX * 2)
                  .nullish(),
              }),
            },
          },
        },
      },
      responses: {
        200: jsonContent(
          z.object({ data: z.object({ threadId: z.number().int(), created: z.boolean() }) }),
          "The conversation",
        ),
        401: errorResponses[401],
        404: jsonContent(MessageBody, "No such product, or not one of a seller's"),
        409: jsonContent(MessageBody, "The caller's own product"),
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const body = (await json(c)) as { message?: unknown };
      const message = typeof body?.message === "string" ? body.message : null;
      const result = await c
        .get("services")
        .listings.contactSeller(user(c).id, c.req.valid("param").id, message);
      if (result.ok) return c.json({ data: result.value }, 200);
      if (result.code === "not_found") return c.json(notFoundBody(c), 404);
      if (result.code === "invalid")
        return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
      return c.json(conflictBody(c, result.code), 409);
    },
  );
}

/** What the seller does with a listing (cancel, relist), and "write to the seller" on a product. */
export function actionRoutes(router: ApiRouter) {
  cancelRoute(router);
  relistRoute(router);
  contactRoute(router);
}
