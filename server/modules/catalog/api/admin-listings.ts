import { z } from "@hono/zod-openapi";
import { PRODUCT_FORMATS, PRODUCT_STATUSES } from "#core/contracts/catalog.ts";
import { LISTING_TABLE_SORTS, ListingEditSchema } from "#core/schemas/admin-catalog.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import {
  actorOf,
  changeResponses,
  idParams,
  jsonBody,
  notFound,
  refusal,
} from "#server/http/api/admin-answers.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

export const AdminListingQuery = tableQuerySchema(LISTING_TABLE_SORTS).extend({
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  format: z.enum(PRODUCT_FORMATS).optional().catch(undefined),
  categoryId: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

const Row = z
  .object({
    id: z.number().int(),
    name: z.string(),
    format: z.enum(PRODUCT_FORMATS),
    status: z.enum(PRODUCT_STATUSES),
    category: z.string(),
    seller: z.string().nullable().openapi({ description: "Null for the operator's shop" }),
    priceMinor: z.number().int().nullable(),
    bidCount: z.number().int(),
    createdAt: z.date(),
  })
  .openapi("AdminListingRow");
const Detail = z
  .object({
    product: z.record(z.string(), z.unknown()).openapi({ description: "Every column of the listing" }),
    seller: z.string().nullable(),
    categoryName: z.string(),
    brandName: z.string().nullable(),
    packageName: z.string().nullable(),
    images: z.array(z.object({ id: z.number().int(), url: z.string(), alt: z.string().nullable() })),
    history: z.array(
      z.object({
        from: z.string().nullable(),
        to: z.string(),
        actor: z.string().nullable(),
        reason: z.string().nullable(),
        at: z.date(),
      }),
    ),
  })
  .openapi("AdminListing");
const tag = (summary: string) => ({ summary, tags: ["admin", "catalog"] });
const params = idParams("listing");

/**
 * Any listing under /api/admin/catalog/listings, scope `catalog`: search, view, correct its texts
 * and filing (audited). Restricting one is a moderation decision (/api/admin/moderation/...).
 */
export function adminListingRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "get",
      path: "/admin/catalog/listings",
      ...tag(
        "A page of any listings: q by id, name or seller; filter by status, format, category (with its branch)",
      ),
      request: { query: AdminListingQuery },
      responses: {
        200: jsonContent(
          z.object({
            rows: z.array(Row),
            total: z.number().int(),
            page: z.number().int(),
            size: z.number().int(),
          }),
          "The page",
        ),
      },
    }),
    async (c) => {
      const { status, format, categoryId, ...query } = c.req.valid("query");
      return c.json(
        await c.get("services").catalogAdmin.listingsPage(query, { status, format, categoryId }),
        200,
      );
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "get",
      path: "/admin/catalog/listings/{id}",
      ...tag("One listing with its seller, photos and status history"),
      request: { params },
      responses: { 200: jsonContent(Detail, "The listing"), 404: changeResponses[404] },
    }),
    async (c) => {
      const listing = await c.get("services").catalogAdmin.listing(c.req.valid("param").id);
      if (!listing) return notFound(c);
      return c.json(listing, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "put",
      path: "/admin/catalog/listings/{id}",
      ...tag(
        "Corrects a listing's names, descriptions, category, brand and package (never its prices, dates or status); audited with before and after",
      ),
      request: { params, body: jsonBody(ListingEditSchema) },
      responses: { 200: jsonContent(z.object({ id: z.number().int() }), "Saved"), ...changeResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const outcome = await c.get("services").catalogAdmin.editListing(actorOf(c), id, c.req.valid("json"));
      if (!outcome.ok) return refusal(c, outcome);
      return c.json({ id }, 200);
    },
  );
}
