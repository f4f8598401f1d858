import { z } from "zod";
import type { FieldErrors } from "../contracts/errors.ts";
import { formatCrownsInput, parseCrowns } from "../money/crowns-input.ts";
import { fromPragueLocalInput, toPragueLocalInput } from "../time/prague.ts";
import { type DealTermsFormValues, DealTermsFormValuesSchema } from "./deal-terms-form.ts";
import { type ListingInput, ListingInputSchema } from "./listing.ts";
import {
  type EvidenceFormValues,
  EvidenceFormValuesSchema,
  evidenceFormFieldOf,
  evidenceFromForm,
} from "./listing-evidence.ts";

/**
 * The add and edit pages' form, read by the same rules as the API (ListingInputSchema): the fields
 * as the browser posts them are turned into the API's input (prices typed in crowns become minor
 * units through the one money parser, the activation's Prague wall-clock time an instant, "by
 * agreement" a null price), the input is checked by the API's schema, and every problem lands on
 * the field the seller typed it in. The values keep their strings, so a refused submit shows
 * exactly what was typed.
 */

/** Text as posted; an empty field (which Conform reads as absent) is "". */
const text = z.string().default("");

/** The form's fields as typed: what a refused submit shows again. */
const ListingFieldsSchema = z.object({
  type: z.string().default("supply"),
  category: text,
  subcategory: text,
  brand: text,
  package: text,
  name: text,
  /**
   * "price": a price (a supply ad with one is an auction from it); "fixed": a supply ad's fixed
   * price (a classified, bought with "Koupit" when it opts in); "agreement": by agreement (dohodou).
   */
  priceMode: z.string().default("price"),
  price: text,
  reservePrice: text,
  buyNowPrice: text,
  description: text,
  /** Image refs in display order: ids of stored images, `upl_` tokens of uploads. */
  images: z.preprocess(
    (value) => [value ?? []].flat().filter((ref) => typeof ref === "string" && ref !== ""),
    z.array(z.string()),
  ),
  /** "now" or "later" (then activationLocal, Prague time). */
  activation: z.string().default("now"),
  activationLocal: text,
  duration: text,
  /**
   * The category's structured attributes by key (`attributes.age_years`: Conform reads the dotted
   * names into this record); checked by the service against the category's definitions.
   */
  attributes: z.preprocess(
    (value) => (value && typeof value === "object" && !Array.isArray(value) ? value : {}),
    z.record(
      z.string(),
      z.preprocess((item) => (typeof item === "string" ? item : ""), z.string()),
    ),
  ),
});

/**
 * The fields with the deal terms' section (deal-terms-form.ts), kept with the rest so that a
 * refused submit and the preview carry them; the page's action reads them. Optional in the type:
 * a form without the section (deals through the site off) has none.
 */
export const ListingFormValuesSchema = ListingFieldsSchema.extend(DealTermsFormValuesSchema.shape).extend(
  EvidenceFormValuesSchema.shape,
);
export type ListingFormValues = z.infer<typeof ListingFieldsSchema> &
  Partial<DealTermsFormValues> &
  Partial<EvidenceFormValues>;
/** The listing's own fields, as the form's sections read them. */
export type ListingFieldValues = z.infer<typeof ListingFieldsSchema>;

/** A new listing: an auction offer of a week, started at once. */
export const EMPTY_LISTING_FORM: ListingFormValues = {
  ...ListingFormValuesSchema.parse({}),
  duration: "week",
};

/** The form's field of an input field: the API's names where the form says it its own way. */
const FORM_FIELDS: Record<string, string> = {
  categoryId: "category",
  subcategoryId: "subcategory",
  packageId: "package",
  priceMinor: "price",
  reservePriceMinor: "reservePrice",
  buyNowPriceMinor: "buyNowPrice",
  activationAt: "activationLocal",
};

/** The form field an input's problem belongs to (`images.3` is the photos' field). */
export function listingFormField(inputField: string): string {
  // An attribute's problem stays under its own field (`attributes.age_years`).
  if (inputField.startsWith("attributes.")) return inputField;
  const evidence = evidenceFormFieldOf(inputField);
  if (evidence) return evidence;
  const head = inputField.split(".")[0];
  return FORM_FIELDS[head] ?? head;
}

/** The service's field errors (under the input's names) under the form's field names. */
export function listingFormErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = listingFormField(field);
    out[name] = [...new Set([...(out[name] ?? []), ...messages])];
  }
  return out;
}

const idOrNull = (value: string) => {
  if (value.trim() === "") return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : -1;
};

/**
 * The API input for the form's values; what only the form can get wrong (a price that is not a
 * number, a start price missing, the activation date missing) is reported under its field.
 */
