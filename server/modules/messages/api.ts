import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { NOTIFICATION_KINDS, THREAD_FILTERS, type UserEvent } from "#core/contracts/messages.ts";
import { translate } from "#core/i18n/index.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import { tooManyStreams } from "#server/http/api/errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import { PRODUCT_FORMATS, PRODUCT_STATUSES } from "../listings/tables/products.ts";
import { MESSAGE_MAX, REPORT_REASON_MAX } from "./service.ts";

/**
 * Messages (issue 7): the bell's counts, the inbox's threads and messages, replies, reading,
 * deleting, blocking, reporting, the notice switches and their one-click unsubscribe, and the
 * user's live event stream. A thread is the caller's only if they take part in it: any other id
 * answers 404 exactly like a missing one, and nothing changes.
 */

const Id = (description: string) => idPathParam(description);

const MessageCounter = z
  .object({
    total: z.number().int().openapi({ description: "Messages received (from other users and the system)" }),
    new: z.number().int().openapi({ description: "Unread received messages" }),
    system: z.number().int().openapi({ description: "Unread system messages" }),
  })
  .openapi("MessageCounter");

const ThreadProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z
      .string()
      .nullable()
      .openapi({ description: "The product page in the request's language; null when not public" }),
    image: z.string().nullable(),
    format: z.enum(PRODUCT_FORMATS),
    status: z.enum(PRODUCT_STATUSES),
    priceMinor: z.number().int().nullable().openapi({ description: "CZK minor units; null = by agreement" }),
    sellerId: z.number().int().nullable(),
  })
  .openapi("ThreadProduct");

const ThreadSummary = z
  .object({
    id: z.number().int(),
    kind: z.enum(["conversation", "system"]),
    role: z.enum(["seller", "buyer", "owner"]).openapi({ description: "The caller's side of the thread" }),
    product: ThreadProduct.nullable(),
    other: z
      .object({
        id: z.number().int(),
        username: z.string().nullable(),
        avatarFileName: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: "The other participant; username null = a deleted account" }),
    last: z.object({ text: z.string(), at: z.string(), mine: z.boolean() }).nullable(),
    unread: z.number().int(),
    blocked: z.boolean().openapi({ description: "The caller blocked the other participant" }),
  })
  .openapi("ThreadSummary");

const ThreadMessage = z
  .object({
    id: z.number().int(),
    senderId: z.number().int().nullable().openapi({ description: "Null: a system message" }),
    mine: z.boolean(),
    text: z.string().openapi({ description: "Plain text" }),
    event: z.string().nullable().openapi({ description: "A system message's kind" }),
    link: z.string().nullable().openapi({ description: "What a system message concerns (a path)" }),
    at: z.string(),
    unread: z.boolean(),
    reported: z.boolean(),
  })
  .openapi("ThreadMessage");

const ThreadView = ThreadSummary.extend({
  messages: z.array(ThreadMessage),
  canReply: z.boolean(),
  blockedByOther: z.boolean(),
  deal: z
    .object({ done: z.boolean(), canReview: z.boolean(), reviewed: z.boolean(), canMarkSold: z.boolean() })
    .nullable(),
}).openapi("ThreadView");

const Preferences = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])))
  .openapi("NotificationPreferences", { description: "Per kind: also send it by e-mail" });

const notFound = jsonContent(MessageBody, "No such thread (or not the caller's)");
const user = (c: Context<AppEnv>) => c.get("user")!;
const notFoundBody = (c: Context<AppEnv>) => ({ message: translate(c.get("locale"), "errors.notFound") });

export const messagesApi = createApiRouter();

