import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { challengeMessage, tooManyAttemptsMessage } from "#core/contracts/login.ts";
import { formatDate } from "#core/formats/dates.ts";
import { translate } from "#core/i18n/index.ts";
import { USER_ROLES } from "#core/rules/staff.ts";
import { serializeCookie } from "#core/web/cookie-header.ts";
import { isSecureOrigin, sessionCookieName } from "#core/web/session-cookie.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody, ValidationErrorBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { AuthUser } from "./service.ts";

/**
 * The user as GET /api/me returns it: clients read username, avatar_file_name, group.discount and
 * scope (docs/product/calls-and-errors.md, "The spec's calls").
 */
export const MeUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    avatar_file_name: z.string().nullable(),
    group: z.object({ id: z.number().int(), name: z.string(), discount: z.number() }).nullable(),
    scope: z.array(z.string()),
    role: z.enum(USER_ROLES),
    locale: z.string(),
    email_confirmed: z.boolean(),
    adult_confirmed: z.boolean(),
    verified: z.boolean(),
  })
  .openapi("User");

export function toMeUser(user: AuthUser): z.infer<typeof MeUser> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    avatar_file_name: user.avatarFileName,
    group: user.group,
    scope: user.scope,
    role: user.role,
    locale: user.locale,
    email_confirmed: user.emailConfirmed,
    adult_confirmed: user.adultConfirmed,
    verified: user.verified,
  };
}

const Credentials = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(1024),
    altcha: z.string().max(4000).optional().openapi({
      description:
        "The solved challenge of a 428 answer, sent with the same credentials (ADR 0010, 0013): ALTCHA's payload, base64 of the JSON `{ challenge, solution: { counter, derivedKey } }`",
    }),
  })
  .openapi("Credentials");

const AltchaChallenge = z
  .object({
    parameters: z.object({
      algorithm: z.string().openapi({ example: "PBKDF2/SHA-256" }),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int().openapi({ description: "PBKDF2 iterations per attempt" }),
      keyLength: z.number().int(),
      keyPrefix: z.string().openapi({ description: "Hex start of the key the solution's counter derives" }),
      keySignature: z.string().optional(),
      expiresAt: z.number().int().openapi({ description: "Unix time in seconds" }),
      data: z.object({
        purpose: z.literal("login"),
        bits: z.number().int().openapi({
          description: "The work asked: log2 of the PBKDF2 iterations a solver needs on average",
        }),
      }),
    }),
    signature: z.string(),
  })
  .openapi("AltchaChallenge", {
    description:
      "An ALTCHA (v2) proof-of-work challenge: any ALTCHA solver finds the counter, e.g. altcha-lib's solveChallenge",
  });

const LoginChallenge = z
  .object({ message: z.string(), challenge: AltchaChallenge })
  .openapi("LoginChallenge");

export const authApi = createApiRouter();

export { secondFactorApi } from "./api/second-factor.ts";

