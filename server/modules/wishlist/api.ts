import { createRoute, z } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { translate } from "#core/i18n/index.ts";
import { WishlistItemChangeSchema } from "#core/schemas/wishlist.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, LocaleParam, MessageBody } from "#server/http/api/schemas.ts";
import { MAX_WISHLIST_ITEMS } from "./items.ts";
import type { WishlistView } from "./view.ts";

/**
 * The guest's wishlist cookie (docs/product/messages-and-reviews.md, "Wishlist (watched auctions)"):
 * the temp_id, kept 14 days.
 */
export const GUEST_WISHLIST_COOKIE = "guest-wishlist";
const GUEST_WISHLIST_MAX_AGE = 1_209_600;

const WishlistProduct = z
  .object({
    id: z.number().int(),
    categories: z
      .array(z.number().int())
      .openapi({ description: "The product's category id followed by its ancestors" }),
    name: z.string().openapi({ description: "In the requested language (Czech when English is missing)" }),
    url: z
      .string()
      .openapi({ example: "/12/rum/hampden-8", description: "Detail page path in the requested language" }),
    price: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Minor units of CZK; null for 'by agreement'" }),
    image: z.string().nullable().openapi({ description: "Path of the main image, or null" }),
  })
  .openapi("WishlistProduct");

const Wishlist = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    user_id: z.number().int().nullable(),
    temp_id: z.uuid(),
    items: z.array(z.object({ id: z.number().int(), product: WishlistProduct, note: z.string().nullable() })),
  })
  .openapi("Wishlist");

const TempIdParam = z
  .string()
  .max(100)
  .openapi({ param: { name: "tempId", in: "path" }, example: "3f0c8a5e-7d1b-4c57-9a43-5b8f0e6c2d11" });

/** The core's item change (core/schemas/wishlist.ts), named for the document. */
const ItemChange = z
  .object(WishlistItemChangeSchema.shape)
  .openapi("WishlistItemChange", { example: { productId: 12, note: "Na narozeniny" } });

const notFound = jsonContent(MessageBody, "No such wishlist, or not the caller's");

export const wishlistApi = createApiRouter();

wishlistApi.openapi(
  createRoute({
    method: "get",
    path: "/wishlist/{locale}",
    tags: ["wishlist"],
    summary:
      "The signed-in user's wishlist; a user who has none yet gets a new empty one (every user has exactly one)",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ locale: LocaleParam }) },
    responses: {
      200: jsonContent(Wishlist, "The wishlist (empty for a user who never followed anything)"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    // Having none is not an error the client must handle: the list it would create is the answer.
    const { wishlist } = await c
      .get("services")
      .wishlist.createForUser(c.get("user")!.id, c.req.valid("param").locale);
    return c.json(wishlist, 200);
  },
);

wishlistApi.openapi(
  createRoute({
    method: "get",
    path: "/wishlist/anonymous/{locale}/{tempId}",
    tags: ["wishlist"],
    summary:
      "A guest's wishlist by its temp_id; 404 for an unknown one (a client without a guest-wishlist cookie has none and need not ask)",
    request: { params: z.object({ locale: LocaleParam, tempId: TempIdParam }) },
    responses: { 200: jsonContent(Wishlist, "The wishlist"), 404: notFound, 422: errorResponses[422] },
  }),
  async (c) => {
    const { locale, tempId } = c.req.valid("param");
    const wishlist = await c.get("services").wishlist.getAnonymous(tempId, locale);
    if (!wishlist) return c.json({ message: translate(c.get("locale"), "wishlist.notFound") }, 404);
    return c.json(wishlist, 200);
  },
);

wishlistApi.openapi(
  createRoute({
    method: "post",
    path: "/wishlist",
    tags: ["wishlist"],
    summary:
      "Creates a wishlist: the signed-in user's own (200 with the existing one if there is one), or for a guest a new anonymous one whose temp_id is also set in the guest-wishlist cookie",
    security: [{}, ...bearerSecurity],
    responses: {
      200: jsonContent(Wishlist, "The user's existing wishlist"),
      201: jsonContent(Wishlist, "Created"),
    },
  }),
  async (c) => {
    const services = c.get("services");
    const user = c.get("user");
    // Item names in a fresh wishlist do not matter (it is empty); the request's language is used.
    const locale = c.get("locale");
    if (user) {
      const { wishlist, created } = await services.wishlist.createForUser(user.id, locale);
      return created ? c.json(wishlist, 201) : c.json(wishlist, 200);
    }
    const wishlist: WishlistView = await services.wishlist.createAnonymous(locale);
    setCookie(c, GUEST_WISHLIST_COOKIE, wishlist.temp_id, {
      path: "/",
      maxAge: GUEST_WISHLIST_MAX_AGE,
      sameSite: "Lax",
      // The client reads it, so not httpOnly; it only names an anonymous list.
      secure: c.get("config").publicUrl.startsWith("https:"),
    });
    return c.json(wishlist, 201);
  },
);

wishlistApi.openapi(
  createRoute({
    method: "delete",
    path: "/wishlist/{tempId}",
    tags: ["wishlist"],
    summary: "Deletes a wishlist and its items: an anonymous one by its temp_id, a user's only by that user",
    security: [{}, ...bearerSecurity],
    request: { params: z.object({ tempId: TempIdParam }) },
    responses: {
      200: jsonContent(z.object({ success: z.literal(true) }), "Deleted"),
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const deleted = await c
      .get("services")
      .wishlist.remove(c.req.valid("param").tempId, c.get("user")?.id ?? null);
    if (!deleted) return c.json({ message: translate(c.get("locale"), "wishlist.notFound") }, 404);
    return c.json({ success: true as const }, 200);
  },
);

wishlistApi.openapi(
  createRoute({
    method: "put",
    path: "/wishlist/{tempId}",
    tags: ["wishlist"],
    summary:
      "Adds a product (or sets the note of one already in the list); with remove=true removes it. Returns the updated wishlist in the request's language",
    security: [{}, ...bearerSecurity],
    request: {
      params: z.object({ tempId: TempIdParam }),
      body: { required: true, content: { "application/json": { schema: ItemChange } } },
    },
    responses: {
      200: jsonContent(Wishlist, "The updated wishlist"),
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .wishlist.updateItem(
        c.req.valid("param").tempId,
        c.get("user")?.id ?? null,
        c.req.valid("json"),
        locale,
      );
    if (result.ok) return c.json(result.value, 200);
    switch (result.code) {
      case "not_found":
        return c.json({ message: translate(locale, "wishlist.notFound") }, 404);
      case "unknown_product":
        return c.json({ errors: { productId: [translate(locale, "wishlist.productNotFound")] } }, 422);
      case "too_many_items":
        return c.json(
          {
            errors: { productId: [translate(locale, "wishlist.tooManyItems", { max: MAX_WISHLIST_ITEMS })] },
          },
          422,
        );
    }
  },
);
