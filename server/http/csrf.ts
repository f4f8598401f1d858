import type { MiddlewareHandler } from "hono";
import { translate } from "#core/i18n/index.ts";
import type { AppEnv } from "./types.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie sessions: a state-changing request must come from our own pages. The
 * browser says where a request comes from (Origin, or Sec-Fetch-Site); a cross-site one is refused
 * with 403. Bearer-token calls are exempt: a browser never attaches that header by itself. The
 * session cookie is also SameSite=Lax, so this is the second of two locks.
 *
 * `crossSitePosts` are the addresses another site posts to by protocol: the EU age wallet's answer
 * (OpenID4VP `direct_post`, ADR 0084) comes from the wallet's page. Such an endpoint reads no
 * cookie: it finds its attempt by the unguessable, single-use `state` the attempt's owner was given.
 */
export function csrfProtection(
  publicUrl: string,
  crossSitePosts: ReadonlySet<string> = new Set(),
): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || /^Bearer\s/i.test(c.req.header("authorization") ?? ""))
      return next();
    if (c.req.method === "POST" && crossSitePosts.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    // Behind a TLS-terminating proxy the request's own URL says http://…; the browser's origin is
    // the one resolved from PUBLIC_URL or the trusted proxy's headers (trusted-proxies.ts).
    const requestOrigin = c.get("requestOrigin") ?? new URL(c.req.url).origin;
    let allowed: boolean;
    if (origin && origin !== "null") allowed = origin === publicOrigin || origin === requestOrigin;
    else {
      const site = c.req.header("sec-fetch-site");
      allowed = site === undefined ? origin !== "null" : site === "same-origin" || site === "none";
    }
    if (allowed) return next();
    const message = translate(c.get("locale"), "errors.forbidden");
    return c.req.path.startsWith("/api/") ? c.json({ message }, 403) : c.text(message, 403);
  };
}
