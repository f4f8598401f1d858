import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./types.ts";

/** The httpOnly cookie the web app keeps its session in (spec: token stored with prefix auth.). */
export const SESSION_COOKIE = "auth._token";
/**
 * Over https the cookie carries the `__Host-` prefix: the browser then accepts it only when it is
 * Secure, has Path=/ and no Domain, so a sibling subdomain or a man in the middle on plain http
 * can neither set nor overwrite the session (session fixation). Plain http (development, the
 * browser tests on localhost) cannot hold a Secure cookie, so it keeps the plain name.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether the site is served over https, which decides the cookie's name and its Secure flag. */
export function isSecureOrigin(publicUrl: string): boolean {
  return publicUrl.startsWith("https://");
}

export function sessionCookieName(publicUrl: string): string {
  return isSecureOrigin(publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * Resolves the caller: a Bearer token (API clients) or the session cookie (the browser). A bad or
 * expired token simply means "anonymous"; protected routes answer 401 through their guard. Over
 * https only the `__Host-` cookie is read: a plain-named one may have been planted.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionTokenHash", null);
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = bearer ?? getCookie(c, sessionCookieName(c.get("config").publicUrl));
  if (token) {
    const session = await c.get("services").auth.authenticate(token);
    if (session) {
      c.set("user", session.user);
      c.set("sessionTokenHash", session.tokenHash);
    }
  }
  await next();
};
