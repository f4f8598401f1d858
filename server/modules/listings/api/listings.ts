import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { LISTING_FILTER_NAMES } from "#core/lifecycles/listing.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import {
  errorResponses,
  idPathParam,
  jsonContent,
  MessageBody,
  ValidationErrorBody,
} from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import { LISTING_IMAGE_MAX_BYTES } from "../images.ts";
import { ListingInputSchema } from "../schemas.ts";
import { CONTACT_MESSAGE_MAX, type MyListing } from "../service.ts";
import { AUCTION_DURATIONS, PRODUCT_FORMATS, PRODUCT_STATUSES, PRODUCT_TYPES } from "../tables/products.ts";

/**
 * The seller's listings under /api/me/advertisements (the spec's word; its statistics route lives
 * in the catalogue's API): form options, my listings, add, edit, cancel, relist, photo upload; and
 * "write to the seller" on a product. Every route works on the caller's own listings: another
 * user's listing answers 404 exactly like a missing one, and nothing of it changes.
 */

/** The multipart upload's path: the /api body limit (1 MB) is raised to the photo limit here only. */
export const LISTING_IMAGE_UPLOAD_PATH = "/api/me/advertisements/images";
/** A photo plus the multipart envelope. */
export const LISTING_IMAGE_BODY_MAX = LISTING_IMAGE_MAX_BYTES + 64 * 1024;

const IdParam = idPathParam("The listing's product id");

const Fee = z
  .object({
    baseMinor: z.number().int().openapi({ description: "The price list's fee, CZK minor units" }),
    discountPercent: z.number().int().openapi({ description: "The seller's user group discount" }),
    discountMinor: z.number().int(),
    amountMinor: z.number().int().openapi({ description: "What the seller pays; 0 = free" }),
    paid: z.boolean(),
  })
  .openapi("ListingFee");

const Listing = z
  .object({
    id: z.number().int(),
    format: z.enum(PRODUCT_FORMATS),
    type: z.enum(PRODUCT_TYPES),
    status: z.enum(PRODUCT_STATUSES),
    name: z.string(),
    url: z.string().openapi({ description: "The product page's path in the request's language" }),
    imageUrl: z.string().nullable().openapi({ description: "The main picture's original" }),
    categoryName: z.string(),
    bidCount: z.number().int(),
    priceMinor: z.number().int().nullable().openapi({
      description:
        "Auction: the leading price (the start price before the first bid); classified: its price, null = by agreement",
    }),
    startPriceMinor: z.number().int().nullable(),
    reservePriceMinor: z.number().int().nullable(),
    watchers: z.number().int().openapi({ description: "Wishlists holding the listing" }),
    duration: z.enum(AUCTION_DURATIONS).nullable(),
    activationAt: z
      .string()
      .nullable()
      .openapi({ description: "ISO instant; null while unpaid = when paid" }),
    endsAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    createdAt: z.string(),
    fee: Fee.nullable(),
    actions: z
      .object({
        edit: z.boolean(),
        cancel: z.boolean(),
        relist: z.boolean(),
        top: z.boolean().openapi({ description: "Promote it: POST /me/advertisements/{id}/top" }),
        pay: z.boolean().openapi({ description: "Pay its insertion fee: POST /me/advertisements/{id}/fee" }),
      })
      .openapi({ description: "What the seller may do now" }),
    relistedAsId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The listing this one was listed again as" }),
    toppedUntil: z.string().nullable().openapi({
      description: "Promoted (sorted first, highlighted) until this ISO instant; null = not now",
    }),
  })
  .openapi("MyListing");

const FormOptions = z
  .object({
    categories: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        subcategories: z.array(
          z.object({
            id: z.number().int(),
            name: z.string().openapi({ example: "Rum › Karibik › Jamajka" }),
            depth: z.number().int(),
          }),
        ),
      }),
    ),
    packages: z.array(z.object({ id: z.number().int(), name: z.string() })),
    brands: z.array(z.string()).openapi({ description: "Known brand names (a new one may be typed)" }),
  })
  .openapi("ListingFormOptions");

const Refusal = z
  .object({
    message: z.string(),
    needsVerification: z.boolean().optional(),
    verificationUrl: z.string().optional().openapi({ example: "/ucet/overeny-ucet" }),
  })
  .openapi("ListingRefusal");

const notFound = jsonContent(MessageBody, "No such listing of the caller's");
const refused403 = jsonContent(
  Refusal,
  "E-mail not confirmed, or the free quota (10 listings) used up: `needsVerification` with the verification page",
);
const conflict = jsonContent(MessageBody, "Not possible in the listing's state (e.g. cancel after a bid)");
const listingBody = {
  body: { required: true, content: { "application/json": { schema: ListingInputSchema } } },
} as const;

const json = (c: Context<AppEnv>) => c.req.json().catch(() => ({}));
const user = (c: Context<AppEnv>) => c.get("user")!;

function refusal(c: Context<AppEnv>, result: { message: string; needsVerification?: boolean }) {
  return c.json(
    result.needsVerification
      ? {
          message: result.message,
          needsVerification: true,
          verificationUrl: localePath("accountVerified", c.get("locale")),
        }
      : { message: result.message },
    403,
  );
}

const notFoundBody = (c: Context<AppEnv>) => ({ message: translate(c.get("locale"), "errors.notFound") });
const data = (listing: MyListing) => ({ data: listing });

export const listingsApi = createApiRouter();

