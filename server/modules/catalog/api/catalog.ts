import { createRoute, z } from "@hono/zod-openapi";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, LocaleParam } from "#server/http/api/schemas.ts";

type CategoryNodeSchema = { id: number; slug: string; name: string; subcategories: CategoryNodeSchema[] };
const Category: z.ZodType<CategoryNodeSchema> = z
  .lazy(() =>
    z.object({ id: z.number().int(), slug: z.string(), name: z.string(), subcategories: z.array(Category) }),
  )
  .openapi("Category", { description: "A category with its subcategories, nested up to 5 levels" });

const AdvertisementStatistics = z
  .object({ active: z.number().int(), started: z.number().int(), total: z.number().int() })
  .openapi("AdvertisementStatistics");

export const catalogApi = createApiRouter();

catalogApi.openapi(
  createRoute({
    method: "get",
    path: "/catalog/category/{locale}",
    tags: ["catalog"],
    summary: "The category tree with names and slugs in the given language",
    request: { params: z.object({ locale: LocaleParam }) },
    responses: { 200: jsonContent(z.array(Category), "Category tree"), 422: errorResponses[422] },
  }),
  async (c) => c.json(await c.get("services").catalog.categoryTree(c.req.valid("param").locale), 200),
);

catalogApi.use("/me/advertisements/statistics", requireUser);
catalogApi.openapi(
  createRoute({
    method: "get",
    path: "/me/advertisements/statistics",
    tags: ["catalog"],
    summary: "The signed-in user's listing counts: active, started (live auctions with a bid), total",
    security: bearerSecurity,
    responses: { 200: jsonContent(AdvertisementStatistics, "Counts"), 401: errorResponses[401] },
  }),
  async (c) => c.json(await c.get("services").catalog.advertisementStatistics(c.get("user")!.id), 200),
);

const Suggestion = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().openapi({ example: "/12/rum/ron-zacapa-23" }),
  context: z.string().nullable().openapi({
    description:
      "Products: their category; categories: their ancestors (Rum › Karibik); bottlings: their brand",
  }),
});
const Autocomplete = z
  .object({
    products: z.array(Suggestion).openapi({ description: "Up to 8 live products, distinct names" }),
    categories: z.array(Suggestion).openapi({ description: "Up to 5 categories" }),
    bottlings: z.array(Suggestion).optional().openapi({
      description: "Up to 3 bottlings whose words start with those typed (their pages); absent when none",
    }),
  })
  .openapi("Autocomplete");

catalogApi.openapi(
  createRoute({
    method: "get",
    path: "/catalog/autocomplete",
    tags: ["catalog"],
    summary:
      "Search suggestions while typing: products, categories and bottlings whose names or texts match the words (diacritics and case ignored, one typo tolerated)",
    request: {
      query: z.object({
        q: z.string().max(200).default("").openapi({ example: "zakapa" }),
        lang: z.enum(["cs", "en"]).default("cs").openapi({ example: "cs" }),
      }),
    },
    responses: { 200: jsonContent(Autocomplete, "Suggestions"), 422: errorResponses[422] },
  }),
  async (c) => {
    const { q, lang } = c.req.valid("query");
    const result = await c.get("services").catalog.autocomplete(q, lang);
    // Shared caches may keep an answer briefly: the same letters are typed by many visitors.
    c.header("Cache-Control", "public, max-age=60");
    return c.json(result, 200);
  },
);
