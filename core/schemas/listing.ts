import { z } from "zod";
import { AUCTION_DURATIONS, PRODUCT_TYPES } from "../contracts/catalog.ts";
import { ATTRIBUTE_KEY } from "../contracts/listing-attributes.ts";
import { ListingEvidenceInputSchema } from "./listing-evidence.ts";

/**
 * A listing as the seller submits it: the API's JSON body (POST/PUT /api/me/advertisements) and,
 * through the form's schema (listing-form.ts), the add and edit pages. Messages are i18n keys (see
 * core/validation/field-errors.ts). Rules that need the database or the clock (the category
 * exists, the subcategory lies under the category, the activation date is ahead, what is locked
 * after the first bid) are the service's (server/modules/listings/submission/resolve.ts).
 */

const MAX_INT = 2_147_483_647;
/** 100 million CZK in minor units: far above any bottle, far below what a bigint column holds. */
export const MAX_PRICE_MINOR = 10_000_000_000;
export const NAME_MIN = 3;
export const NAME_MAX = 120;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
/** A brand's name as shown (server/modules/catalog/brand.ts cleans and keys it). */
export const BRAND_NAME_MAX = 80;
export const LISTING_IMAGES_MAX = 12;

const UPLOAD_TOKEN = /^upl_([0-9a-f]{32})$/;

/** A staged upload's token (`upl_` and 32 hex digits), as the upload endpoint hands it out. */
export function isUploadToken(value: unknown): value is string {
  return typeof value === "string" && UPLOAD_TOKEN.test(value);
}

/** The random part of an upload token (the staged file's name), or null for anything else. */
export function uploadTokenHex(token: string): string | null {
  return UPLOAD_TOKEN.exec(token)?.[1] ?? null;
}

export const CHOOSE = "listings.errors.chooseValue";

const id = (description: string) =>
  z.number({ error: CHOOSE }).int(CHOOSE).positive(CHOOSE).max(MAX_INT, CHOOSE).meta({ description });

const money = (description: string) =>
  z
    .number({ error: "listings.errors.price" })
    .int("listings.errors.price")
    .positive("listings.errors.pricePositive")
    .max(MAX_PRICE_MINOR, "listings.errors.priceTooHigh")
    .meta({ description });

/**
 * Plain text with paragraphs: line ends made \n, spaces at line ends and runs of blank lines beyond
 * one dropped, control characters other than the line end removed. Stored as typed otherwise; the
 * pages escape it and split it into paragraphs at blank lines (never HTML).
 */
export function cleanDescription(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n\t]/gu, "")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** An existing image of the listing (its id) or a staged upload (its `upl_` token). */
export const ImageRef = z.union([
  z.number().int().positive().max(MAX_INT),
  z.string().refine(isUploadToken, "listings.errors.imageUnknown"),
]);
export type ImageRef = z.infer<typeof ImageRef>;

type ListingRules = {
  type: string;
  format?: string | null;
  priceMinor: number | null;
  reservePriceMinor?: number | null;
  buyNowPriceMinor?: number | null;
  images: ImageRef[];
  duration?: string | null;
};

/**
 * A supply ad with a price is an auction starting at it, unless it is sold at that fixed price as a
 * classified (`format: "classified"`, issue 35: bought with "Koupit"); without a price, and a
 * demand ad always, it is a classified.
 */
export function isAuctionInput(input: { type: string; format?: string | null; priceMinor: number | null }) {
  return input.type === "supply" && input.priceMinor !== null && input.format !== "classified";
}

/** What one field cannot see alone: the photos once each, the auction's length, the reserve. */
function checkListing(input: ListingRules, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const ref of input.images) {
    const key = String(ref);
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["images"], message: "validation.duplicate" });
    seen.add(key);
  }
  const auction = isAuctionInput(input);
  if (auction && !input.duration) ctx.addIssue({ code: "custom", path: ["duration"], message: CHOOSE });
  if (input.reservePriceMinor != null) {
    if (!auction)
      ctx.addIssue({
        code: "custom",
        path: ["reservePriceMinor"],
        message: "listings.errors.reserveAuctionOnly",
      });
    else if (input.reservePriceMinor <= (input.priceMinor ?? 0))
      ctx.addIssue({
        code: "custom",
        path: ["reservePriceMinor"],
        message: "listings.errors.reserveBelowStart",
      });
  }
  // The lowest buy-it-now price depends on a setting: the server checks it (resolve.ts).
  if (input.buyNowPriceMinor != null) {
    if (!auction)
      ctx.addIssue({
        code: "custom",
        path: ["buyNowPriceMinor"],
        message: "listings.errors.buyNowAuctionOnly",
      });
    else if (input.buyNowPriceMinor <= (input.priceMinor ?? 0))
      ctx.addIssue({
        code: "custom",
        path: ["buyNowPriceMinor"],
        message: "listings.errors.buyNowBelowStart",
      });
  }
}

