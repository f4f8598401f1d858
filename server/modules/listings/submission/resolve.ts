import type { FieldProblems, Problem } from "#core/contracts/errors.ts";
import type { Locale, MessageKey } from "#core/i18n/index.ts";
import { buyNowFieldProblem } from "#core/rules/buy-now.ts";
import { isAuctionInput, type ListingInput, ListingInputSchema } from "#core/schemas/listing.ts";
import { BUY_NOW_DEFAULTS, SETTING_SPECS } from "#core/schemas/settings.ts";
import { issuesToFieldProblems, problem } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import {
  BRAND_NAME_MAX,
  brandByName,
  cleanBrandName,
  descendants,
  loadCategories,
  packageById,
} from "#server/modules/catalog/index.ts";
import type { ListingsContext } from "../context.ts";
import { addError, invalid } from "../outcomes.ts";
import type { ListingInvalid, ListingUser, ResolvedListing } from "../types.ts";

/** How far ahead a seller may plan the activation. */
export const MAX_ACTIVATION_AHEAD_MS = 90 * 24 * 3600 * 1000;
/** An activation date this close to now (the form's clock, a slow submit) counts as now. */
const ACTIVATION_SLACK_MS = 5 * 60 * 1000;

/** The edited listing: its images may be kept, its activation date may stay as it was. */
export type ExistingListing = { id: number; imageIds: number[]; activationAt: string | null };

/** A key and its values as a problem (core/validation problem()): the page says it. */
type Translate = (key: MessageKey, params?: Record<string, string | number>) => Problem;

/** The category chosen: a top-level one, and the subcategory when it has any (the stored one). */
async function resolveCategory(
  db: Db,
  input: ListingInput,
  locale: Locale,
  errors: FieldProblems,
  t: Translate,
) {
  const rows = await loadCategories(db, locale);
  const root = rows.find((row) => row.id === input.categoryId && row.depth === 1);
  let categoryId = input.categoryId;
  let categoryPath: string[] = [];
  if (!root) addError(errors, "categoryId", t("listings.errors.chooseValue"));
  else {
    categoryPath = [root.name];
    const below = descendants(root.id, rows);
    if (input.subcategoryId != null) {
      const sub = below.find((row) => row.id === input.subcategoryId);
      if (!sub) addError(errors, "subcategoryId", t("listings.errors.chooseValue"));
      else {
        categoryId = sub.id;
        categoryPath = [root.name, ...sub.path];
      }
    } else if (below.length > 0) addError(errors, "subcategoryId", t("listings.errors.chooseValue"));
  }
  return { categoryId, categoryPath };
}

async function resolvePackage(db: Db, input: ListingInput, errors: FieldProblems, t: Translate) {
  const pkg = (await packageById(db, input.packageId)) ?? undefined;
  if (!pkg) addError(errors, "packageId", t("listings.errors.chooseValue"));
  return pkg;
}

/** A known brand by its key, or a new one to add on save; null without a brand. */
async function resolveBrand(db: Db, input: ListingInput, errors: FieldProblems, t: Translate) {
  const brandName = cleanBrandName(input.brand ?? "");
  if (brandName.length > BRAND_NAME_MAX) {
    addError(errors, "brand", t("validation.max", { length: BRAND_NAME_MAX }));
    return null;
  }
  if (brandName.length === 0) return null;
  const found = await brandByName(db, brandName);
  return found ?? { id: null, name: brandName };
}

/** Every image is one the listing has, or one the user staged. */
async function checkImages(
  ctx: Pick<ListingsContext, "images">,
  userId: number,
  input: ListingInput,
  existing: ExistingListing | undefined,
  errors: FieldProblems,
  t: Translate,
) {
  const kept = new Set(existing?.imageIds ?? []);
  for (const ref of input.images) {
    const ok = typeof ref === "number" ? kept.has(ref) : await ctx.images.hasStaged(userId, ref);
    if (!ok) {
      addError(errors, "images", t("listings.errors.imageUnknown"));
      break;
    }
  }
}

