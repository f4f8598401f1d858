import { z } from "@hono/zod-openapi";
import { InfoPageFormSchema } from "#core/schemas/admin-content.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import { INFO_PAGE_STATES } from "../admin/info-pages.ts";
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

const texts = {
  slugCs: z.string(),
  slugEn: z.string().nullable(),
  titleCs: z.string(),
  titleEn: z.string().nullable(),
  bodyCs: z.string(),
  bodyEn: z.string().nullable(),
};

const AdminInfoPage = z
  .object({
    id: z.number().int(),
    ...texts,
    fixed: z.boolean().openapi({ description: "Terms (1) and privacy (2): cannot be deleted" }),
    state: z.enum(INFO_PAGE_STATES).openapi({
      description:
        "unpublished: never published, not on the site; published: the site shows these texts; changed: a saved draft waits to be published",
    }),
    publishedAt: z.string().nullable().openapi({ description: "When it first went public; null = never" }),
    updatedAt: z.string().openapi({ description: "When the texts above (the working draft) were saved" }),
    published: z
      .object({ ...texts, updatedAt: z.string() })
      .nullable()
      .openapi({ description: "What the public sees now; null while never published" }),
  })
  .openapi("AdminInfoPage", {
    description: "An info page: its working texts (the draft if there is one) and its published version",
  });

/**
 * Info pages under /api/admin/content/pages, scope `content`; audited. A save keeps the public page
 * as it is: the texts wait as a draft until published (docs/product/back-office.md, "Content").
 */
export function infoPageRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/pages",
      ...tag("Every info page with its state"),
      responses: { 200: jsonContent(z.array(AdminInfoPage), "Info pages") },
    }),
    async (c) => c.json(await c.get("services").contentAdmin.infoPages.list(), 200),
  );

  api.openapi(
    adminRoute("content", {
      method: "get",
      path: "/admin/content/pages/{id}",
      ...tag("One info page: its working draft and its published version"),
      request: { params: idParams("page") },
      responses: { 200: jsonContent(AdminInfoPage, "The page"), 404: changeResponses[404] },
    }),
    async (c) => {
      const page = await c.get("services").contentAdmin.infoPages.byId(c.req.valid("param").id);
      return page ? c.json(page, 200) : notFound(c);
    },
  );

  infoPageWriteRoutes(api);
  infoPagePublishingRoutes(api);
  previewRoute(api, {
    path: "/admin/content/pages/{id}/preview",
    what: "page",
    summary:
      "An info page's working draft (an unpublished page too) as /info/{id}/{slug} would show it, for the editors' preview",
    read: (c, id) => c.get("services").contentAdmin.infoPages.preview(id, c.get("locale")),
  });
}

/** Adding, saving and deleting pages. */
function infoPageWriteRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "post",
      path: "/admin/content/pages",
      ...tag(`Adds an info page, not on the site until it is published. ${sanitised}; audited`),
      request: { body: jsonBody(InfoPageFormSchema) },
      responses: { 201: jsonContent(AdminInfoPage, "Created, unpublished"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.infoPages.save(null, c.req.valid("json"), actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 201) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "put",
      path: "/admin/content/pages/{id}",
      ...tag(
        `Saves an info page's working draft: a published page's public texts stay until it is published (texts equal to them leave no draft); a page never published is changed in place. ${sanitised}; audited`,
      ),
      request: { params: idParams("page"), body: jsonBody(InfoPageFormSchema) },
      responses: { 200: jsonContent(AdminInfoPage, "Saved"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.infoPages.save(c.req.valid("param").id, c.req.valid("json"), actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "delete",
      path: "/admin/content/pages/{id}",
      ...tag("Deletes an info page with its draft; the terms (1) and privacy (2) answer 409; audited"),
      request: { params: idParams("page") },
      responses: { 204: { description: "Deleted" }, ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.infoPages.remove(c.req.valid("param").id, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.body(null, 204) : refusedAnswer(c, result.details);
    },
  );
}

/** Publishing the working draft, or discarding it. */
function infoPagePublishingRoutes(api: ApiRouter) {
  api.openapi(
    adminRoute("content", {
      method: "post",
      path: "/admin/content/pages/{id}/publish",
      ...tag(
        "Publishes the page's saved draft (or a page never published): the site shows it from now on; 409 when there is nothing to publish; audited with the public texts before and after",
      ),
      request: { params: idParams("page") },
      responses: { 200: jsonContent(AdminInfoPage, "Published"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.infoPages.publish(c.req.valid("param").id, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );

  api.openapi(
    adminRoute("content", {
      method: "delete",
      path: "/admin/content/pages/{id}/draft",
      ...tag(
        "Discards a published page's draft: the working texts are the published ones again; 409 when there is no draft; audited",
      ),
      request: { params: idParams("page") },
      responses: { 200: jsonContent(AdminInfoPage, "Discarded"), ...changeResponses },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .contentAdmin.infoPages.discardDraft(c.req.valid("param").id, actorOf(c));
      if (!result) return notFound(c);
      return result.ok ? c.json(result.value, 200) : refusedAnswer(c, result.details);
    },
  );
}
