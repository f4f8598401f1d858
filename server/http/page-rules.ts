import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { localePath, pathLocale } from "#core/i18n/paths.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { serializeCookie } from "#core/web/cookie-header.ts";
import { safeLocalPath } from "#core/web/safe-redirect.ts";
import { LOCALE_COOKIE } from "./locale.ts";
import type { AppEnv } from "./types.ts";

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Paths that stay reachable during maintenance: the page itself, and what it needs to render. */
function reachableInMaintenance(path: string) {
  return (
    path === localePath("maintenance", "cs") ||
    path === localePath("maintenance", "en") ||
    path.startsWith("/admin") ||
    path.startsWith("/assets/") ||
    path.startsWith("/uploads/") ||
    path.endsWith(".data") ||
    /\.(ico|png|svg|webp|jpg|css|js|txt|xml|webmanifest)$/.test(path)
  );
}

/**
 * Router rules that hold for every page (docs/product/screens.md, "Router rules"), applied before
 * React Router sees the request: a trailing slash redirects (301, the query kept; the browser keeps
 * the hash; always to a path on this site), the maintenance switch sends every page to the
 * maintenance page (operators still get through), and the locale cookie follows the language of
 * the page.
 */
export const pageRules: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const path = url.pathname;
  if ((c.req.method === "GET" || c.req.method === "HEAD") && path.length > 1 && path.endsWith("/")) {
    // Built from the request's path, so kept on this site: `//evil.example/` must not become a
    // protocol-relative Location.
    return c.redirect(safeLocalPath(`${path.replace(/\/+$/, "")}${url.search}`), 301);
  }
  if (
    !reachableInMaintenance(path) &&
    !isStaffRole(c.get("user")?.role) &&
    (await c.get("services").settings.isMaintenance())
  ) {
    return c.redirect(localePath("maintenance", pathLocale(path)), 302);
  }
  await next();
  const locale = c.get("locale");
  if (getCookie(c, LOCALE_COOKIE) !== locale && c.res.headers.get("content-type")?.includes("text/html")) {
    c.header("Set-Cookie", serializeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE }), {
      append: true,
    });
  }
};
