import { createRoute, z } from "@hono/zod-openapi";
import { LISTING_FILTER_NAMES } from "#core/lifecycles/listing.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { type ApiRouter, bearerSecurity, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";
import {
  conflict,
  conflictBody,
  data,
  FormOptions,
  IdParam,
  json,
  Listing,
  listingBody,
  notFound,
  notFoundBody,
  refusal,
  refused403,
  user,
} from "./listing-schemas.ts";

/** The add form's options. */
export function formRoutes(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/me/advertisements/options",
      tags: ["listings"],
      summary:
        "What the add form offers: top-level categories with their subcategories, packages, known brands",
      security: bearerSecurity,
      middleware: requireUser,
      responses: { 200: jsonContent(z.object({ data: FormOptions }), "Options"), 401: errorResponses[401] },
    }),
    async (c) => c.json({ data: await c.get("services").listings.formOptions(c.get("locale")) }, 200),
  );
}

/** GET /me/advertisements: the caller's listings by filter, a page at a time. */
function listRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/me/advertisements",
      tags: ["listings"],
      summary: "The caller's listings, newest first, 20 a page, with the count of each filter",
      security: bearerSecurity,
      middleware: requireUser,
      request: {
        query: z.object({
          filter: z
            .enum(LISTING_FILTER_NAMES as [string, ...string[]])
            .optional()
            .openapi({
              description:
                "all; active; pending (draft, in review, awaiting payment, scheduled); ended (ended, expired); sold; cancelled (cancelled, rejected)",
            }),
          page: z.coerce.number().int().positive().max(100_000).optional(),
        }),
      },
      responses: {
        200: jsonContent(
          z.object({
            data: z.array(Listing),
            meta: z.object({
              filter: z.string(),
              page: z.number().int(),
              pages: z.number().int(),
              counts: z.record(z.string(), z.number().int()),
            }),
          }),
          "The listings",
        ),
        401: errorResponses[401],
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const result = await c
        .get("services")
        .listings.myListings(
          user(c).id,
          { filter: query.filter as never, page: query.page },
          c.get("locale"),
        );
      const { items, ...meta } = result;
      return c.json({ data: items, meta }, 200);
    },
  );
}

/** POST /me/advertisements: adds a listing. */
function addRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/me/advertisements",
      tags: ["listings"],
      summary:
        "Adds a listing. Its insertion fee (the fees setting, less the user group's discount) decides its state: above zero awaiting_payment; free, scheduled (a future activationAt) or active at once, its end computed from its duration. Needs a confirmed e-mail; from the 11th listing on, a verified account",
      security: bearerSecurity,
      middleware: requireUser,
      request: listingBody,
      responses: {
        201: jsonContent(z.object({ data: Listing }), "Added"),
        401: errorResponses[401],
        403: refused403,
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const result = await c.get("services").listings.create(user(c), await json(c), c.get("locale"));
      if (result.ok) return c.json(data(result.value), 201);
      if (result.code === "invalid")
        return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
      return refusal(c, result.code);
    },
  );
}

/** GET /me/advertisements/{id}: one of the caller's listings. */
function oneRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/me/advertisements/{id}",
      tags: ["listings"],
      summary: "One of the caller's listings",
      security: bearerSecurity,
      middleware: requireUser,
      request: { params: z.object({ id: IdParam }) },
      responses: {
        200: jsonContent(z.object({ data: Listing }), "The listing"),
        401: errorResponses[401],
        404: notFound,
      },
    }),
    async (c) => {
      const listing = await c
        .get("services")
        .listings.listing(user(c).id, c.req.valid("param").id, c.get("locale"));
      return listing ? c.json(data(listing), 200) : c.json(notFoundBody(c), 404);
    },
  );
}

/** PUT /me/advertisements/{id}: edits a listing within its locks. */
function editRoute(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "put",
      path: "/me/advertisements/{id}",
      tags: ["listings"],
      summary:
        "Edits a listing (the whole input, as for adding; `images` lists the ids of images to keep and new upload tokens, in order). Before the first bid everything may change but, once paid or free and released, the type, price mode, duration and activation date. After the first bid only the description and images may change and no image may be removed: other fields answer 422 with the reason",
      security: bearerSecurity,
      middleware: requireUser,
      request: { params: z.object({ id: IdParam }), ...listingBody },
      responses: {
        200: jsonContent(z.object({ data: Listing }), "Saved"),
        401: errorResponses[401],
        404: notFound,
        409: conflict,
        422: errorResponses[422],
      },
    }),
    async (c) => {
      const result = await c
        .get("services")
        .listings.update(user(c), c.req.valid("param").id, await json(c), c.get("locale"));
      if (result.ok) return c.json(data(result.value), 200);
      if (result.code === "not_found") return c.json(notFoundBody(c), 404);
      if (result.code === "invalid")
        return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
      return c.json(conflictBody(c, result.code), 409);
    },
  );
}

/** The caller's listings: the list, adding, one of them and editing. */
export function listingRoutes(router: ApiRouter) {
  listRoute(router);
  addRoute(router);
  oneRoute(router);
  editRoute(router);
}
