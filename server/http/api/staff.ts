import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { translate } from "#core/i18n/index.ts";
import { hasScope, isStaffRole, type StaffScope } from "#core/rules/staff.ts";
import type { AppEnv } from "../types.ts";
import { unauthorized } from "./errors.ts";
import { bearerSecurity } from "./router.ts";
import { errorResponses, jsonContent, MessageBody } from "./schemas.ts";

/**
 * The back office's guard (docs/product/back-office.md, "Staff and scopes"): 401 for a guest, 403
 * for anyone who is not staff or lacks the scope, before the input is even read, so a refused call
 * changes nothing and learns nothing about the object.
 */
export function requireScope(scope: StaffScope | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user) return unauthorized(c);
    if (!isStaffRole(user.role) || (scope !== null && !hasScope(user.scope, scope))) {
      return c.json({ message: translate(c.get("locale"), "errors.forbidden") }, 403);
    }
    if (!c.get("secondFactorDone")) {
      return c.json({ message: translate(c.get("locale"), "errors.secondFactorRequired") }, 403);
    }
    await next();
  };
}

/** `x-scope` of a route open to every staff member (scope `null`), such as the dashboard. */
export const ANY_STAFF_SCOPE = "any";

/**
 * An admin API route: guarded by its scope, listed in the OpenAPI document under "admin" with the
 * scope it needs (`x-scope`, which the authorization matrix test reads) and the 401/403 answers.
 * Scope `null` = any staff member (x-scope "any"): the handler then answers only what the caller's
 * own scopes allow.
 */
export function adminRoute<R extends RouteConfig>(scope: StaffScope | null, config: R) {
  return createRoute({
    tags: ["admin"],
    security: bearerSecurity,
    ...config,
    "x-scope": scope ?? ANY_STAFF_SCOPE,
    middleware: [requireScope(scope)],
    responses: {
      401: errorResponses[401],
      403: jsonContent(MessageBody, "Not staff, without the scope, or without the second factor"),
      ...config.responses,
    },
  } as R & { middleware: MiddlewareHandler<AppEnv>[] });
}
