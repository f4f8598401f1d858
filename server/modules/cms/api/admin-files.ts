import { z } from "@hono/zod-openapi";
import {
  BANNER_GROUP_KEYS,
  BANNER_SORTABLE,
  BannerFormSchema,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_LOCALES,
  DOCUMENT_MAX_BYTES,
  DocumentFormSchema,
} from "#core/schemas/admin-content.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import {
  actorOf,
  binaryField,
  changeResponses,
  idParams,
  jsonBody,
  multipartBody,
  notFound,
  parseFields,
  readMultipart,
  refusedAnswer,
} from "./admin-answers.ts";
import { AdminBlogPost } from "./admin-texts.ts";

const tag = (summary: string) => ({ summary, tags: ["admin", "content"] });
const nullableTime = z.string().nullable().openapi({ description: "UTC ISO 8601" });

const AdminBanner = z
  .object({
    id: z.number().int(),
    groupKey: z.string(),
    locale: z.enum(CONTENT_LOCALES),
    title: z.string(),
    url: z.string().nullable(),
    position: z.number().int(),
    isActive: z.boolean(),
    activeFrom: nullableTime,
    activeTo: nullableTime,
    imageUrl: z.string().openapi({ description: "path + '/' + image, what GET /api/poster serves" }),
    live: z.boolean().openapi({ description: "Switched on and within its schedule now" }),
  })
  .openapi("AdminBanner");

const AdminDocument = z
  .object({
    id: z.number().int(),
    titleCs: z.string(),
    titleEn: z.string().nullable(),
    descriptionCs: z.string().nullable(),
    descriptionEn: z.string().nullable(),
    filePath: z.string(),
    fileName: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number().int(),
    position: z.number().int(),
    createdAt: z.string(),
  })
  .openapi("AdminDocument");

const bannerFields = {
  groupKey: z.enum(BANNER_GROUP_KEYS),
  locale: z.enum(CONTENT_LOCALES),
  title: z.string(),
  url: z.string().optional(),
  position: z.string().optional().openapi({ description: "Digits" }),
  isActive: z.string().optional().openapi({ description: '"true" or "on" switches it on' }),
  activeFrom: z.string().optional().openapi({ description: "Prague time, YYYY-MM-DDTHH:mm" }),
  activeTo: z.string().optional().openapi({ description: "Prague time, YYYY-MM-DDTHH:mm" }),
};
const bannerImage = `JPEG, PNG or WebP by content, at most ${CONTENT_IMAGE_MAX_BYTES / 1024 / 1024} MB; re-encoded to WebP`;
const bannerForm = { numbers: ["position"], flags: ["isActive"] };

/** The multipart bodies these routes take may exceed the API's 1 MB (cms/api/admin.ts). */
export const CONTENT_UPLOAD_MAX_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

/** Banners under /api/admin/content/banners, scope `content`; audited. */
export function bannerRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/banners",
      ...tag("A page of banners, filtered by group and language"),
      request: {
        query: tableQuerySchema(BANNER_SORTABLE).extend({
          group: z.enum(BANNER_GROUP_KEYS).optional(),
          locale: z.enum(CONTENT_LOCALES).optional(),
        }),
      },
      responses: {
        200: jsonContent(
          z.object({ rows: z.array(AdminBanner), total: z.number(), page: z.number(), size: z.number() }),
          "The page",
        ),
      },
    }),
    async (c) => {
      const { group, locale, ...query } = c.req.valid("query");
      return c.json(await c.get("services").contentAdmin.banners.list(query, { group, locale }), 200);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/banners/{id}",
      ...tag("One banner"),
      request: { params: idParams("banner") },
      responses: { 200: jsonContent(AdminBanner, "The banner"), 404: changeResponses[404] },
    }),
    async (c) => {
      const banner = await c.get("services").contentAdmin.banners.byId(c.req.valid("param").id);
      return banner ? c.json(banner, 200) : notFound(c);
    },
  );

  bannerWriteRoutes(api);
}

