import { createRoute, z } from "@hono/zod-openapi";
import { ATTRIBUTE_TYPES, ATTRIBUTE_UNITS } from "#core/contracts/listing-attributes.ts";
import { translate } from "#core/i18n/index.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";

/**
 * The structured attributes in the public API (issue 37, item 1): a product's table of attributes,
 * and a category's definitions (what `attributes` of a listing may hold: POST/PUT
 * /api/me/advertisements). Languages as elsewhere (lang query, locale cookie, Accept-Language).
 */

const Unit = z.enum(ATTRIBUTE_UNITS).nullable();
const AttributeRowBody = z
  .object({
    key: z.string().openapi({ example: "abv" }),
    label: z.string().openapi({ example: "Obsah alkoholu" }),
    text: z.string().openapi({ example: "41,3 %", description: "The value as the product page shows it" }),
    value: z.union([z.string(), z.number(), z.boolean()]).openapi({ example: 41.3 }),
    unit: Unit,
  })
  .openapi("ProductAttribute");

const AttributeDefinitionBody = z
  .object({
    key: z.string().openapi({ example: "age_years" }),
    type: z.enum(ATTRIBUTE_TYPES),
    unit: Unit,
    label: z.string(),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
    required: z.boolean(),
    facet: z.boolean(),
    suggested: z.boolean(),
  })
  .openapi("AttributeDefinition", {
    description: "In order of importance; inherited down the category tree",
  });

export const listingAttributesApi = createApiRouter();

listingAttributesApi.openapi(
  createRoute({
    method: "get",
    path: "/products/{id}/attributes",
    tags: ["catalog"],
    summary: "A product's structured attributes (age, strength, cask...), as the rows of its table",
    request: { params: z.object({ id: idPathParam("The product's id") }) },
    responses: {
      200: jsonContent(z.object({ data: z.array(AttributeRowBody) }), "The rows, in order of importance"),
      404: jsonContent(MessageBody, "No such product, or not public"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const product = await c.get("services").productPages.productDetail(c.req.valid("param").id, locale);
    if (!product) return c.json({ message: translate(locale, "errors.notFound") }, 404);
    return c.json({ data: product.attributes }, 200);
  },
);

listingAttributesApi.openapi(
  createRoute({
    method: "get",
    path: "/categories/{id}/attributes",
    tags: ["catalog"],
    summary: "The attributes a category's listings have (its own and its ancestors'), in order of importance",
    request: { params: z.object({ id: idPathParam("The category's id") }) },
    responses: {
      200: jsonContent(z.object({ data: z.array(AttributeDefinitionBody) }), "The definitions"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const definitions = await c.get("services").listings.attributes.definitionsFor(c.req.valid("param").id);
    return c.json(
      {
        data: definitions.map((definition) => ({
          key: definition.key,
          type: definition.type,
          unit: definition.unit,
          label: locale === "en" ? definition.labelEn : definition.labelCs,
          options: definition.options.map((option) => ({ value: option.value, label: option[locale] })),
          required: definition.required,
          facet: definition.facet,
          suggested: definition.suggested,
        })),
      },
      200,
    );
  },
);
