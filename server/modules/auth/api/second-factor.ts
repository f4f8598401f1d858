import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { minutesLeft, secondFactorMessage } from "#core/contracts/second-factor.ts";
import { translate } from "#core/i18n/index.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { unauthorized } from "#server/http/api/errors.ts";
import { bearerSecurity, createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";

/**
 * The staff's second factor over the API (docs/product/back-office.md, "Signing in"): a Bearer
 * client logs in with the password, then sends the TOTP code (or a recovery code) here before any
 * /api/admin call answers. Staff without a factor set it up with the setup calls first.
 */
export const secondFactorApi = createApiRouter();

const CodeBody = z
  .object({
    code: z.string().trim().min(1).max(40).openapi({
      description: "The 6-digit code of the authenticator app, or a recovery code (abcde-fghjk)",
      example: "123456",
    }),
  })
  .openapi("SecondFactorCode");

const Refusal = z
  .object({
    message: z.string(),
    reason: z.enum(["none", "invalid", "replayed", "locked"]),
    locked_until: z.string().nullable(),
  })
  .openapi("SecondFactorRefusal");

const staffOnly = {
  401: errorResponses[401],
  403: jsonContent(MessageBody, "Not staff"),
};

/** The staff member of the request, or the 401/403 answer. */
function staffOf(c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return { refused: unauthorized(c) } as const;
  if (!isStaffRole(user.role))
    return { refused: c.json({ message: translate(c.get("locale"), "admin.notStaff") }, 403) } as const;
  return { user } as const;
}

secondFactorApi.openapi(
  createRoute({
    method: "post",
    path: "/auth/second-factor",
    tags: ["auth"],
    summary: "Pass the staff's second factor with a TOTP code or a recovery code",
    description:
      "Each TOTP code is accepted once (a replayed code is refused, reason `replayed`, and not counted). 5 wrong codes in a row lock the factor for 15 minutes (429 with Retry-After). A recovery code works once.",
    security: bearerSecurity,
    request: { body: { required: true, content: { "application/json": { schema: CodeBody } } } },
    responses: {
      200: jsonContent(
        z.object({ method: z.enum(["totp", "recovery"]), recovery_codes_left: z.number().int() }),
        "Passed: the session may use the back office",
      ),
      ...staffOnly,
      409: jsonContent(Refusal, "No second factor set up yet (POST /api/auth/second-factor/setup)"),
      422: jsonContent(Refusal, "A wrong or replayed code"),
      429: jsonContent(Refusal, "Locked after too many wrong codes; Retry-After says when to try again"),
    },
  }),
  async (c) => {
    const staff = staffOf(c);
    if (staff.refused) return staff.refused;
    const locale = c.get("locale");
    const { code } = c.req.valid("json");
    const result = await c.get("services").secondFactor.verify(staff.user.id, code, c.get("clientIp"));
    if (result.ok) {
      await c.get("services").auth.markSecondFactor(c.get("sessionTokenHash")!);
      return c.json(
        { method: result.value.method, recovery_codes_left: result.value.recoveryCodesLeft },
        200,
      );
    }
    const body = {
      message: secondFactorMessage(locale, result),
      reason: result.code,
      locked_until: result.code === "locked" ? result.details.lockedUntil.toISOString() : null,
    };
    if (result.code === "locked") {
      c.header("Retry-After", String(minutesLeft(result.details.lockedUntil) * 60));
      return c.json(body, 429);
    }
    return c.json(body, result.code === "none" ? 409 : 422);
  },
);

secondFactorApi.openapi(
  createRoute({
    method: "get",
    path: "/auth/second-factor",
    tags: ["auth"],
    summary:
      "The staff member's second factor: set up or not, locked, recovery codes left, passed by this session",
    security: bearerSecurity,
    responses: {
      200: jsonContent(
        z.object({
          state: z.enum(["none", "pending", "active"]),
          locked_until: z.string().nullable(),
          recovery_codes_left: z.number().int(),
          passed: z.boolean(),
        }),
        "The state",
      ),
      ...staffOnly,
    },
  }),
  async (c) => {
    const staff = staffOf(c);
    if (staff.refused) return staff.refused;
    const state = await c.get("services").secondFactor.state(staff.user.id);
    return c.json(
      {
        state: state.state,
        locked_until: state.lockedUntil?.toISOString() ?? null,
        recovery_codes_left: state.recoveryCodesLeft,
        passed: c.get("secondFactorDone"),
      },
      200,
    );
  },
);

secondFactorApi.openapi(
  createRoute({
    method: "post",
    path: "/auth/second-factor/setup",
    tags: ["auth"],
    summary: "Start setting up the second factor: the secret, its otpauth:// address and a QR code",
    description: "Calling it again before the confirmation returns the same secret.",
    security: bearerSecurity,
    responses: {
      200: jsonContent(
        z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }),
        "Add it to an authenticator app, then confirm with a code",
      ),
      ...staffOnly,
      409: jsonContent(MessageBody, "Already set up (the owner can reset it)"),
    },
  }),
  async (c) => {
    const staff = staffOf(c);
    if (staff.refused) return staff.refused;
    const setup = await c.get("services").secondFactor.startSetup(staff.user.id, staff.user.email);
    if (!setup) return c.json({ message: translate(c.get("locale"), "adminStaff.setup.active") }, 409);
    return c.json({ secret: setup.secret, otpauth_uri: setup.uri, qr_code: setup.qr }, 200);
  },
);

secondFactorApi.openapi(
  createRoute({
    method: "post",
    path: "/auth/second-factor/setup/confirm",
    tags: ["auth"],
    summary: "Confirm the set up with a code from the app: the factor is on, the session has passed it",
    description: "Returns the 10 single-use recovery codes, shown this once.",
    security: bearerSecurity,
    request: { body: { required: true, content: { "application/json": { schema: CodeBody } } } },
    responses: {
      200: jsonContent(z.object({ recovery_codes: z.array(z.string()) }), "The factor is on"),
      ...staffOnly,
      422: jsonContent(MessageBody, "A wrong code, or nothing is being set up"),
    },
  }),
  async (c) => {
    const staff = staffOf(c);
    if (staff.refused) return staff.refused;
    const { code } = c.req.valid("json");
    const codes = await c.get("services").secondFactor.confirmSetup(staff.user.id, code, c.get("clientIp"));
    if (!codes) return c.json({ message: translate(c.get("locale"), "adminStaff.setup.invalid") }, 422);
    await c.get("services").auth.markSecondFactor(c.get("sessionTokenHash")!);
    return c.json({ recovery_codes: codes }, 200);
  },
);
