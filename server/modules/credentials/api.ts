import { createRoute, z } from "@hono/zod-openapi";
import { checkRefusalMessage, sendRefusalMessage } from "#core/contracts/verification.ts";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody, ValidationErrorBody } from "#server/http/api/schemas.ts";

/**
 * The verified account (issue 5) under /api/me/verification: the state, a code by SMS, its check.
 * Everything works on the caller's own account. Cookie-authenticated calls pass the CSRF check
 * (server/http/csrf.ts) like every change.
 */
export const verificationApi = createApiRouter();

for (const path of ["/me/verification", "/me/verification/*"]) verificationApi.use(path, requireUser);

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

verificationApi.openapi(
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

verificationApi.openapi(
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

verificationApi.openapi(
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
