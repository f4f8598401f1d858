import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { ReviewReplySchema, ReviewReportSchema, ReviewSchema } from "#core/schemas/reviews.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";

/**
 * Reviews (issue 7): after a deal, the seller and the buyer rate each other once (1-5 stars and an
 * optional comment); the rated user replies once; anyone signed in may report a review. A user's
 * rating (average and count) is public.
 */

const Id = (description: string) => idPathParam(description, 7);

const Deal = z
  .object({
    productId: z.number().int(),
    productName: z.string(),
    productUrl: z.string(),
    image: z.string().nullable(),
    role: z.enum(["seller", "buyer"]).openapi({ description: "The caller's side of the deal" }),
    counterpart: z.object({ id: z.number().int(), username: z.string() }),
    soldAt: z.string().nullable(),
  })
  .openapi("Deal");

const ReceivedReview = z
  .object({
    id: z.number().int(),
    stars: z.number().int(),
    comment: z.string().nullable(),
    reply: z.string().nullable(),
    createdAt: z.string(),
    author: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    productName: z.string(),
  })
  .openapi("ReceivedReview");

const user = (c: Context<AppEnv>) => c.get("user")!;
const notFoundBody = (c: Context<AppEnv>) => ({ message: translate(c.get("locale"), "errors.notFound") });

export const reviewsApi = createApiRouter();

reviewsApi.openapi(
  createRoute({
    method: "get",
    path: "/users/{id}/rating",
    tags: ["reviews"],
    summary: "A user's rating: the average of the stars they received (one decimal) and the count",
    request: { params: z.object({ id: Id("The user's id") }) },
    responses: {
      200: jsonContent(
        z.object({
          average: z.number().nullable().openapi({ description: "Null before the first review" }),
          count: z.number().int(),
        }),
        "The rating",
      ),
      422: errorResponses[422],
    },
  }),
  async (c) => c.json(await c.get("services").reviews.rating(c.req.valid("param").id), 200),
);

reviewsApi.openapi(
  createRoute({
    method: "get",
    path: "/me/reviews",
    tags: ["reviews"],
    summary: "The caller's deals still to rate, and the reviews they received (with their replies)",
    security: bearerSecurity,
    middleware: requireUser,
    request: { query: z.object({ lang: z.enum(["cs", "en"]).optional() }) },
    responses: {
      200: jsonContent(z.object({ pending: z.array(Deal), received: z.array(ReceivedReview) }), "Reviews"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const reviews = c.get("services").reviews;
    const [pending, received] = await Promise.all([
      reviews.pending(user(c).id, c.get("locale")),
      reviews.received(user(c).id, c.get("locale")),
    ]);
    return c.json({ pending, received }, 200);
  },
);

reviewsApi.openapi(
  createRoute({
    method: "post",
    path: "/reviews",
    tags: ["reviews"],
    summary:
      "Rates the other side of a deal about the product (an auction won, or a classified marked sold): 1-5 stars, an optional comment. Once per deal and author",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: ReviewSchema,
          },
        },
      },
    },
    responses: {
      201: jsonContent(z.object({ id: z.number().int() }), "The review"),
      401: errorResponses[401],
      403: jsonContent(MessageBody, "No deal between the caller and anyone about this product"),
      409: jsonContent(MessageBody, "The caller already rated this deal"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c.get("services").reviews.give(user(c).id, c.req.valid("json"), locale);
    if (result.ok) return c.json({ id: result.value.id }, 201);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    if (result.code === "already")
      return c.json({ message: translate(locale, "reviews.errors.already") }, 409);
    return c.json({ message: translate(locale, "reviews.errors.noDeal") }, 403);
  },
);

reviewsApi.openapi(
  createRoute({
    method: "post",
    path: "/reviews/{id}/reply",
    tags: ["reviews"],
    summary: "The rated user's reply to a review about them (once)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: Id("The review's id") }),
      body: {
        required: true,
        content: {
          "application/json": { schema: ReviewReplySchema },
        },
      },
    },
    responses: {
      200: jsonContent(MessageBody, "Replied"),
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such review about the caller"),
      409: jsonContent(MessageBody, "Already replied"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .reviews.reply(user(c).id, c.req.valid("param").id, c.req.valid("json").reply);
    if (result.ok) return c.json({ message: translate(locale, "reviews.replied") }, 200);
    if (result.code === "not_found") return c.json(notFoundBody(c), 404);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    return c.json({ message: translate(locale, "reviews.errors.replied") }, 409);
  },
);

reviewsApi.openapi(
  createRoute({
    method: "post",
    path: "/reviews/{id}/report",
    tags: ["reviews"],
    summary: "Reports a review to the operator (once per user; not one's own)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: Id("The review's id") }),
      body: {
        required: false,
        content: { "application/json": { schema: ReviewReportSchema } },
      },
    },
    responses: {
      200: jsonContent(MessageBody, "Reported"),
      401: errorResponses[401],
      403: jsonContent(MessageBody, "The caller's own review"),
      404: jsonContent(MessageBody, "No such review"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    let reason = "";
    try {
      reason = (c.req.valid("json") as { reason?: string } | undefined)?.reason ?? "";
    } catch {
      reason = "";
    }
    const result = await c.get("services").reviews.report(user(c).id, c.req.valid("param").id, reason);
    if (result === "not_found") return c.json(notFoundBody(c), 404);
    if (result === "own") return c.json({ message: translate(locale, "reviews.errors.reportOwn") }, 403);
    return c.json({ message: translate(locale, "reviews.reported") }, 200);
  },
);
