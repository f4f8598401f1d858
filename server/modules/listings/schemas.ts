// zod as extended by @hono/zod-openapi, so that the API can document these schemas (.openapi).
import { z } from "@hono/zod-openapi";
import { BRAND_NAME_MAX } from "./brand.ts";
import { isUploadToken, LISTING_IMAGES_MAX } from "./images.ts";
import { AUCTION_DURATIONS, PRODUCT_TYPES } from "./tables/products.ts";

/**
 * A listing as the seller submits it, for the add and edit pages (through their form adapter,
 * app/components/listings/form-data.ts) and the API alike. Messages are i18n keys (see
 * issuesToFieldErrors). Rules that need the database or the clock (the category exists, the
 * subcategory lies under the category, the activation date is ahead, what is locked after the
 * first bid) are the service's.
 */

const MAX_INT = 2_147_483_647;
/** 100 million CZK in minor units: far above any bottle, far below what a bigint column holds. */
export const MAX_PRICE_MINOR = 10_000_000_000;
export const NAME_MIN = 3;
export const NAME_MAX = 120;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;

const CHOOSE = "listings.errors.chooseValue";

const id = (description: string) =>
  z.number({ error: CHOOSE }).int(CHOOSE).positive(CHOOSE).max(MAX_INT, CHOOSE).openapi({ description });

const money = (description: string) =>
  z
    .number({ error: "listings.errors.price" })
    .int("listings.errors.price")
    .positive("listings.errors.pricePositive")
    .max(MAX_PRICE_MINOR, "listings.errors.priceTooHigh")
    .openapi({ description });

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

export const ListingInputSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES, { error: CHOOSE }).openapi({
      description: "supply: I sell (nabídka); demand: I want to buy (poptávka, always a classified)",
    }),
    categoryId: id("A top-level category"),
    subcategoryId: id("A category anywhere under categoryId; required when categoryId has any").nullish(),
    brand: z
      .string()
      .max(BRAND_NAME_MAX * 2, "validation.invalid")
      .nullish()
      .openapi({
        description:
          "A brand's name: an existing one (matched regardless of case and accents) or a new one, added on save",
      }),
    packageId: id("A package kind (GET /api/me/advertisements/options)"),
    name: z.string().trim().min(1, { abort: true }).min(NAME_MIN).max(NAME_MAX),
    priceMinor: money(
      "CZK minor units. Supply with a price: an auction starting at it; null (by agreement, dohodou): a classified. Demand: what the buyer offers, or null",
    ).nullable(),
    reservePriceMinor: money(
      "Auctions only: a hidden minimum above the start price; below it the auction ends unsold",
    ).nullish(),
    description: z
      .string()
      .transform(cleanDescription)
      .pipe(z.string().min(1, { abort: true }).min(DESCRIPTION_MIN).max(DESCRIPTION_MAX))
      .openapi({ description: "Plain text; a blank line starts a new paragraph. No HTML." }),
    images: z
      .array(ImageRef, { error: "listings.errors.imageRequired" })
      .min(1, "listings.errors.imageRequired")
      .max(LISTING_IMAGES_MAX, "listings.errors.imagesTooMany")
      .openapi({
        description:
          "In display order, the first is the main picture: upload tokens from POST /api/me/advertisements/images, and on edit the ids of the listing's images to keep",
      }),
    activationAt: z.iso
      .datetime({ offset: true, error: "listings.errors.activationDate" })
      .nullish()
      .openapi({ description: "ISO instant the listing goes live; null or absent: now" }),
    duration: z
      .enum(AUCTION_DURATIONS, { error: CHOOSE })
      .nullish()
      .openapi({ description: "Auctions: week (7 days) or month (ends at the monthly round's close)" }),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    for (const ref of input.images) {
      const key = String(ref);
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["images"], message: "validation.duplicate" });
      seen.add(key);
    }
    const auction = input.type === "supply" && input.priceMinor !== null;
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
  })
  .openapi("ListingInput");

export type ListingInput = z.infer<typeof ListingInputSchema>;
