import type { Config } from "../../config.ts";
import { apiModules } from "../../modules/api-modules.ts";
import { renderApiDocs } from "./docs-page.ts";
import { notFoundJson } from "./errors.ts";
import { createApiRouter } from "./router.ts";

/** The /api application: every module's routes, health, the OpenAPI document and its docs page. */
export function mountApi(config: Config) {
  const api = createApiRouter();

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The token from POST /api/auth/login",
  });

  api.get("/health", async (c) => {
    const database = await c.get("services").health.database();
    return c.json(
      { status: database ? "ok" : "degraded", database: database ? "ok" : "unreachable" },
      database ? 200 : 503,
    );
  });

  for (const module of apiModules) api.route("/", module);

  api.get("/openapi.json", (c) =>
    c.json(
      api.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Rarita API",
          version: "1.0.0",
          description:
            "The marketplace's JSON API. Every request may carry the clientUrl header; authenticated calls carry `Authorization: Bearer <token>`.",
        },
        servers: [{ url: `${config.publicUrl}/api` }],
      }),
    ),
  );
  api.get("/docs", (c) => c.html(renderApiDocs()));

  api.notFound((c) => notFoundJson(c));
  return api;
}
