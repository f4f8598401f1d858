import { z } from "zod";
import { PRODUCT_FORMATS, PRODUCT_STATUSES } from "../contracts/catalog.ts";
import { BRAND_NAME_MAX, ListingInputSchema } from "./listing.ts";

/**
 * The back office's catalogue forms (docs/product/back-office.md, "Catalogue"): one schema per
 * input, shared by the pages (Conform) and the API (/api/admin/catalog/...). Rules that need the
 * database (the parent exists, no cycle, at most 5 levels, the brand name is free) are the
 * listings module's (server/modules/listings/admin).
 */

const MAX_INT = 2_147_483_647;
export const SLUG_MAX = 80;
export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 5000;
export const PACKAGE_NAME_MAX = 60;

/** Lower-case letters, digits and single hyphens between them: what a URL segment may hold. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const id = z.coerce.number().int().positive().max(MAX_INT);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** Empty means none: the English texts fall back to Czech. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const slug = z.string().trim().min(1).max(SLUG_MAX).regex(SLUG, "adminCatalog.errors.slug");
const optionalSlug = slug.nullish().transform((value) => value || null);

export const CategoryFieldsSchema = z.object({
  nameCs: requiredText(CATEGORY_NAME_MAX),
  nameEn: optionalText(CATEGORY_NAME_MAX),
  slugCs: slug,
  slugEn: optionalSlug,
  descriptionCs: optionalText(CATEGORY_DESCRIPTION_MAX),
  descriptionEn: optionalText(CATEGORY_DESCRIPTION_MAX),
  isActive: z.boolean().default(false),
  /** New listings in it wait for a moderator (docs/product/moderation.md). */
  premoderated: z.boolean().default(false),
});
export type CategoryFields = z.output<typeof CategoryFieldsSchema>;

/**
 * A partial change of a category (PATCH): only the fields sent change, each by the same rule as in
 * the whole form; a switch left out stays as it is (no default).
 */
export const CategoryPatchSchema = CategoryFieldsSchema.extend({
  isActive: z.boolean(),
  premoderated: z.boolean(),
}).partial();
export type CategoryPatch = z.output<typeof CategoryPatchSchema>;

/** A new category: at the root when no parent is given. */
export const NewCategorySchema = CategoryFieldsSchema.extend({ parentId: id.nullish() });
export type NewCategory = z.output<typeof NewCategorySchema>;

/** Moves a category (with its whole branch) under another parent, or to the root. */
export const MoveCategorySchema = z.object({ parentId: id.nullish().transform((value) => value ?? null) });

/** One step up or down among its siblings (categories, packages). */
export const ReorderSchema = z.object({ direction: z.enum(["up", "down"]) });
export type Direction = z.output<typeof ReorderSchema>["direction"];

export const BrandRenameSchema = z.object({ name: requiredText(BRAND_NAME_MAX) });

/** Two spellings of one brand: the duplicate's products go to the survivor, the duplicate goes. */
export const BrandMergeSchema = z
  .object({ survivorId: id, duplicateId: id })
  .refine((value) => value.survivorId !== value.duplicateId, {
    message: "adminCatalog.errors.mergeSame",
    path: ["duplicateId"],
  });

export const PackageSchema = z.object({
  nameCs: requiredText(PACKAGE_NAME_MAX),
  nameEn: optionalText(PACKAGE_NAME_MAX),
});

/** The seller's own rules of the fields staff may correct (core/schemas/listing.ts). */
const seller = ListingInputSchema.shape;

/**
 * An English text: empty (or only spaces) means none, and the page falls back to the Czech one;
 * given, it follows the same rule as the Czech text.
 */
const optionalLike = <T extends z.ZodType>(rule: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    rule.nullish().transform((value) => value ?? null),
  );

/**
 * What staff may correct on any listing; never its prices, dates or status. The same rules as the
 * seller's own submission (ListingInputSchema: name and description lengths, the description's
 * cleaning, a package chosen), so staff cannot store what a seller could not; the category, brand
 * and package must exist and the category be one a listing may be filed in (the listings module).
 */
export const ListingEditSchema = z.object({
  nameCs: seller.name,
  nameEn: optionalLike(seller.name),
  descriptionCs: seller.description,
  descriptionEn: optionalLike(seller.description),
  categoryId: id.meta({
    description:
      "An active category (under active ones) without active subcategories, or any active subcategory: where a seller may file a listing",
  }),
  brandId: id.nullish().transform((value) => value ?? null),
  packageId: seller.packageId.meta({ description: "A package kind (GET /api/admin/catalog/packages)" }),
});
export type ListingEdit = z.output<typeof ListingEditSchema>;

/** The sorts of the back office's listing table. */
export const LISTING_SORTS = ["createdAt", "price"] as const;

/*
 * The back office's pages send several forms to one action; each carries its `intent`, and the
 * action reads them all through one discriminated union (no field read by hand).
 */
const intent = <const T extends string>(name: T) => z.object({ intent: z.literal(name) });

export const CategoryCreateForm = NewCategorySchema.extend(intent("create").shape);
export const CategorySaveForm = CategoryFieldsSchema.extend(intent("save").shape);
export const CategoryMoveForm = MoveCategorySchema.extend(intent("move").shape);
export const CategoryDeleteForm = intent("delete");
export const CategoryPageForm = z.discriminatedUnion("intent", [
  CategoryCreateForm,
  CategorySaveForm,
  CategoryMoveForm,
  CategoryDeleteForm,
]);

/** The tree's and the packages' up and down buttons: which row, which way. */
export const ReorderForm = ReorderSchema.extend({ id }).extend(intent("reorder").shape);

export const BrandRenameForm = BrandRenameSchema.extend({ id }).extend(intent("rename").shape);
export const BrandMergeForm = z
  .object({ survivorId: id, duplicateId: id })
  .extend(intent("merge").shape)
  .refine((value) => value.survivorId !== value.duplicateId, {
    message: "adminCatalog.errors.mergeSame",
    path: ["duplicateId"],
  });
export const BrandPageForm = z.union([BrandRenameForm, BrandMergeForm]);

export const PackageCreateForm = PackageSchema.extend(intent("create").shape);
export const PackageUpdateForm = PackageSchema.extend({ id }).extend(intent("update").shape);
export const PackageDeleteForm = z.object({ id }).extend(intent("delete").shape);
export const PackagePageForm = z.discriminatedUnion("intent", [
  PackageCreateForm,
  PackageUpdateForm,
  PackageDeleteForm,
  ReorderForm,
]);

/** The filters of the back office's listing table, beside its search, sort and page. */
export const ListingFiltersSchema = z.object({
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  format: z.enum(PRODUCT_FORMATS).optional().catch(undefined),
  categoryId: z.coerce.number().int().positive().max(MAX_INT).optional().catch(undefined),
});

/** The sort keys of the back office's listings table (its API's query; the read side sorts by them). */
export const LISTING_TABLE_SORTS = ["createdAt", "price"] as const;
