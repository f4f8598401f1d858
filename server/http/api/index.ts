import { createRoute, z } from "@hono/zod-openapi";
import { sessionCookieName } from "#core/web/session-cookie.ts";
import type { Config } from "#server/config.ts";
import { rejectControlCharacters } from "../text-input.ts";
import { renderApiDocs } from "./docs-page.ts";
import { notFoundJson } from "./errors.ts";
import { describeLenientParameters } from "./lenient-parameters.ts";
import { apiModules } from "./modules.ts";
import { completeOperations, withLanguageParameter, withNullableReferences } from "./operation-defaults.ts";
import { createApiRouter } from "./router.ts";
import { jsonContent } from "./schemas.ts";
import { documentTags } from "./tags.ts";

const Health = z
  .object({ status: z.enum(["ok", "degraded"]), database: z.enum(["ok", "unreachable"]) })
  .openapi("Health", { example: { status: "ok", database: "ok" } });

/** The /api application: every module's routes, health, the OpenAPI document and its docs page. */
export function mountApi(config: Config, layers = { controlCharacters: true }) {
  const api = createApiRouter();

  // Before every route: no text input of any operation may hold a control character (422).
  if (layers.controlCharacters) api.use("*", rejectControlCharacters);

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The token from POST /api/auth/login",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: sessionCookieName(config.publicUrl),
    description: 'The browser\'s HttpOnly session cookie (docs/product/accounts.md, "Sessions")',
  });

  api.openapi(
    createRoute({
      method: "get",
      path: "/health",
      tags: ["health"],
      summary: "Liveness and database reachability (for load balancers and uptime checks)",
      responses: {
        200: jsonContent(Health, "The process and its database work"),
        503: jsonContent(Health, "The process runs but its database does not answer"),
      },
    }),
    async (c) => {
      const database = await c.get("services").health.database();
      return database
        ? c.json({ status: "ok" as const, database: "ok" as const }, 200)
        : c.json({ status: "degraded" as const, database: "unreachable" as const }, 503);
    },
  );

  for (const module of apiModules) api.route("/", module);
  completeOperations(api.openAPIRegistry.definitions);

  api.get("/openapi.json", (c) => {
    describeLenientParameters(api.openAPIRegistry.definitions);
    return c.json(
      withLanguageParameter(
        withNullableReferences(
          api.getOpenAPI31Document({
            openapi: "3.1.0",
            info: {
              title: "Rarita API",
              version: "1.0.0",
              description:
                "The marketplace's JSON API. Every request may carry the clientUrl header; authenticated calls carry `Authorization: Bearer <token>` or, from the browser, the session cookie.",
            },
            // Relative: the document describes the host that serves it (production, a test server).
            servers: [{ url: "/api" }],
            tags: documentTags(api.openAPIRegistry.definitions),
          }),
        ),
      ),
    );
  });
  api.get("/docs", (c) => c.html(renderApiDocs(c.get("cspNonce"))));

  api.notFound((c) => notFoundJson(c));
  return api;
}
