import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { ReportSchema } from "#core/schemas/messages.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { Id, notFoundBody, user } from "./schemas.ts";

/** Reporting a message to the operator, and blocking users (docs/decisions/0008). */
export const moderationApi = createApiRouter();

moderationApi.openapi(
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
            schema: ReportSchema,
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

moderationApi.openapi(
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

moderationApi.openapi(
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

moderationApi.openapi(
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
