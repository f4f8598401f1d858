import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { SessionEntry } from "#server/modules/auth/index.ts";

/**
 * The signed-in user's sessions (issue 5), under /api/me/sessions (the verified account's routes
 * are the credentials module's api.ts, mounted right after). Everything works on the caller's own account: a session id of somebody else answers 404 and changes
 * nothing. Cookie-authenticated calls pass the CSRF check (server/http/csrf.ts) like every change.
 */
export const securityApi = createApiRouter();

const Session = z
  .object({
    id: z.number().int(),
    device: z.object({
      browser: z.string().nullable().openapi({ example: "Firefox" }),
      os: z.string().nullable().openapi({ example: "Windows" }),
      kind: z.enum(["mobile", "tablet", "desktop"]),
    }),
    ip: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    last_used_at: z.string().nullable().openapi({ format: "date-time" }),
    current: z.boolean().openapi({ description: "The session this request came with" }),
  })
  .openapi("Session");

const toSession = (entry: SessionEntry): z.infer<typeof Session> => ({
  id: entry.id,
  device: entry.device,
  ip: entry.ip,
  created_at: entry.createdAt.toISOString(),
  last_used_at: entry.lastUsedAt?.toISOString() ?? null,
  current: entry.current,
});

const notFound = {
  description: "No such session of yours",
  content: { "application/json": { schema: MessageBody } },
};

for (const path of ["/me/sessions", "/me/sessions/*"]) securityApi.use(path, requireUser);

securityApi.openapi(
  createRoute({
    method: "get",
    path: "/me/sessions",
    tags: ["account security"],
    summary: "The caller's signed-in devices (live sessions), the current one first",
    security: bearerSecurity,
    responses: {
      200: jsonContent(z.object({ data: z.array(Session) }), "The sessions"),
      401: errorResponses[401],
    },
  }),
  async (c) => {
    const list = await c.get("services").sessions.list(c.get("user")!.id, c.get("sessionTokenHash"));
    return c.json({ data: list.map(toSession) }, 200);
  },
);

securityApi.openapi(
  createRoute({
    method: "delete",
    path: "/me/sessions",
    tags: ["account security"],
    summary: "Ends every session of the caller except the current one",
    security: bearerSecurity,
    responses: {
      200: jsonContent(z.object({ revoked: z.number().int() }), "How many sessions ended"),
      401: errorResponses[401],
    },
  }),
  async (c) => {
    const revoked = await c
      .get("services")
      .sessions.revokeOthers(c.get("user")!.id, c.get("sessionTokenHash"));
    return c.json({ revoked }, 200);
  },
);

securityApi.openapi(
  createRoute({
    method: "delete",
    path: "/me/sessions/{id}",
    tags: ["account security"],
    summary: "Ends one of the caller's sessions (the current one too: that is a logout)",
    security: bearerSecurity,
    request: {
      params: z.object({
        id: z.coerce
          .number()
          .int()
          .positive()
          .max(2_147_483_647)
          .openapi({ param: { name: "id", in: "path" } }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ success: z.literal(true) }), "Ended"),
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const ended = await c.get("services").sessions.revoke(c.get("user")!.id, id);
    if (!ended) return c.json({ message: translate(c.get("locale"), "security.sessions.notFound") }, 404);
    return c.json({ success: true as const }, 200);
  },
);
