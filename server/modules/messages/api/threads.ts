import { createRoute, z } from "@hono/zod-openapi";
import { listingRefusalMessage } from "#core/contracts/listing-refusals.ts";
import { THREAD_FILTERS } from "#core/contracts/messages.ts";
import { translate } from "#core/i18n/index.ts";
import { ReplySchema } from "#core/schemas/messages.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import {
  Id,
  MessageCounter,
  notFound,
  notFoundBody,
  ThreadMessage,
  ThreadSummary,
  ThreadView,
  user,
} from "./schemas.ts";

/** The bell's counts, the inbox's threads and messages, replies, reading, deleting, and a sale from a thread. */
export const threadsApi = createApiRouter();

threadsApi.use("/message", requireUser);
threadsApi.openapi(
  createRoute({
    method: "get",
    path: "/message",
    tags: ["messages"],
    summary: "Message counts for the header bell (counter=1); polled every 10 s by the client",
    security: bearerSecurity,
    request: { query: z.object({ counter: z.literal("1").openapi({ example: "1" }) }) },
    responses: {
      200: jsonContent(MessageCounter, "Counts"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => c.json(await c.get("services").messages.counter(user(c).id), 200),
);

threadsApi.openapi(
  createRoute({
    method: "get",
    path: "/messages/threads",
    tags: ["messages"],
    summary: "The inbox: the caller's threads, newest activity first, 20 a page",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      query: z.object({
        filter: z.enum(THREAD_FILTERS).optional().openapi({ description: "Default all" }),
        page: z.coerce.number().int().min(1).max(100_000).optional(),
        product: z.coerce
          .number()
          .int()
          .positive()
          .max(MAX_INT4)
          .optional()
          .openapi({ description: "Only threads about this product (a seller's view of one listing)" }),
        lang: z.enum(["cs", "en"]).optional(),
      }),
    },
    responses: {
      200: jsonContent(
        z.object({
          items: z.array(ThreadSummary),
          filter: z.enum(THREAD_FILTERS),
          productId: z.number().int().nullable(),
          page: z.number().int(),
          pages: z.number().int(),
          total: z.number().int(),
        }),
        "A page of threads",
      ),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const page = await c
      .get("services")
      .messages.threads(
        user(c).id,
        { filter: query.filter, page: query.page, productId: query.product ?? null },
        c.get("locale"),
      );
    return c.json(page, 200);
  },
);

threadsApi.openapi(
  createRoute({
    method: "get",
    path: "/messages/threads/{id}",
    tags: ["messages"],
    summary:
      "One thread with its messages (the newest 500) and what the caller may do; reading it here does not mark it read (POST .../read does)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: Id("The thread's id") }),
      query: z.object({ lang: z.enum(["cs", "en"]).optional() }),
    },
    responses: {
      200: jsonContent(z.object({ data: ThreadView }), "The thread"),
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const view = await c
      .get("services")
      .messages.thread(user(c).id, c.req.valid("param").id, c.get("locale"));
    return view ? c.json({ data: view }, 200) : c.json(notFoundBody(c), 404);
  },
);

threadsApi.openapi(
  createRoute({
    method: "post",
    path: "/messages/threads/{id}/read",
    tags: ["messages"],
    summary: "Marks the thread read up to its newest message",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: Id("The thread's id") }) },
    responses: {
      204: { description: "Read" },
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const done = await c.get("services").messages.markRead(user(c).id, c.req.valid("param").id);
    return done ? c.body(null, 204) : c.json(notFoundBody(c), 404);
  },
);

threadsApi.openapi(
  createRoute({
    method: "post",
    path: "/messages/threads/{id}/messages",
    tags: ["messages"],
    summary:
      "A reply in a conversation (plain text, at most 2000 characters). 403 when either side blocked the other, the other account is gone, or the thread is the system one",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: Id("The thread's id") }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: ReplySchema,
          },
        },
      },
    },
    responses: {
      201: jsonContent(z.object({ data: ThreadMessage }), "The message"),
      401: errorResponses[401],
      403: jsonContent(MessageBody, "Not allowed to write here"),
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .messages.send(user(c).id, c.req.valid("param").id, c.req.valid("json").body);
    if (result.ok) return c.json({ data: result.value }, 201);
    if (result.code === "not_found") return c.json(notFoundBody(c), 404);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    return c.json({ message: translate(locale, `messages.errors.${result.code}`) }, 403);
  },
);

threadsApi.openapi(
  createRoute({
    method: "delete",
    path: "/messages/threads/{id}",
    tags: ["messages"],
    summary:
      "Deletes the thread from the caller's inbox (its messages so far, for the caller only); a later message brings it back",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: Id("The thread's id") }) },
    responses: {
      204: { description: "Deleted" },
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const done = await c.get("services").messages.deleteThread(user(c).id, c.req.valid("param").id);
    return done ? c.body(null, 204) : c.json(notFoundBody(c), 404);
  },
);

threadsApi.openapi(
  createRoute({
    method: "post",
    path: "/messages/threads/{id}/sold",
    tags: ["messages"],
    summary:
      "The seller marks the thread's active classified sold to the thread's other participant (a deal: both may then rate each other)",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: Id("The thread's id") }) },
    responses: {
      200: jsonContent(z.object({ data: ThreadView }), "The thread after the sale"),
      401: errorResponses[401],
      404: notFound,
      409: jsonContent(MessageBody, "Not an active classified of the caller's"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const services = c.get("services");
    const locale = c.get("locale");
    const id = c.req.valid("param").id;
    const view = await services.messages.thread(user(c).id, id, locale);
    if (view?.role !== "seller" || !view.product || !view.other) return c.json(notFoundBody(c), 404);
    const result = await services.listings.markSold(user(c), view.product.id, view.other.id);
    if (!result.ok && result.code === "not_found") return c.json(notFoundBody(c), 404);
    if (!result.ok) return c.json({ message: listingRefusalMessage(locale, result.code) }, 409);
    const after = await services.messages.thread(user(c).id, id, locale);
    return c.json({ data: after! }, 200);
  },
);
