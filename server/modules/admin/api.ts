import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { translate } from "../../../app/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "../../http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "../../http/api/schemas.ts";
import type { AppEnv } from "../../http/types.ts";

/** Back-office calls: admins only (403 for everyone else), every change audited. */
const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("user")?.role !== "admin")
    return c.json({ message: translate(c.get("locale"), "errors.forbidden") }, 403);
  await next();
};

/** The settings the spec names, plus the fees and soft close of product.md. */
export const SETTING_NAMES = [
  "contacts",
  "intropopup",
  "topmenu",
  "bottommenu",
  "maintenance",
  "categoriesMenu",
  "bid",
  "fees",
  "softClose",
] as const;

/** Any JSON value; z.json() is recursive and cannot be described in OpenAPI, so presence is checked instead. */
const settingValue = z
  .unknown()
  .refine((value) => value !== undefined, { message: "validation.required" })
  .openapi({ description: "Any JSON value" });

export const adminApi = createApiRouter();

adminApi.use("/admin/*", requireUser, requireAdmin);
adminApi.openapi(
  createRoute({
    method: "put",
    path: "/admin/settings/{name}",
    tags: ["admin"],
    summary: "Set one setting (for all languages, or for one with ?lang=); audited",
    security: bearerSecurity,
    request: {
      params: z.object({ name: z.enum(SETTING_NAMES).openapi({ param: { name: "name", in: "path" } }) }),
      query: z.object({ lang: z.enum(["cs", "en"]).optional() }),
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ value: settingValue }) } },
      },
    },
    responses: {
      200: jsonContent(z.object({ name: z.string(), value: z.unknown() }), "Saved"),
      401: errorResponses[401],
      403: jsonContent(MessageBody, "Not an admin"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    const { lang } = c.req.valid("query");
    const { value } = c.req.valid("json");
    const services = c.get("services");
    const previous = await services.settings.put(name, lang ?? null, value);
    await services.audit.record({
      actorId: c.get("user")!.id,
      action: "setting.update",
      entity: "setting",
      entityId: lang ? `${name}:${lang}` : name,
      data: { before: previous ?? null, after: value },
      ip: c.get("clientIp"),
    });
    return c.json({ name, value }, 200);
  },
);
