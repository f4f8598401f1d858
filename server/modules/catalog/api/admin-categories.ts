import { z } from "@hono/zod-openapi";
import {
  CategoryFieldsSchema,
  CategoryPatchSchema,
  MoveCategorySchema,
  NewCategorySchema,
  ReorderSchema,
} from "#core/schemas/admin-catalog.ts";
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

const AdminCategory = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    depth: z.number().int().openapi({ description: "1 for a root, at most 5" }),
    position: z.number().int(),
    nameCs: z.string(),
    nameEn: z.string().nullable(),
    slugCs: z.string(),
    slugEn: z.string().nullable(),
    descriptionCs: z.string().nullable(),
    descriptionEn: z.string().nullable(),
    isActive: z.boolean(),
    premoderated: z.boolean(),
  })
  .openapi("AdminCategory");
const TreeRow = AdminCategory.extend({
  productCount: z.number().int().openapi({ description: "Products filed in the category itself" }),
  branchProductCount: z
    .number()
    .int()
    .openapi({ description: "Products of its whole branch: its own and every subcategory's, at any depth" }),
  childCount: z.number().int(),
});
const params = idParams("category");
const tag = (summary: string) => ({ summary, tags: ["admin", "catalog"] });

/**
 * The category tree under /api/admin/catalog/categories (docs/product/back-office.md, "Catalogue"),
 * scope `catalog`: add, rename, move, reorder, delete; each change audited with before and after.
 */
export function adminCategoryRoutes(api: ApiRouter) {
  categoryReadRoutes(api);
  categoryEditRoutes(api);
  categoryBranchRoutes(api);
}

function categoryReadRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "get",
      path: "/admin/catalog/categories",
      ...tag("Every category, active or hidden, in tree order (parents before their children), with counts"),
      responses: { 200: jsonContent(z.object({ data: z.array(TreeRow) }), "The tree") },
    }),
    async (c) => c.json({ data: await c.get("services").catalogAdmin.categoryTree() }, 200),
  );

  api.openapi(
    adminRoute("catalog", {
      method: "get",
      path: "/admin/catalog/categories/{id}",
      ...tag("One category with its earlier slugs (whose URLs answer 301 to it)"),
      request: { params },
      responses: {
        200: jsonContent(
          z.object({
            category: TreeRow,
            oldSlugs: z.array(z.object({ locale: z.enum(["cs", "en"]), slug: z.string() })),
          }),
          "The category",
        ),
        404: changeResponses[404],
      },
    }),
    async (c) => {
      const found = await c.get("services").catalogAdmin.category(c.req.valid("param").id);
      if (!found) return notFound(c);
      return c.json(found, 200);
    },
  );
}

function categoryEditRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "post",
      path: "/admin/catalog/categories",
      ...tag("Adds a category at the end of its parent's children (or the roots); at most 5 levels; audited"),
      request: { body: jsonBody(NewCategorySchema) },
      responses: { 201: jsonContent(AdminCategory, "Added"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c.get("services").catalogAdmin.createCategory(actorOf(c), c.req.valid("json"));
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value, 201);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "put",
      path: "/admin/catalog/categories/{id}",
      ...tag(
        "Renames a category (names, slugs, descriptions in both languages), switches it on or off and its pre-moderation; a replaced slug is kept and its URL answers 301; audited",
      ),
      request: { params, body: jsonBody(CategoryFieldsSchema) },
      responses: { 200: jsonContent(AdminCategory, "Saved"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.updateCategory(actorOf(c), c.req.valid("param").id, c.req.valid("json"));
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value.after, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "patch",
      path: "/admin/catalog/categories/{id}",
      ...tag(
        "Changes only the fields sent (the others stay), by the same rules as PUT: names, slugs (a replaced one is kept and its URL answers 301), descriptions, the active and pre-moderation switches; audited with before and after",
      ),
      request: { params, body: jsonBody(CategoryPatchSchema) },
      responses: { 200: jsonContent(AdminCategory, "Saved"), ...changeResponses },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.updateCategory(actorOf(c), c.req.valid("param").id, c.req.valid("json"));
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value.after, 200);
    },
  );
}

function categoryBranchRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("catalog", {
      method: "post",
      path: "/admin/catalog/categories/{id}/move",
      ...tag(
        "Moves a category with its branch under another parent (parentId null: to the root); never under itself or its descendant, never deeper than 5 levels; audited",
      ),
      request: { params, body: jsonBody(MoveCategorySchema) },
      responses: {
        200: jsonContent(z.object({ branch: z.array(z.number().int()) }), "Moved"),
        ...changeResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { parentId } = c.req.valid("json");
      const outcome = await c.get("services").catalogAdmin.moveCategory(actorOf(c), id, parentId);
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "post",
      path: "/admin/catalog/categories/{id}/reorder",
      ...tag("Moves a category one step up or down among its siblings; audited"),
      request: { params, body: jsonBody(ReorderSchema) },
      responses: {
        200: jsonContent(z.object({ moved: z.boolean() }), "Done (moved false: already at that end)"),
        ...changeResponses,
      },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.reorderCategory(actorOf(c), c.req.valid("param").id, c.req.valid("json").direction);
      if (!outcome.ok) return refusal(c, outcome);
      return c.json(outcome.value, 200);
    },
  );

  api.openapi(
    adminRoute("catalog", {
      method: "delete",
      path: "/admin/catalog/categories/{id}",
      ...tag("Deletes a category without products and subcategories (409 otherwise, saying why); audited"),
      request: { params },
      responses: { 204: { description: "Deleted" }, ...changeResponses },
    }),
    async (c) => {
      const outcome = await c
        .get("services")
        .catalogAdmin.deleteCategory(actorOf(c), c.req.valid("param").id);
      if (!outcome.ok) return refusal(c, outcome);
      return c.body(null, 204);
    },
  );
}
