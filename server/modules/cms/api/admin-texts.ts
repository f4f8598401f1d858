import { z } from "@hono/zod-openapi";
import {
  BLOG_POST_SORTABLE,
  BLOG_POST_STATES,
  BlogCategoryFormSchema,
  BlogPostFormSchema,
} from "#core/schemas/admin-content.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { jsonContent, rowId } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import {
  actorOf,
  changeResponses,
  idParams,
  jsonBody,
  notFound,
  previewRoute,
  refusedAnswer,
  sanitised,
} from "./admin-answers.ts";

const tag = (summary: string) => ({ summary, tags: ["admin", "content"] });

export const AdminBlogPost = z
  .object({
    id: z.number().int(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    slugCs: z.string(),
    slugEn: z.string().nullable(),
    titleCs: z.string(),
    titleEn: z.string().nullable(),
    perexCs: z.string(),
    perexEn: z.string().nullable(),
    bodyCs: z.string(),
    bodyEn: z.string().nullable(),
    image: z.string().nullable(),
    authorName: z.string().nullable(),
    publishedAt: z.string().nullable().openapi({ description: "null = draft; a future time = scheduled" }),
    state: z.enum(BLOG_POST_STATES),
    updatedAt: z.string(),
  })
  .openapi("AdminBlogPost");

const AdminBlogCategory = z
  .object({
    id: z.number().int(),
    slugCs: z.string(),
    slugEn: z.string().nullable(),
    nameCs: z.string(),
    nameEn: z.string().nullable(),
    position: z.number().int(),
  })
  .openapi("AdminBlogCategory");

/** Blog articles under /api/admin/content/blog/posts, scope `content`; audited. */
export function blogPostRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/blog/posts",
      ...tag("A page of articles, drafts and scheduled ones too, filtered by state and category"),
      request: {
        query: tableQuerySchema(BLOG_POST_SORTABLE).extend({
          state: z.enum(BLOG_POST_STATES).optional(),
          category: rowId().optional(),
        }),
      },
      responses: {
        200: jsonContent(
          z.object({ rows: z.array(AdminBlogPost), total: z.number(), page: z.number(), size: z.number() }),
          "The page",
        ),
      },
    }),
    async (c) => {
      const { state, category, ...query } = c.req.valid("query");
      const page = await c
        .get("services")
        .contentAdmin.blogPosts.list(query, { state, categoryId: category });
      return c.json(page, 200);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/blog/posts/{id}",
      ...tag("One article as it is edited"),
      request: { params: idParams("article") },
      responses: { 200: jsonContent(AdminBlogPost, "The article"), 404: changeResponses[404] },
    }),
    async (c) => {
      const post = await c.get("services").contentAdmin.blogPosts.byId(c.req.valid("param").id);
      return post ? c.json(post, 200) : notFound(c);
    },
  );

  blogPostWriteRoutes(api);
  previewRoute(api, {
    path: "/admin/content/blog/posts/{id}/preview",
    what: "article",
    summary:
      "An article as the public page would show it (drafts and scheduled too), for the editors' preview",
    read: (c, id) => c.get("services").contentAdmin.blogPosts.preview(id, c.get("locale")),
  });
}

/** Writing, changing and deleting articles. */
function blogPostWriteRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "post",
      path: "/admin/content/blog/posts",
      ...tag(
        `Writes an article: a draft, published now or scheduled (publishAt in Prague time). ${sanitised}; audited`,
      ),
      request: { body: jsonBody(BlogPostFormSchema) },
      responses: { 201: jsonContent(AdminBlogPost, "Created"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.blogPosts.create(c.req.valid("json"), null, actorOf(c));
      return result.ok ? c.json(result.value, 201) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "put",
      path: "/admin/content/blog/posts/{id}",
      ...tag(`Changes an article (its publishing too). ${sanitised}; audited`),
      request: { params: idParams("article"), body: jsonBody(BlogPostFormSchema) },
      responses: { 200: jsonContent(AdminBlogPost, "Changed"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.blogPosts.update(c.req.valid("param").id, c.req.valid("json"), null, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "delete",
      path: "/admin/content/blog/posts/{id}",
      ...tag("Deletes an article; audited"),
      request: { params: idParams("article") },
      responses: { 204: { description: "Deleted" }, 404: changeResponses[404] },
    }),
    async (c) => {
      const done = await c.get("services").contentAdmin.blogPosts.remove(c.req.valid("param").id, actorOf(c));
      return done ? c.body(null, 204) : notFound(c);
    },
  );
}

/** Blog categories under /api/admin/content/blog/categories, scope `content`; audited. */
export function blogCategoryRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/blog/categories",
      ...tag("Every blog category in its order, with its article count"),
      responses: {
        200: jsonContent(z.array(AdminBlogCategory.extend({ postsCount: z.number().int() })), "Categories"),
      },
    }),
    async (c) => c.json(await c.get("services").contentAdmin.blogCategories.list(), 200),
  );

  api.openapi(
    adminRoute("content", {
      method: "post",
      path: "/admin/content/blog/categories",
      ...tag("Adds a blog category; audited"),
      request: { body: jsonBody(BlogCategoryFormSchema) },
      responses: { 201: jsonContent(AdminBlogCategory, "Created"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.blogCategories.save(null, c.req.valid("json"), actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 201) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "put",
      path: "/admin/content/blog/categories/{id}",
      ...tag("Renames or reorders a blog category; audited"),
      request: { params: idParams("category"), body: jsonBody(BlogCategoryFormSchema) },
      responses: { 200: jsonContent(AdminBlogCategory, "Changed"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.blogCategories.save(c.req.valid("param").id, c.req.valid("json"), actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "delete",
      path: "/admin/content/blog/categories/{id}",
      ...tag("Deletes an empty blog category (409 while it holds articles); audited"),
      request: { params: idParams("category") },
      responses: { 204: { description: "Deleted" }, ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.blogCategories.remove(c.req.valid("param").id, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.body(null, 204) : refusedAnswer(c, result.details);
    },
  );
}
