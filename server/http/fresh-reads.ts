import type { MiddlewareHandler } from "hono";
import { parseCookieHeader, serializeCookie } from "#core/web/cookie-header.ts";
import { WROTE_COOKIE } from "#core/web/page-cookies.ts";
import { isSecureOrigin } from "#core/web/session-cookie.ts";
import { allowingStaleReads } from "#server/db/replica.ts";
import type { AppEnv } from "./types.ts";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Which requests may read from the replica (DATABASE_REPLICA_URL, ADR 0099): a GET or HEAD whose
 * browser did not write in the last `seconds`. A successful write (any other method answered
 * below 400) sets the short-lived WROTE_COOKIE, and the browser's requests read the primary until
 * it expires: whoever changed something sees the change at once, on every instance, whatever the
 * replica's lag. The cookie is personal (core/web/page-cookies.ts): no shared copy of a page is
 * served to it or kept from it. Installed only with a replica; without one nothing reads stale.
 */
export function freshReadsAfterWrites(seconds: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) {
      // A client with a bearer token keeps no cookie: it always reads the primary.
      const fresh =
        WROTE_COOKIE in parseCookieHeader(c.req.header("cookie")) || c.req.header("authorization");
      return fresh ? next() : allowingStaleReads(next);
    }
    await next();
    if (c.res.status >= 400) return;
    const cookie = serializeCookie(WROTE_COOKIE, "1", {
      httpOnly: true,
      secure: isSecureOrigin(c.get("config").publicUrl),
      sameSite: "Lax",
      maxAgeSeconds: seconds,
    });
    c.header("Set-Cookie", cookie, { append: true });
  };
}
