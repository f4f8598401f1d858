import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./types.ts";

/** The httpOnly cookie the web app keeps its session in (spec: token stored with prefix auth.). */
export const SESSION_COOKIE = "auth._token";

/**
 * Resolves the caller: a Bearer token (API clients) or the session cookie (the browser). A bad or
 * expired token simply means "anonymous"; protected routes answer 401 through their guard.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionTokenHash", null);
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = bearer ?? getCookie(c, SESSION_COOKIE);
  if (token) {
    const session = await c.get("services").auth.authenticate(token);
    if (session) {
      c.set("user", session.user);
      c.set("sessionTokenHash", session.tokenHash);
    }
  }
  await next();
};