function toListingInput(values: ListingFormValues, ctx: z.RefinementCtx) {
  const problem = (field: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [field], message });
  const money = (field: string, raw: string) => {
    const parsed = parseCrowns(raw);
    if (parsed !== "invalid") return parsed;
    problem(field, "listings.errors.price");
    return null;
  };
  const byAgreement = values.priceMode === "agreement";
  const fixed = values.type !== "demand" && values.priceMode === "fixed";
  const priceMinor = byAgreement ? null : money("price", values.price);
  // A supply ad with a price is an auction or a fixed price; it is required, or the seller meant "by agreement".
  if (!byAgreement && priceMinor === null && parseCrowns(values.price) === null && values.type !== "demand")
    problem("price", "validation.required");
  const auction = values.type !== "demand" && !byAgreement && !fixed;
  const evidence = evidenceFromForm(values);
  let activationAt: string | null = null;
  if (values.activation === "later") {
    const at = fromPragueLocalInput(values.activationLocal);
    if (!at) problem("activationLocal", "listings.errors.activationDate");
    else activationAt = at.toISOString();
  }
  return {
    type: values.type || undefined,
    format: fixed ? ("classified" as const) : null,
    categoryId: idOrNull(values.category) ?? undefined,
    subcategoryId: idOrNull(values.subcategory),
    brand: values.brand,
    packageId: idOrNull(values.package) ?? undefined,
    name: values.name,
    priceMinor,
    reservePriceMinor: auction ? money("reservePrice", values.reservePrice) : null,
    buyNowPriceMinor: auction ? money("buyNowPrice", values.buyNowPrice) : null,
    description: values.description,
    // The evidence's photos (a spirit's slots) are the listing's photos too, after the others.
    images: [
      ...new Set([...values.images.map((ref) => (/^\d+$/.test(ref) ? Number(ref) : ref)), ...evidence.refs]),
    ],
    activationAt,
    duration: auction ? values.duration || undefined : null,
    evidence: evidence.evidence,
    attributes: values.attributes,
  };
}

/** The form's values checked by the API's rules: the input, or the problems under the form's fields. */
function checkedInput(values: ListingFormValues, ctx: z.RefinementCtx): ListingInput {
  const input = toListingInput(values, ctx);
  const checked = ListingInputSchema.safeParse(input);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues)
    ctx.addIssue({ ...issue, path: [listingFormField(issue.path.map(String).join("."))] } as never);
  return z.NEVER;
}

/** The listing's fields, checked: the input the service takes. */
export const ListingFormSchema = ListingFormValuesSchema.transform(checkedInput);

/** The photos picked without scripts: posted with the form, staged by the page's action. */
export const ListingUploadsSchema = z.object({
  newImages: z.preprocess(
    (value) => [value ?? []].flat().filter((file) => file instanceof File && file.size > 0),
    z.array(z.instanceof(File)),
  ),
});

/**
 * The add page: the form goes to the preview ("preview", also an Enter in a field), the preview
 * either back to the form ("back": the values as they were, unchecked) or on ("submit").
 */
export const AddListingFormSchema = z.discriminatedUnion("intent", [
  ListingFormValuesSchema.extend({ intent: z.literal("back") }),
  ListingFormValuesSchema.extend({ intent: z.enum(["preview", "submit"]).optional() }).transform(
    (values, ctx) => ({ intent: values.intent ?? "preview", input: checkedInput(values, ctx) }),
  ),
]);

/** The edit page: the listing saved ("save", also an Enter in a field) or cancelled ("cancel"). */
export const EditListingFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  ListingFormValuesSchema.extend({ intent: z.literal("save").optional() }).transform((values, ctx) => ({
    intent: "save" as const,
    input: checkedInput(values, ctx),
  })),
]);

const fixedPriceInput = (input: { type: string; format?: string | null }) =>
  input.type === "supply" && input.format === "classified";

/** The form's values for a stored listing (the edit page). */
export function listingFormFromInput(
  input: {
    type: string;
    format?: string | null;
    categoryId: number;
    subcategoryId?: number | null;
    brand?: string | null;
    packageId: number;
    name: string;
    priceMinor: number | null;
    reservePriceMinor?: number | null;
    buyNowPriceMinor?: number | null;
    description: string;
    images: (number | string)[];
    activationAt?: string | null;
    duration?: string | null;
  },
  attributes: Record<string, string> = {},
): ListingFormValues {
  return {
    type: input.type,
    category: String(input.categoryId),
    subcategory: input.subcategoryId ? String(input.subcategoryId) : "",
    brand: input.brand ?? "",
    package: input.packageId ? String(input.packageId) : "",
    name: input.name,
    priceMode: input.priceMinor === null ? "agreement" : fixedPriceInput(input) ? "fixed" : "price",
    price: formatCrownsInput(input.priceMinor),
    reservePrice: formatCrownsInput(input.reservePriceMinor),
    buyNowPrice: formatCrownsInput(input.buyNowPriceMinor),
    description: input.description,
    images: input.images.map(String),
    activation: input.activationAt ? "later" : "now",
    activationLocal: input.activationAt ? toPragueLocalInput(new Date(input.activationAt)) : "",
    duration: input.duration ?? "week",
    attributes,
  };
}
