import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { sessionCookieName } from "#core/web/session-cookie.ts";
import type { AppEnv } from "./types.ts";

/**
 * Resolves the caller: a Bearer token (API clients) or the session cookie (the browser). A bad or
 * expired token simply means "anonymous"; protected routes answer 401 through their guard. Over
 * https only the `__Host-` cookie is read: a plain-named one may have been planted.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionTokenHash", null);
  c.set("secondFactorDone", false);
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = bearer ?? getCookie(c, sessionCookieName(c.get("config").publicUrl));
  if (token) {
    const session = await c.get("services").auth.authenticate(token);
    if (session) {
      c.set("user", session.user);
      c.set("sessionTokenHash", session.tokenHash);
      c.set("secondFactorDone", session.secondFactorDone);
    }
  }
  await next();
};
