import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, LocaleParam } from "#server/http/api/schemas.ts";

const Currency = z
  .object({
    id: z.number().int(),
    is_default: z.boolean(),
    code: z.string(),
    symbol_before: z.string().nullable(),
    symbol_after: z.string().nullable(),
    decimals: z.number().int(),
    rate: z.number().openapi({ description: "CZK per one unit; displayed price = CZK price / rate" }),
  })
  .openapi("Currency");

const Country = z.object({ code: z.string().length(2), name: z.string() }).openapi("Country");

export const listsApi = createApiRouter();

listsApi.openapi(
  createRoute({
    method: "get",
    path: "/lists/currencies",
    tags: ["lists"],
    summary: "Currencies; the one flagged is_default is selected when the currencyId cookie names none",
    responses: { 200: jsonContent(z.array(Currency), "List of currencies") },
  }),
  async (c) => c.json(await c.get("services").lists.currencies(), 200),
);

listsApi.openapi(
  createRoute({
    method: "get",
    path: "/lists/countries/{locale}",
    tags: ["lists"],
    summary: "Countries with names in the given language",
    request: { params: z.object({ locale: LocaleParam }) },
    responses: { 200: jsonContent(z.array(Country), "List of countries"), 422: errorResponses[422] },
  }),
  async (c) => c.json(await c.get("services").lists.countries(c.req.valid("param").locale), 200),
);