export const ListingInputSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES, { error: CHOOSE }).meta({
      description: "supply: I sell (nabídka); demand: I want to buy (poptávka, always a classified)",
    }),
    format: z.enum(["auction", "classified"], { error: CHOOSE }).nullish().meta({
      description:
        "Supply with a price: auction (the default, starting at the price) or classified (sold at the fixed price, may be bought through the site)",
    }),
    categoryId: id("A top-level category"),
    subcategoryId: id("A category anywhere under categoryId; required when categoryId has any").nullish(),
    brand: z
      .string()
      .max(BRAND_NAME_MAX * 2, "validation.invalid")
      .nullish()
      .meta({
        description:
          "A brand's name: an existing one (matched regardless of case and accents) or a new one, added on save",
      }),
    packageId: id("A package kind (GET /api/me/advertisements/options)"),
    name: z.string().trim().min(1, { abort: true }).min(NAME_MIN).max(NAME_MAX),
    priceMinor: money(
      "CZK minor units. Supply with a price: an auction starting at it, or with format classified the fixed price; null (by agreement, dohodou): a classified. Demand: what the buyer offers, or null",
    ).nullable(),
    reservePriceMinor: money(
      "Auctions only: a hidden minimum above the start price; below it the auction ends unsold",
    ).nullish(),
    buyNowPriceMinor: money(
      "Auctions only: the buy-it-now price, at least the start price plus the `buyNow` setting's percentage (and not below the reserve); offered until the first bid, or by the setting until the reserve is met",
    ).nullish(),
    description: z
      .string()
      .transform(cleanDescription)
      .pipe(z.string().min(1, { abort: true }).min(DESCRIPTION_MIN).max(DESCRIPTION_MAX))
      .meta({ description: "Plain text; a blank line starts a new paragraph. No HTML." }),
    images: z
      .array(ImageRef, { error: "listings.errors.imageRequired" })
      .min(1, "listings.errors.imageRequired")
      .max(LISTING_IMAGES_MAX, "listings.errors.imagesTooMany")
      .meta({
        description:
          "In display order, the first is the main picture: upload tokens from POST /api/me/advertisements/images, and on edit the ids of the listing's images to keep",
      }),
    activationAt: z.iso
      .datetime({ offset: true, error: "listings.errors.activationDate" })
      .nullish()
      .meta({ description: "ISO instant the listing goes live; null or absent: now" }),
    duration: z
      .enum(AUCTION_DURATIONS, { error: CHOOSE })
      .nullish()
      .meta({ description: "Auctions: week (7 days) or month (ends at the monthly round's close)" }),
    evidence: ListingEvidenceInputSchema.nullish(),
    attributes: z
      .record(
        z.string().regex(ATTRIBUTE_KEY, "validation.invalid"),
        z.union([z.string().max(400, "validation.invalid"), z.number(), z.boolean(), z.null()]),
      )
      .nullish()
      .meta({
        description:
          "The category's structured attributes by key (GET /api/categories/{id}/attributes lists them): age_years 12, abv 41.3, bottler \"Gordon & MacPhail\"... Checked against the category's definitions; absent on edit: the stored values stay.",
      }),
  })
  .superRefine(checkListing);

export type ListingInput = z.infer<typeof ListingInputSchema>;

/** A listing's id as a form posts it; anything else is no listing of the user's (a 404). */
const listingId = z.number().int().catch(0);

/** The row actions of My listings (and the confirmation page's "pay the fee"), by their button. */
export const ListingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), id: listingId }),
  z.object({ intent: z.literal("relist"), id: listingId }),
  z.object({ intent: z.literal("pay"), id: listingId }),
]);

/** A promotion's length in days; the range (the price list's, cut at the listing's end) is the service's. */
export const PromotionSchema = z.object({ days: z.number().int() });

/** A message to a listing's seller ("write to the seller", "I have this"). */
export const CONTACT_MESSAGE_MAX = 2000;

/** The message as stored: the description's text rules (paragraphs kept, control characters out). */
const contactMessage = z
  .string()
  .transform(cleanDescription)
  .pipe(z.string().min(1).max(CONTACT_MESSAGE_MAX));

/** "Write to the seller" from the product page. */
export const ContactSellerSchema = z.object({ message: contactMessage });

/** "Write to the seller" from a profile: which of the user's listings it is about, and the message. */
export const ContactUserSchema = z.object({
  productId: z.number({ error: "validation.required" }).int(),
  message: contactMessage,
});
