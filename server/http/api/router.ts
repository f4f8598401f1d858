import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import type { AppEnv } from "../types.ts";
import { unauthorized } from "./errors.ts";

/**
 * Every module's API is an OpenAPIHono router made here, so that all of them answer invalid
 * input the same way: 422 `{ errors: { field: [messages] } }` in the request's language.
 */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ errors: issuesToFieldErrors(result.error.issues, c.get("locale")) }, 422);
      }
    },
  });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;

/** Guard for protected API calls: 401 JSON without a valid Bearer token or session cookie. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) return unauthorized(c);
  await next();
};

/** A signed-in call: a Bearer token (API clients) or the session cookie (the browser). */
export const bearerSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
