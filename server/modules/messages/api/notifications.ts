import { createRoute, z } from "@hono/zod-openapi";
import { NOTIFICATION_KINDS } from "#core/contracts/messages.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { notFoundBody, Preferences, user } from "./schemas.ts";

/** The notice switches and the one-click unsubscribe of a notice mail. */
export const notificationsApi = createApiRouter();

notificationsApi.openapi(
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

notificationsApi.openapi(
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

notificationsApi.openapi(
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
