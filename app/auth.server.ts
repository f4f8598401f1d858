import { randomBytes } from "node:crypto";
import type { Challenge as AltchaChallenge } from "altcha-lib";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { challengeMessage, tooManyAttemptsMessage } from "#core/contracts/login.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { parseCookieHeader, serializeCookie } from "#core/web/cookie-header.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";
import { isSecureOrigin, sessionCookieName } from "#core/web/session-cookie.ts";
import { appContext } from "./context.ts";

/** Web sessions live in an httpOnly cookie (never in storage JavaScript can read). */
const SESSION_MAX_AGE = 30 * 24 * 3600;
const GUEST_WISHLIST_COOKIE = "guest-wishlist";
/**
 * A random id the browser keeps after a successful login (strictly necessary, no tracking): a
 * device that logged into an account recently is never challenged while the account is attacked
 * (login-throttle.ts, ADR 0010). It carries no authority by itself; it only names the device.
 */
const DEVICE_COOKIE = "device";
const DEVICE_MAX_AGE = 365 * 24 * 3600;
const DEVICE_ID = /^[\w-]{22,64}$/;
const newDeviceId = () => randomBytes(16).toString("base64url");

/**
 * Spec section 5: e-mail required, then in e-mail format; password required. The e-mail is checked
 * for presence first (pipe) so an empty field says "required", not "invalid e-mail".
 */
const LoginForm = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  password: z.string().min(1).max(1024),
});

/**
 * What the login action answers instead of a redirect: field errors (422, 429), or an ALTCHA
 * proof-of-work challenge (428) with a notice while the form solves it and sends the credentials
 * again.
 */
export type LoginActionData = {
  errors: Record<string, string[]>;
  notice?: string;
  challenge?: AltchaChallenge;
};

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent with cross-site
 * posts), Path=/ and no Domain; over https Secure and named `__Host-auth._token` (session.ts).
 */
function sessionSetCookie(publicUrl: string, token: string, maxAgeSeconds: number): string {
  return serializeCookie(sessionCookieName(publicUrl), token, {
    httpOnly: true,
    secure: isSecureOrigin(publicUrl),
    sameSite: "Lax",
    maxAgeSeconds,
  });
}

/**
 * The login form's action (login target page and header widget): checks the credentials, sets the
 * session cookie, merges a guest wishlist into the user's, and redirects to the remembered page
 * when it is a safe local path, else to the account overview.
 */
export async function handleLogin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  const { services, locale, config, clientIp } = context.get(appContext);
  const parsed = LoginForm.safeParse({
    email: form.get("email") ?? undefined,
    password: form.get("password") ?? undefined,
  });
  if (!parsed.success) {
    return data<LoginActionData>(
      { errors: issuesToFieldErrors(parsed.error.issues, locale) },
      { status: 422 },
    );
  }
  const { email, password } = parsed.data;
  const cookies = parseCookieHeader(request.headers.get("cookie"));
  const cookieDevice = cookies[DEVICE_COOKIE];
  const knownDevice = cookieDevice && DEVICE_ID.test(cookieDevice) ? cookieDevice : null;
  const source = { ip: clientIp, device: knownDevice };
  const { loginThrottle } = services;
  const gate = await loginThrottle.gate(email, source, { altcha: form.get("altcha") });
  if (gate.action === "wait") {
    return data<LoginActionData>(
      { errors: { login: [tooManyAttemptsMessage(locale, gate.seconds)] } },
      { status: 429, headers: { "Retry-After": String(gate.seconds) } },
    );
  }
  if (gate.action === "challenge") {
    // The form solves it in the browser and sends the same credentials again by itself.
    return data<LoginActionData>(
      { errors: {}, notice: challengeMessage(locale), challenge: gate.challenge },
      { status: 428 },
    );
  }
  const result = await services.auth.login(email, password, {
    userAgent: request.headers.get("user-agent"),
    ip: clientIp,
  });
  if (!result) {
    loginThrottle.failed(email, source);
    return data<LoginActionData>(
      { errors: { login: [translate(locale, "auth.loginFailed")] } },
      { status: 422 },
    );
  }
  const device = knownDevice ?? newDeviceId();
  loginThrottle.succeeded(email, { ip: clientIp, device });

  const headers = new Headers();
  headers.append("Set-Cookie", sessionSetCookie(config.publicUrl, result.token, SESSION_MAX_AGE));
  headers.append(
    "Set-Cookie",
    serializeCookie(DEVICE_COOKIE, device, {
      httpOnly: true,
      secure: isSecureOrigin(config.publicUrl),
      sameSite: "Lax",
      maxAgeSeconds: DEVICE_MAX_AGE,
    }),
  );
  const guestWishlist = cookies[GUEST_WISHLIST_COOKIE];
  if (guestWishlist) {
    await services.wishlist.mergeGuestWishlist(result.userId, guestWishlist);
    headers.append("Set-Cookie", serializeCookie(GUEST_WISHLIST_COOKIE, "", { maxAgeSeconds: 0 }));
  }
  const target = safeRedirect(String(form.get("redirect") ?? ""), localePath("accountOverview", locale));
  throw redirect(target, { headers });
}

/** Ends the session (the token is revoked, not just forgotten) and sends the user home. */
export async function handleLogout(context: Readonly<RouterContextProvider>) {
  const { services, locale, config, sessionTokenHash } = context.get(appContext);
  if (sessionTokenHash) await services.auth.logout(sessionTokenHash);
  throw redirect(localePath("home", locale), {
    headers: { "Set-Cookie": sessionSetCookie(config.publicUrl, "", 0) },
  });
}

/** The Set-Cookie value that starts a web session (the login action's, for code that logs in elsewhere). */
export function sessionCookie(token: string, publicUrl: string): string {
  return sessionSetCookie(publicUrl, token, SESSION_MAX_AGE);
}

/** The Set-Cookie value that drops the web session cookie (after a password reset ended every session). */
export function clearedSessionCookie(publicUrl: string): string {
  return sessionSetCookie(publicUrl, "", 0);
}