authApi.openapi(
  createRoute({
    method: "post",
    path: "/auth/login",
    tags: ["auth"],
    summary: "Log in with e-mail and password; returns an opaque Bearer token",
    description:
      "While an account is under a guessing attack, a login from an address that has not logged into it recently is answered 428 with an ALTCHA proof-of-work challenge instead of checking the password: find the counter whose PBKDF2 key (the challenge's algorithm, salt, cost and keyLength; the password is the nonce's bytes followed by the counter as a big-endian 32-bit integer) starts with keyPrefix, and send the same credentials with `altcha`: base64 of the JSON `{ challenge, solution: { counter, derivedKey } }` (derivedKey in lower-case hex). Any ALTCHA v2 solver does this. One solution buys one password check.",
    request: { body: { required: true, content: { "application/json": { schema: Credentials } } } },
    responses: {
      200: jsonContent(z.object({ token: z.string() }), "Logged in"),
      422: {
        description: "Invalid input or wrong credentials (errors.login)",
        content: { "application/json": { schema: ValidationErrorBody } },
      },
      428: jsonContent(LoginChallenge, "Solve the challenge and send the credentials again"),
      429: jsonContent(
        MessageBody,
        "Too many failed attempts from this address on this account or on any; Retry-After says when to try again",
      ),
    },
  }),
  async (c) => {
    const { email, password, altcha } = c.req.valid("json");
    const locale = c.get("locale");
    const source = { ip: c.get("clientIp") };
    const { loginThrottle } = c.get("services");
    const gate = await loginThrottle.gate(email, source, { altcha });
    if (gate.action === "wait") {
      c.header("Retry-After", String(gate.seconds));
      return c.json({ message: tooManyAttemptsMessage(locale, gate.seconds) }, 429);
    }
    if (gate.action === "challenge") {
      // altcha-lib types expiresAt and data as optional; the login's challenges always carry both.
      const challenge = gate.challenge as z.infer<typeof AltchaChallenge>;
      return c.json({ message: challengeMessage(locale), challenge }, 428);
    }
    const result = await c
      .get("services")
      .auth.login(email, password, { userAgent: c.req.header("user-agent"), ip: source.ip });
    if (!result) {
      await loginThrottle.failed(email, source);
      return c.json({ errors: { login: [translate(locale, "auth.loginFailed")] } }, 422);
    }
    if ("suspendedUntil" in result) {
      const until = formatDate(result.suspendedUntil, locale);
      return c.json(
        { errors: { login: [translate(locale, "moderation.errors.suspended", { date: until })] } },
        422,
      );
    }
    await loginThrottle.succeeded(email, source);
    return c.json({ token: result.token }, 200);
  },
);

const LoggedOut = jsonContent(z.object({ success: z.boolean() }), "Logged out");
const bearerHeader = /^Bearer\s/i;

/** Revokes the request's session and, when it came in the cookie, tells the browser to drop it. */
async function endSession(c: Context<AppEnv>) {
  const tokenHash = c.get("sessionTokenHash");
  if (tokenHash) await c.get("services").auth.logout(tokenHash);
  if (!bearerHeader.test(c.req.header("authorization") ?? "")) {
    const publicUrl = c.get("config").publicUrl;
    c.header(
      "Set-Cookie",
      serializeCookie(sessionCookieName(publicUrl), "", {
        httpOnly: true,
        secure: isSecureOrigin(publicUrl),
        sameSite: "Lax",
        maxAgeSeconds: 0,
      }),
    );
  }
}

/**
 * GET logout stays for Bearer clients (docs/product/accounts.md, "Sessions"; a browser never
 * attaches that header by itself).
 * A GET that would end a cookie session is refused with 405: any other site can make the browser
 * send a GET with the cookie (a link, an image), and the CSRF check guards only POSTs. The web app
 * logs out with a POST form (`/odhlaseni`) or POST /api/auth/logout, which the CSRF check covers.
 */
authApi.openapi(
  createRoute({
    method: "get",
    path: "/auth/logout",
    tags: ["auth"],
    summary: "Revoke the current Bearer token (succeeds also without one)",
    security: bearerSecurity,
    responses: {
      200: LoggedOut,
      405: jsonContent(MessageBody, "Only the session cookie was sent: a browser session ends by POST"),
    },
  }),
  async (c) => {
    const bearer = bearerHeader.test(c.req.header("authorization") ?? "");
    if (!bearer && c.get("sessionTokenHash")) {
      c.header("Allow", "POST");
      return c.json({ message: translate(c.get("locale"), "security.logout.postRequired") }, 405);
    }
    await endSession(c);
    return c.json({ success: true }, 200);
  },
);

authApi.openapi(
  createRoute({
    method: "post",
    path: "/auth/logout",
    tags: ["auth"],
    summary: "Revoke the current token or end the browser's cookie session (same-origin only)",
    security: bearerSecurity,
    responses: { 200: LoggedOut, 403: jsonContent(MessageBody, "A cookie session from another site") },
  }),
  async (c) => {
    await endSession(c);
    return c.json({ success: true }, 200);
  },
);

authApi.use("/me", requireUser);
authApi.openapi(
  createRoute({
    method: "get",
    path: "/me",
    tags: ["auth"],
    summary: "The signed-in user",
    security: bearerSecurity,
    responses: { 200: jsonContent(z.object({ data: MeUser }), "The user"), 401: errorResponses[401] },
  }),
  (c) => c.json({ data: toMeUser(c.get("user")!) }, 200),
);
