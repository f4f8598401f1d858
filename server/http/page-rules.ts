import type { MiddlewareHandler } from "hono";
import { localePath, pathLocale } from "#core/i18n/paths.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { safeLocalPath } from "#core/web/safe-redirect.ts";
import type { AppEnv } from "./types.ts";

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
 * the hash; always to a path on this site) and the maintenance switch sends every page to the
 * maintenance page (operators still get through). Pages set no cookie of their own: the path says
 * the language, and the locale cookie is stored by the language switcher when the visitor picks
 * one (ADR 0027), so a first visit can be kept by a shared cache.
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
};
