import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  AUCTION_DURATIONS,
  PRODUCT_FORMATS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
} from "#core/contracts/catalog.ts";
import {
  type ListingRefusalCode,
  type ListingStateCode,
  listingRefusalMessage,
  listingRefusalStatus,
  needsVerification,
  type SellerRefusalCode,
} from "#core/contracts/listing-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ListingInputSchema } from "#core/schemas/listing.ts";
import { idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { MyListing } from "../types.ts";

/** The shapes and answers the seller's listing routes share (their OpenAPI schemas and helpers). */
export const IdParam = idPathParam("The listing's product id");

const Fee = z
  .object({
    baseMinor: z.number().int().openapi({ description: "The price list's fee, CZK minor units" }),
    discountPercent: z.number().int().openapi({ description: "The seller's user group discount" }),
    discountMinor: z.number().int(),
    amountMinor: z.number().int().openapi({ description: "What the seller pays; 0 = free" }),
    paid: z.boolean(),
  })
  .openapi("ListingFee");

export const Listing = z
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

export const FormOptions = z
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

export const notFound = jsonContent(MessageBody, "No such listing of the caller's");
export const refused403 = jsonContent(
  Refusal,
  "E-mail not confirmed, or the free quota (10 listings) used up: `needsVerification` with the verification page",
);
export const conflict = jsonContent(
  MessageBody,
  "Not possible in the listing's state (e.g. cancel after a bid)",
);
export const listingBody = {
  body: {
    required: true,
    content: { "application/json": { schema: ListingInputSchema.meta({ id: "ListingInput" }) } },
  },
} as const;

export const json = (c: Context<AppEnv>) => c.req.json().catch(() => ({}));
export const user = (c: Context<AppEnv>) => c.get("user")!;

/** A refusal of the seller (403; the used-up quota with the verification page that lifts it). */
export function refusal(c: Context<AppEnv>, code: SellerRefusalCode) {
  const message = listingRefusalMessage(c.get("locale"), code);
  return c.json(
    needsVerification(code)
      ? { message, needsVerification: true, verificationUrl: localePath("accountVerified", c.get("locale")) }
      : { message },
    403,
  );
}

/** A refusal of the listing's state (409). */
export const conflictBody = (c: Context<AppEnv>, code: ListingStateCode) => ({
  message: listingRefusalMessage(c.get("locale"), code),
});

/** Whether a refusal is the seller's (403) rather than the listing state's (409). */
export const isSellerRefusal = (code: ListingRefusalCode): code is SellerRefusalCode =>
  listingRefusalStatus(code) === 403;

export const notFoundBody = (c: Context<AppEnv>) => ({
  message: translate(c.get("locale"), "errors.notFound"),
});
export const data = (listing: MyListing) => ({ data: listing });
