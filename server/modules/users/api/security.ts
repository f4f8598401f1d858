import { createRoute, z } from "@hono/zod-openapi";
import { checkRefusalMessage, sendRefusalMessage } from "#core/contracts/verification.ts";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody, ValidationErrorBody } from "#server/http/api/schemas.ts";
import type { SessionEntry } from "#server/modules/auth/index.ts";

/**
 * The signed-in user's sessions and the verified account (issue 5), under /api/me/*. Everything
 * works on the caller's own account: a session id of somebody else answers 404 and changes
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

for (const path of ["/me/sessions", "/me/sessions/*", "/me/verification", "/me/verification/*"])
  securityApi.use(path, requireUser);

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

const VerificationState = z
  .object({
    verified: z.boolean(),
    verified_at: z.string().nullable().openapi({ format: "date-time" }),
    phone: z
      .string()
      .nullable()
      .openapi({ description: "Where codes go; null: set a phone first", example: "+420 601 234 567" }),
    pending: z
      .object({ expires_at: z.string().openapi({ format: "date-time" }), attempts_left: z.number().int() })
      .nullable(),
    resend_in_seconds: z.number().int(),
  })
  .openapi("VerificationState");

securityApi.openapi(
  createRoute({
    method: "get",
    path: "/me/verification",
    tags: ["account security"],
    summary:
      "The verified-account state: verified, the phone codes go to, a pending code, when another may be sent",
    security: bearerSecurity,
    responses: { 200: jsonContent(VerificationState, "The state"), 401: errorResponses[401] },
  }),
  async (c) => {
    const state = await c.get("services").verification.status(c.get("user")!.id);
    return c.json(
      {
        verified: state.verified,
        verified_at: state.verifiedAt?.toISOString() ?? null,
        phone: state.phone,
        pending: state.pending
          ? { expires_at: state.pending.expiresAt.toISOString(), attempts_left: state.pending.attemptsLeft }
          : null,
        resend_in_seconds: state.resendInSeconds,
      },
      200,
    );
  },
);

securityApi.openapi(
  createRoute({
    method: "post",
    path: "/me/verification/code",
    tags: ["account security"],
    summary:
      "Sends a six-digit code by SMS to the account's phone (valid 10 minutes; at most one a minute and 5 a day)",
    security: bearerSecurity,
    responses: {
      200: jsonContent(
        z.object({ phone: z.string(), expires_at: z.string().openapi({ format: "date-time" }) }),
        "Sent",
      ),
      401: errorResponses[401],
      409: jsonContent(MessageBody, "The account is verified already"),
      422: {
        description: "The account has no phone",
        content: { "application/json": { schema: ValidationErrorBody } },
      },
      429: jsonContent(MessageBody, "Sent too recently or too often today; Retry-After says when"),
      502: jsonContent(MessageBody, "The SMS gateway refused or did not answer"),
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c.get("services").verification.sendCode(c.get("user")!.id, locale);
    if (result.ok)
      return c.json({ phone: result.value.phone, expires_at: result.value.expiresAt.toISOString() }, 200);
    switch (result.code) {
      case "already_verified":
        return c.json({ message: translate(locale, "security.verification.alreadyVerified") }, 409);
      case "no_phone":
        return c.json({ errors: { phone: [sendRefusalMessage(locale, result)] } }, 422);
      case "limited":
        c.header("Retry-After", String(result.details.retryAfterSeconds));
        return c.json({ message: sendRefusalMessage(locale, result) }, 429);
      case "failed":
        return c.json({ message: sendRefusalMessage(locale, result) }, 502);
    }
  },
);

securityApi.openapi(
  createRoute({
    method: "post",
    path: "/me/verification/check",
    tags: ["account security"],
    summary: "Checks the code from the SMS; the right one verifies the account (5 attempts per code)",
    security: bearerSecurity,
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({ code: z.string().min(1).max(20) }).openapi("VerificationCode"),
          },
        },
      },
    },
    responses: {
      200: jsonContent(z.object({ verified: z.literal(true) }), "Verified (also when it was already)"),
      401: errorResponses[401],
      422: {
        description:
          "Wrong, expired or used-up code (errors.code: 'Nesprávný kód. Zkuste to prosím znovu.' for a wrong one)",
        content: { "application/json": { schema: ValidationErrorBody } },
      },
    },
  }),
  async (c) => {
    const result = await c
      .get("services")
      .verification.checkCode(c.get("user")!.id, c.req.valid("json").code);
    if (result.ok) return c.json({ verified: true as const }, 200);
    return c.json({ errors: { code: [checkRefusalMessage(c.get("locale"), result)] } }, 422);
  },
);
