import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";

const Setting = z
  .object({ name: z.string(), value: z.unknown() })
  .openapi("Setting", { example: { name: "maintenance", value: { is_enabled: false } } });

export const settingsApi = createApiRouter();

settingsApi.openapi(
  createRoute({
    method: "get",
    path: "/settings",
    tags: ["settings"],
    summary:
      "Site settings (contacts, intropopup, topmenu, bottommenu, maintenance, categoriesMenu, bid, …) for a language",
    request: { query: z.object({ lang: z.enum(["cs", "en"]).default("cs").openapi({ example: "cs" }) }) },
    responses: { 200: jsonContent(z.array(Setting), "List of name/value entries"), 422: errorResponses[422] },
  }),
  async (c) => c.json(await c.get("services").settings.list(c.req.valid("query").lang), 200),
);
