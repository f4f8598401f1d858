import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";

const Banner = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string().nullable(),
    path: z.string(),
    image: z.string(),
  })
  .openapi("Banner", { description: 'The image is served from path + "/" + image' });

const BlogCategory = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), posts_count: z.number().int() })
  .openapi("BlogCategory");

const LangQuery = z.object({ lang: z.enum(["cs", "en"]).default("cs").openapi({ example: "cs" }) });

export const cmsApi = createApiRouter();

cmsApi.openapi(
  createRoute({
    method: "get",
    path: "/poster",
    tags: ["cms"],
    summary:
      "Active banners of a language grouped by key: banner.promo, banner.popup_desktop, banner.popup_mobile",
    request: { query: LangQuery },
    responses: {
      200: jsonContent(z.record(z.string(), z.array(Banner)), "Banners by group"),
      422: errorResponses[422],
    },
  }),
  async (c) => c.json(await c.get("services").cms.posters(c.req.valid("query").lang), 200),
);

cmsApi.openapi(
  createRoute({
    method: "get",
    path: "/blog/categories/list",
    tags: ["cms"],
    summary: "Blog categories in the request's language (lang query, locale cookie or Accept-Language)",
    responses: { 200: jsonContent(z.array(BlogCategory), "Blog categories") },
  }),
  async (c) => c.json(await c.get("services").cms.blogCategories(c.get("locale")), 200),
);
