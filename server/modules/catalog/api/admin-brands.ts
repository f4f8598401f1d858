import { z } from "@hono/zod-openapi";
import {
  BrandMergeSchema,
  BrandRenameSchema,
  PackageSchema,
  ReorderSchema,
} from "#core/schemas/admin-catalog.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import { actorOf, changeResponses, idParams, jsonBody, refusal } from "#server/http/api/admin-answers.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import { BRAND_SORTS } from "#server/modules/catalog/index.ts";

const Brand = z.object({ id: z.number().int(), name: z.string() }).openapi("AdminBrand");
const BrandRow = Brand.extend({ productCount: z.number().int(), createdAt: z.date() });
const Package = z
  .object({
    id: z.number().int(),
    nameCs: z.string(),
    nameEn: z.string().nullable(),
    position: z.number().int(),
  })
  .openapi("AdminPackage");
const params = idParams("package");
const tag = (summary: string) => ({ summary, tags: ["admin", "catalog"] });

/** Brands (list, rename, merge) under /api/admin/catalog/brands, scope `catalog`; audited. */
export function adminBrandRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "get",
      path: "/admin/catalog/brands",
      ...tag("A page of brands with their product counts; q matches however the name is spelt"),
      request: { query: tableQuerySchema(BRAND_SORTS) },
      responses: {
        200: jsonContent(
          z.object({
            rows: z.array(BrandRow),
            total: z.number().int(),
            page: z.number().int(),
            size: z.number().int(),
          }),
          "The page",
        ),
      },
    }),
    async (c) => c.json(await c.get("services").catalogAdmin.brandsPage(c.req.valid("query")), 200),
  );

  api.openapi(
    adminRoute("catalog", {
      method: "put",
      path: "/admin/catalog/brands/{id}",
      ...tag("Renames a brand; a name another brand has is refused (merge them instead); audited"),
      request: { params: idParams("brand"), body: jsonBody(BrandRenameSchema) },
      responses: { 200: jsonContent(Brand, "Renamed"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.renameBrand(actorOf(c), c.req.valid("param").id, c.req.valid("json").name);
      if (!outcome.ok) return refusal(c, outcome);
      return c.json({ id: outcome.value.id, name: outcome.value.name }, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "post",
      path: "/admin/catalog/brands/merge",
      ...tag(
        "Merges a duplicate brand into the survivor in one transaction: the duplicate's products re-pointed, the duplicate deleted; audited with both ids and the products moved",
      ),
      request: { body: jsonBody(BrandMergeSchema) },
      responses: {
        200: jsonContent(z.object({ survivor: Brand, productIds: z.array(z.number().int()) }), "Merged"),
        ...changeResponses,
      },
    }),
    async (c) => {
      const { survivorId, duplicateId } = c.req.valid("json");
      const outcome = await c.get("services").catalogAdmin.mergeBrands(actorOf(c), survivorId, duplicateId);
      if (!outcome.ok) return refusal(c, outcome);
      const { survivor, productIds } = outcome.value;
      return c.json({ survivor: { id: survivor.id, name: survivor.name }, productIds }, 200);
    },
  );
}

/** Package kinds under /api/admin/catalog/packages, scope `catalog`: add, rename, reorder, delete unused; audited. */
export function adminPackageRoutes(api: ApiRouter) {
  packageReadAndAddRoutes(api);
  packageChangeRoutes(api);
}

function packageReadAndAddRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "get",
      path: "/admin/catalog/packages",
      ...tag("Every package kind in its order, with how many products use it"),
      responses: {
        200: jsonContent(
          z.object({ data: z.array(Package.extend({ productCount: z.number().int() })) }),
          "The list",
        ),
      },
    }),
    async (c) => c.json({ data: await c.get("services").catalogAdmin.packages() }, 200),
  );

  api.openapi(
    adminRoute("catalog", {
      method: "post",
      path: "/admin/catalog/packages",
      ...tag("Adds a package kind at the end; audited"),
      request: { body: jsonBody(PackageSchema) },
      responses: { 201: jsonContent(Package, "Added"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c.get("services").catalogAdmin.createPackage(actorOf(c), c.req.valid("json"));
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value, 201);
    },
  );
}

function packageChangeRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "put",
      path: "/admin/catalog/packages/{id}",
      ...tag("Renames a package kind (cs, en); audited"),
      request: { params, body: jsonBody(PackageSchema) },
      responses: { 200: jsonContent(Package, "Saved"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.updatePackage(actorOf(c), c.req.valid("param").id, c.req.valid("json"));
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "post",
      path: "/admin/catalog/packages/{id}/reorder",
      ...tag("Moves a package kind one step up or down; audited"),
      request: { params, body: jsonBody(ReorderSchema) },
      responses: { 200: jsonContent(z.object({ moved: z.boolean() }), "Done"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.reorderPackage(actorOf(c), c.req.valid("param").id, c.req.valid("json").direction);
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "delete",
      path: "/admin/catalog/packages/{id}",
      ...tag("Deletes a package kind no product uses (409 otherwise); audited"),
      request: { params },
      responses: { 204: { description: "Deleted" }, ...changeResponses },
    }),
    async (c) => {
      const outcome = await c.get("services").catalogAdmin.deletePackage(actorOf(c), c.req.valid("param").id);
      if (!outcome.ok) return refusal(c, outcome);
      return c.body(null, 204);
    },
  );
}