listingsApi.openapi(
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

listingsApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/images",
    tags: ["listings"],
    summary: `Uploads one photo for a listing (multipart field \`image\`): JPEG, PNG, WebP or AVIF by content, at most ${LISTING_IMAGE_MAX_BYTES / 1024 / 1024} MB; re-encoded without metadata (EXIF, GPS) to WebP. Returns a token to put in a listing's \`images\`; unused uploads are dropped after a day`,
    security: bearerSecurity,
    middleware: [
      requireUser,
      bodyLimit({
        maxSize: LISTING_IMAGE_BODY_MAX,
        onError: (c) => c.json({ message: translate(c.get("locale"), "errors.payloadTooLarge") }, 413),
      }),
    ] as const,
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ image: z.any().openapi({ type: "string", format: "binary" }) }),
          },
        },
      },
    },
    responses: {
      201: jsonContent(
        z.object({
          data: z.object({
            token: z.string().openapi({ example: "upl_3f1c9a…" }),
            url: z.string(),
            width: z.number().int().nullable(),
            height: z.number().int().nullable(),
          }),
        }),
        "Staged",
      ),
      401: errorResponses[401],
      413: jsonContent(MessageBody, "Larger than the photo limit"),
      422: errorResponses[422],
      429: jsonContent(ValidationErrorBody, "Too many uploads by this user in 10 minutes (Retry-After)"),
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.image;
    if (!(file instanceof File))
      return c.json({ errors: { image: [translate(locale, "validation.required")] } }, 422);
    if (file.size > LISTING_IMAGE_MAX_BYTES)
      return c.json(
        {
          errors: {
            image: [
              translate(locale, "listings.errors.imageTooLarge", {
                mb: LISTING_IMAGE_MAX_BYTES / 1024 / 1024,
              }),
            ],
          },
        },
        422,
      );
    const result = await c
      .get("services")
      .listings.stageImage(user(c).id, new Uint8Array(await file.arrayBuffer()), locale);
    if (result.status === "limited") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ errors: result.errors }, 429);
    }
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    const { token, url, width, height } = result.image;
    return c.json({ data: { token, url, width, height } }, 201);
  },
);

listingsApi.openapi(
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
              "all; active; pending (draft, awaiting payment, scheduled); ended (ended, expired); sold; cancelled (cancelled, rejected)",
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
      .listings.myListings(user(c).id, { filter: query.filter as never, page: query.page }, c.get("locale"));
    const { items, ...meta } = result;
    return c.json({ data: items, meta }, 200);
  },
);

listingsApi.openapi(
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
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "refused") return refusal(c, result);
    return c.json(data(result.listing), 201);
  },
);

listingsApi.openapi(
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

listingsApi.openapi(
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
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    return c.json(data(result.listing), 200);
  },
);

listingsApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/{id}/cancel",
    tags: ["listings"],
    summary: "Withdraws a listing nobody has bid on (a bid is binding, so not after one)",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: IdParam }) },
    responses: {
      200: jsonContent(z.object({ data: Listing }), "Cancelled"),
      401: errorResponses[401],
      404: notFound,
      409: conflict,
    },
  }),
  async (c) => {
    const result = await c.get("services").listings.cancel(user(c), c.req.valid("param").id, c.get("locale"));
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    return c.json(data(result.listing), 200);
  },
);

listingsApi.openapi(
  createRoute({
    method: "post",
    path: "/me/advertisements/{id}/relist",
    tags: ["listings"],
    summary:
      "Lists an unsold listing again (ended without a winner, expired unpaid, or cancelled) as a new listing: the same item, prices, duration and photos, new dates, its own fee; once per listing. The old one stays as it was",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: IdParam }) },
    responses: {
      201: jsonContent(z.object({ data: Listing }), "The new listing"),
      401: errorResponses[401],
      403: refused403,
      404: notFound,
      409: conflict,
    },
  }),
  async (c) => {
    const result = await c.get("services").listings.relist(user(c), c.req.valid("param").id, c.get("locale"));
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused")
      return result.conflict ? c.json({ message: result.message }, 409) : refusal(c, result);
    return c.json(data(result.listing), 201);
  },
);

listingsApi.openapi(
  createRoute({
    method: "post",
    path: "/products/{id}/contact",
    tags: ["listings"],
    summary:
      'Write to the seller (a classified) or answer a demand ad ("I have this"): opens the conversation about the product between the caller and its seller, or finds the existing one, with the caller\'s first message if given',
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: IdParam }),
      body: {
        required: false,
        content: {
          "application/json": {
            schema: z.object({
              message: z
                .string()
                .max(CONTACT_MESSAGE_MAX * 2)
                .nullish(),
            }),
          },
        },
      },
    },
    responses: {
      200: jsonContent(
        z.object({ data: z.object({ threadId: z.number().int(), created: z.boolean() }) }),
        "The conversation",
      ),
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such product, or not one of a seller's"),
      409: jsonContent(MessageBody, "The caller's own product"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const body = (await json(c)) as { message?: unknown };
    const message = typeof body?.message === "string" ? body.message : null;
    const result = await c
      .get("services")
      .listings.contactSeller(user(c).id, c.req.valid("param").id, message, c.get("locale"));
    if (result.status === "not_found") return c.json(notFoundBody(c), 404);
    if (result.status === "refused") return c.json({ message: result.message }, 409);
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    return c.json({ data: { threadId: result.threadId, created: result.created } }, 200);
  },
);