/** The activation date: null for now, the stored one when unchanged, else a date up to 90 days ahead. */
function resolveActivation(
  input: ListingInput,
  existing: ExistingListing | undefined,
  now: Date,
  errors: FieldProblems,
  t: Translate,
): Date | null {
  const unchanged =
    existing?.activationAt != null &&
    input.activationAt != null &&
    Math.abs(new Date(input.activationAt).getTime() - new Date(existing.activationAt).getTime()) < 1000;
  if (unchanged) return new Date(existing.activationAt!);
  if (!input.activationAt) return null;
  const at = new Date(input.activationAt);
  const current = now.getTime();
  if (at.getTime() < current - ACTIVATION_SLACK_MS)
    addError(errors, "activationAt", t("listings.errors.activationPast"));
  else if (at.getTime() > current + MAX_ACTIVATION_AHEAD_MS)
    addError(errors, "activationAt", t("listings.errors.activationTooFar", { days: 90 }));
  else if (at.getTime() > current + ACTIVATION_SLACK_MS) return at;
  return null;
}

/**
 * Checks an input beyond its schema: the category tree, the package, the brand, the images'
 * ownership and the activation date. `existing` is the edited listing (its images may be kept).
 */
export async function resolveListing(
  ctx: Pick<ListingsContext, "db" | "images" | "now" | "evidence" | "attributes" | "settings">,
  user: ListingUser,
  raw: unknown,
  locale: Locale,
  existing?: ExistingListing,
): Promise<{ listing: ResolvedListing; input: ListingInput } | ListingInvalid> {
  const parsed = ListingInputSchema.safeParse(raw ?? {});
  if (!parsed.success) return invalid(issuesToFieldProblems(parsed.error.issues));
  const input = parsed.data;
  const errors: FieldProblems = {};
  const t: Translate = problem;
  const { categoryId, categoryPath } = await resolveCategory(ctx.db, input, locale, errors, t);
  const pkg = await resolvePackage(ctx.db, input, errors, t);
  const brand = await resolveBrand(ctx.db, input, errors, t);
  await checkImages(ctx, user.id, input, existing, errors, t);
  const activationAt = resolveActivation(input, existing, ctx.now(), errors, t);
  const auction = isAuctionInput(input);
  const format = auction ? ("auction" as const) : ("classified" as const);
  const reservePriceMinor = auction ? (input.reservePriceMinor ?? null) : null;
  const buyNowPriceMinor = auction ? (input.buyNowPriceMinor ?? null) : null;
  const buyNowProblem =
    buyNowPriceMinor === null
      ? null
      : buyNowFieldProblem(
          { buyNowPriceMinor, startPriceMinor: input.priceMinor, reservePriceMinor },
          SETTING_SPECS.buyNow.schema.safeParse(await ctx.settings.get("buyNow")).data ?? BUY_NOW_DEFAULTS,
          locale,
        );
  if (buyNowProblem) addError(errors, "buyNowPriceMinor", t(buyNowProblem.key, buyNowProblem.values));

  const { priceMinor, images, evidence } = input;
  const subject = { productId: existing?.id ?? null, format, categoryId, priceMinor, reservePriceMinor };
  Object.assign(errors, await ctx.evidence?.check(ctx.db, { ...subject, images, evidence }));
  Object.assign(errors, await ctx.attributes?.check(ctx.db, { categoryId, attributes: input.attributes }));
  if (Object.keys(errors).length > 0 || !pkg) return invalid(errors);
  return {
    input,
    listing: {
      type: input.type,
      format,
      categoryId,
      categoryPath,
      brand,
      packageId: pkg.id,
      packageName: locale === "en" && pkg.nameEn ? pkg.nameEn : pkg.nameCs,
      name: input.name,
      priceMinor: input.priceMinor,
      reservePriceMinor,
      buyNowPriceMinor,
      description: input.description,
      images: input.images,
      activationAt,
      duration: auction ? (input.duration ?? "week") : null,
      evidence: input.evidence,
      attributes: input.attributes,
    },
  };
}