messagesApi.use("/message", requireUser);
messagesApi.openapi(
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

messagesApi.openapi(
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

messagesApi.openapi(
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

messagesApi.openapi(
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

messagesApi.openapi(
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
            schema: z.object({
              body: z
                .string()
                .max(MESSAGE_MAX * 2)
                .openapi({ example: "Dobrý den, je láhev ještě k mání?" }),
            }),
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
      .messages.send(user(c).id, c.req.valid("param").id, c.req.valid("json").body, locale);
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "refused")
      return c.json({ message: translate(locale, `messages.errors.${result.reason}`) }, 403);
    return c.json({ data: result.message }, 201);
  },
);

messagesApi.openapi(
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

messagesApi.openapi(
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
    const result = await services.listings.markSold(user(c), view.product.id, view.other.id, locale);
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    const after = await services.messages.thread(user(c).id, id, locale);
    return c.json({ data: after! }, 200);
  },
);

messagesApi.openapi(
  createRoute({
    method: "post",
    path: "/messages/{id}/report",
    tags: ["messages"],
    summary:
      "Reports another user's message in one of the caller's threads to the operator (once per message)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: Id("The message's id") }),
      body: {
        required: false,
        content: {
          "application/json": {
            schema: z.object({
              reason: z
                .string()
                .max(REPORT_REASON_MAX * 2)
                .optional(),
            }),
          },
        },
      },
    },
    responses: {
      200: jsonContent(MessageBody, "Reported"),
      401: errorResponses[401],
      403: jsonContent(MessageBody, "The caller's own message or a system message"),
      404: jsonContent(MessageBody, "No such message in the caller's threads"),
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
    const result = await c.get("services").messages.report(user(c).id, c.req.valid("param").id, reason);
    if (result === "not_found") return c.json(notFoundBody(c), 404);
    if (result === "own") return c.json({ message: translate(locale, "messages.errors.reportOwn") }, 403);
    return c.json({ message: translate(locale, "messages.thread.reported") }, 200);
  },
);

const BlockTarget = z.object({ id: Id("The other user's id") });

messagesApi.openapi(
  createRoute({
    method: "put",
    path: "/users/{id}/block",
    tags: ["messages"],
    summary:
      "Blocks a user: from now on neither can write to the other, and their messages stop counting as new (docs/decisions/0008)",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: BlockTarget },
    responses: {
      204: { description: "Blocked" },
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such user, or the caller"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const done = await c.get("services").messages.block(user(c).id, c.req.valid("param").id);
    return done ? c.body(null, 204) : c.json(notFoundBody(c), 404);
  },
);

messagesApi.openapi(
  createRoute({
    method: "delete",
    path: "/users/{id}/block",
    tags: ["messages"],
    summary: "Lifts the caller's block of a user",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: BlockTarget },
    responses: {
      204: { description: "Unblocked" },
      401: errorResponses[401],
      404: jsonContent(MessageBody, "The caller had not blocked them"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const done = await c.get("services").messages.unblock(user(c).id, c.req.valid("param").id);
    return done ? c.body(null, 204) : c.json(notFoundBody(c), 404);
  },
);

messagesApi.openapi(
  createRoute({
    method: "get",
    path: "/me/blocks",
    tags: ["messages"],
    summary: "The users the caller blocked",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(
        z.object({ items: z.array(z.object({ id: z.number().int(), username: z.string() })) }),
        "Blocked users",
      ),
      401: errorResponses[401],
    },
  }),
  async (c) => c.json({ items: await c.get("services").messages.blockedUsers(user(c).id) }, 200),
);

messagesApi.openapi(
  createRoute({
    method: "get",
    path: "/me/notifications",
    tags: ["messages"],
    summary: "Which notices also go out by e-mail, per kind",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(z.object({ data: Preferences }), "The switches"),
      401: errorResponses[401],
    },
  }),
  async (c) => c.json({ data: await c.get("services").messages.preferences(user(c).id) }, 200),
);

messagesApi.openapi(
  createRoute({
    method: "put",
    path: "/me/notifications",
    tags: ["messages"],
    summary: "Switches notice e-mails on or off per kind (kinds not given stay as they were)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: { required: true, content: { "application/json": { schema: Preferences.partial().strict() } } },
    },
    responses: {
      200: jsonContent(z.object({ data: Preferences }), "All switches after the change"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) =>
    c.json({ data: await c.get("services").messages.savePreferences(user(c).id, c.req.valid("json")) }, 200),
);

messagesApi.openapi(
  createRoute({
    method: "post",
    path: "/notifications/unsubscribe/{token}",
    tags: ["messages"],
    summary:
      "One-click unsubscribe of a notice mail's kind by its signed token, without login (the mail's link opens the page /upozorneni/odhlaseni/{token}, which does the same)",
    request: {
      params: z.object({
        token: z
          .string()
          .max(200)
          .openapi({ param: { name: "token", in: "path" } }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ kind: z.enum(NOTIFICATION_KINDS) }), "Switched off"),
      404: jsonContent(MessageBody, "Not a token of ours"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c.get("services").messages.unsubscribe(c.req.valid("param").token);
    return result ? c.json({ kind: result.kind }, 200) : c.json(notFoundBody(c), 404);
  },
);

messagesApi.openapi(
  createRoute({
    method: "get",
    path: "/me/events",
    tags: ["messages"],
    summary:
      "The caller's live events (Server-Sent Events, authenticated by the session cookie or the token): `counter` events with the bell's counts and the thread that changed, at once on connecting and on every new message, notice, reading or deletion. A comment line every 15 s keeps the stream open",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: {
        description:
          "An event stream: `event: counter`, data `{ counter: { total, new, system }, threadId }`",
        content: { "text/event-stream": { schema: z.string() } },
      },
      401: errorResponses[401],
      429: jsonContent(MessageBody, "Too many open live streams from this address or user (Retry-After)"),
    },
  }),
  // biome-ignore lint/suspicious/noExplicitAny: an event stream is not one of the JSON responses the route types.
  (async (c: any) => {
    const services = c.get("services");
    const userId: number = c.get("user").id;
    const release = services.streamSlots.acquire(c.get("clientIp"), userId);
    if (!release) return tooManyStreams(c);
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let close: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        close = resolve;
      });
      stream.onAbort(() => close());
      const detach = services.userStreams.attach({
        userId,
        sink: {
          send: (event: UserEvent) => stream.writeSSE({ event: "counter", data: JSON.stringify(event) }),
          comment: (text: string) => stream.write(`: ${text}\n\n`).then(() => {}),
          close: () => close(),
        },
      });
      try {
        await stream.write("retry: 5000\n\n");
        await closed;
      } finally {
        detach();
        release();
      }
    });
  }) as never,
);