/** Creating, changing and deleting banners. */
function bannerWriteRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "post",
      path: "/admin/content/banners",
      ...tag(`Creates a banner with its image (multipart field \`image\`: ${bannerImage}); audited`),
      request: { body: multipartBody({ ...bannerFields, image: binaryField(bannerImage) }) },
      responses: { 201: jsonContent(AdminBanner, "Created"), ...changeResponses },
    }),
    async (c) => {
      const { fields, bytes } = await readMultipart(c, "image", bannerForm);
      const form = parseFields(c, BannerFormSchema, fields);
      if (!form.ok) return form.answer;
      const result = await c.get("services").contentAdmin.banners.create(form.value, bytes, actorOf(c));
      return result.ok ? c.json(result.value, 201) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "put",
      path: "/admin/content/banners/{id}",
      ...tag(`Changes a banner; an \`image\` replaces its picture (${bannerImage}); audited`),
      request: {
        params: idParams("banner"),
        body: multipartBody({ ...bannerFields, image: binaryField(`Optional. ${bannerImage}`) }),
      },
      responses: { 200: jsonContent(AdminBanner, "Changed"), ...changeResponses },
    }),
    async (c) => {
      const { fields, bytes } = await readMultipart(c, "image", bannerForm);
      const form = parseFields(c, BannerFormSchema, fields);
      if (!form.ok) return form.answer;
      const result = await c
        .get("services")
        .contentAdmin.banners.update(c.req.valid("param").id, form.value, bytes, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "delete",
      path: "/admin/content/banners/{id}",
      ...tag("Deletes a banner and its image; audited"),
      request: { params: idParams("banner") },
      responses: { 204: { description: "Deleted" }, 404: changeResponses[404] },
    }),
    async (c) => {
      const done = await c.get("services").contentAdmin.banners.remove(c.req.valid("param").id, actorOf(c));
      return done ? c.body(null, 204) : notFound(c);
    },
  );
}

/** An article's cover under /api/admin/content/blog/posts/{id}/cover, as the screen uploads it. */
export function blogCoverRoute(api: ApiRouter) {
  const cover = `JPEG, PNG or WebP by content (not by its name or type), at most ${CONTENT_IMAGE_MAX_BYTES / 1024 / 1024} MB and 25 Mpx; re-encoded to WebP (at most 2400 px wide, nothing but its pixels kept)`;
  api.openapi(
    adminRoute("content", {
      method: "put",
      path: "/admin/content/blog/posts/{id}/cover",
      ...tag(
        `Sets or replaces an article's cover (multipart field \`image\`: ${cover}); the old file is removed; audited`,
      ),
      request: { params: idParams("article"), body: multipartBody({ image: binaryField(cover) }) },
      responses: { 200: jsonContent(AdminBlogPost, "The article with its new cover"), ...changeResponses },
    }),
    async (c) => {
      const { bytes } = await readMultipart(c, "image");
      const result = await c
        .get("services")
        .contentAdmin.blogPosts.setCover(c.req.valid("param").id, bytes, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );
}

/** Documents under /api/admin/content/documents, scope `content`; audited. */
export function documentRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/documents",
      ...tag("Every document in its order"),
      responses: { 200: jsonContent(z.array(AdminDocument), "The documents") },
    }),
    async (c) => c.json(await c.get("services").contentAdmin.documents.list(), 200),
  );

  const pdf = `A PDF (by its %PDF- signature), at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;
  api.openapi(
    adminRoute("content", {
      method: "post",
      path: "/admin/content/documents",
      ...tag(`Uploads a document (multipart field \`file\`: ${pdf}) under DATA_DIR/uploads; audited`),
      request: {
        body: multipartBody({
          titleCs: z.string(),
          titleEn: z.string().optional(),
          descriptionCs: z.string().optional(),
          descriptionEn: z.string().optional(),
          position: z.string().optional(),
          file: binaryField(pdf),
        }),
      },
      responses: { 201: jsonContent(AdminDocument, "Uploaded"), ...changeResponses },
    }),
    async (c) => {
      const { fields, file, bytes } = await readMultipart(c, "file", { numbers: ["position"] });
      const form = parseFields(c, DocumentFormSchema, fields);
      if (!form.ok) return form.answer;
      const result = await c
        .get("services")
        .contentAdmin.documents.create(form.value, bytes, file?.name ?? "", actorOf(c));
      return result.ok ? c.json(result.value, 201) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "put",
      path: "/admin/content/documents/{id}",
      ...tag("Changes a document's titles, descriptions and order; audited"),
      request: { params: idParams("document"), body: jsonBody(DocumentFormSchema) },
      responses: { 200: jsonContent(AdminDocument, "Changed"), ...changeResponses },
    }),
    async (c) => {
      const document = await c
        .get("services")
        .contentAdmin.documents.update(c.req.valid("param").id, c.req.valid("json"), actorOf(c));
      return document ? c.json(document, 200) : notFound(c);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "delete",
      path: "/admin/content/documents/{id}",
      ...tag("Deletes a document and its file; audited"),
      request: { params: idParams("document") },
      responses: { 204: { description: "Deleted" }, 404: changeResponses[404] },
    }),
    async (c) => {
      const done = await c.get("services").contentAdmin.documents.remove(c.req.valid("param").id, actorOf(c));
      return done ? c.body(null, 204) : notFound(c);
    },
  );
}
