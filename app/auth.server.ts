import { randomBytes } from "node:crypto";
import type { Challenge as AltchaChallenge } from "altcha-lib";
import { data, type RouterContextProvider, redirect } from "react-router";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { challengeMessage, tooManyAttemptsMessage } from "#core/contracts/login.ts";
import { formatDate } from "#core/formats/dates.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { LoginSchema } from "#core/schemas/login.ts";
import { parseCookieHeader, serializeCookie } from "#core/web/cookie-header.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";
import { isSecureOrigin, sessionCookieName } from "#core/web/session-cookie.ts";
import { appContext } from "./context.ts";
import { CART_COOKIE, cartCookie } from "./features/shop/shopper.server.ts";

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
 * What the login action answers instead of a redirect: Conform's reply with the field errors or the
 * refusal (422, 429; the password is never sent back), or an ALTCHA proof-of-work challenge (428)
 * with a notice while the form solves it and sends the credentials again.
 */
export type LoginActionData = {
  result: FormReply;
  notice?: string;
  challenge?: AltchaChallenge;
};

/** The entered values an answer may carry back: the e-mail, never the password or the proof. */
const HIDDEN = ["password", "altcha"];

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
export async function handleLogin(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), LoginSchema, locale);
  if (submission.status !== "success") {
    return data<LoginActionData>({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 422 });
  }
  const { email, password, altcha, redirect: wanted } = submission.value;
  const refuse = (message: string) => submission.reply({ formErrors: [message], hideFields: HIDDEN });
  const cookies = parseCookieHeader(request.headers.get("cookie"));
  const cookieDevice = cookies[DEVICE_COOKIE];
  const knownDevice = cookieDevice && DEVICE_ID.test(cookieDevice) ? cookieDevice : null;
  const source = { ip: clientIp, device: knownDevice };
  const { loginThrottle } = services;
  const gate = await loginThrottle.gate(email, source, { altcha });
  if (gate.action === "wait") {
    return data<LoginActionData>(
      { result: refuse(tooManyAttemptsMessage(locale, gate.seconds)) },
      { status: 429, headers: { "Retry-After": String(gate.seconds) } },
    );
  }
  if (gate.action === "challenge") {
    // The form solves it in the browser and sends the same credentials again by itself.
    return data<LoginActionData>(
      {
        result: submission.reply({ hideFields: HIDDEN }),
        notice: challengeMessage(locale),
        challenge: gate.challenge,
      },
      { status: 428 },
    );
  }
  const result = await services.auth.login(email, password, {
    userAgent: request.headers.get("user-agent"),
    ip: clientIp,
  });
  if (!result) {
    await loginThrottle.failed(email, source);
    return data<LoginActionData>({ result: refuse(translate(locale, "auth.loginFailed")) }, { status: 422 });
  }
  if ("suspendedUntil" in result) {
    const until = formatDate(result.suspendedUntil, locale);
    return data<LoginActionData>(
      { result: refuse(translate(locale, "moderation.errors.suspended", { date: until })) },
      { status: 422 },
    );
  }
  const device = knownDevice ?? newDeviceId();
  await loginThrottle.succeeded(email, { ip: clientIp, device });
  const headers = await loggedInCookies(context, result, device, {
    wishlist: cookies[GUEST_WISHLIST_COOKIE],
    cart: cookies[CART_COOKIE],
  });
  throw redirect(await afterLogin(context, result.userId, wanted), { headers });
}

/**
 * Where a login goes: the remembered page when it is a safe local path, else the account overview.
 * Staff first pass their second factor (docs/product/back-office.md, "Signing in"), then go on to
 * the page wanted, by default the back office.
 */
async function afterLogin(
  context: Readonly<RouterContextProvider>,
  userId: number,
  wanted: string | undefined,
): Promise<string> {
  const { services, locale } = context.get(appContext);
  const user = await services.auth.loadUser(userId);
  if (!user || !isStaffRole(user.role))
    return safeRedirect(wanted ?? "", localePath("accountOverview", locale));
  const target = safeRedirect(wanted ?? "", localePath("admin", locale));
  return `${localePath("adminSecondFactor", locale)}?redirect=${encodeURIComponent(target)}`;
}

/**
 * The cookies of a new login: the session, the device's id, and, when the guest kept a wishlist or
 * a cart, each merged into the user's and its cookie dropped.
 */
async function loggedInCookies(
  context: Readonly<RouterContextProvider>,
  login: { token: string; userId: number },
  device: string,
  guest: { wishlist: string | undefined; cart: string | undefined },
): Promise<Headers> {
  const guestWishlist = guest.wishlist;
  const { services, config } = context.get(appContext);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionSetCookie(config.publicUrl, login.token, SESSION_MAX_AGE));
  headers.append(
    "Set-Cookie",
    serializeCookie(DEVICE_COOKIE, device, {
      httpOnly: true,
      secure: isSecureOrigin(config.publicUrl),
      sameSite: "Lax",
      maxAgeSeconds: DEVICE_MAX_AGE,
    }),
  );
  if (guestWishlist) {
    await services.wishlist.mergeGuestWishlist(login.userId, guestWishlist);
    headers.append("Set-Cookie", serializeCookie(GUEST_WISHLIST_COOKIE, "", { maxAgeSeconds: 0 }));
  }
  if (guest.cart) {
    await mergeGuestCart(context, login.userId, guest.cart);
    headers.append("Set-Cookie", cartCookie("", config.publicUrl));
  }
  return headers;
}

/**
 * The guest's cart joins the user's (pieces within stock). A failure must not stop the login: the
 * guest cart stays where it was, and its cookie goes anyway (the user's cart is the one now).
 */
async function mergeGuestCart(context: Readonly<RouterContextProvider>, userId: number, token: string) {
  const { services, logger } = context.get(appContext);
  try {
    await services.shop.mergeGuestCart(userId, token);
  } catch (error) {
    logger.error({ err: error }, "shop: the guest cart could not be merged on login");
  }
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
