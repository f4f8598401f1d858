import type { MessageKey } from "#core/i18n/index.ts";
import { formatCrownsInput, parseCrowns } from "#core/money/crowns-input.ts";
import { fromPragueLocalInput, toPragueLocalInput } from "#core/time/prague.ts";

/**
 * The add and edit forms as the browser posts them, and their translation into the listing input
 * the API takes (server/modules/listings/schemas.ts): prices typed in crowns become minor units,
 * the activation's Prague wall-clock time an instant, "by agreement" a null price. The form keeps
 * its own strings, so a refused submit shows exactly what the seller typed.
 */

export type ListingFormValues = {
  type: string;
  category: string;
  subcategory: string;
  brand: string;
  package: string;
  name: string;
  /** "price": a price (a supply ad with one is an auction); "agreement": by agreement (dohodou). */
  priceMode: string;
  price: string;
  reservePrice: string;
  description: string;
  /** Image refs in display order: ids of stored images, `upl_` tokens of uploads. */
  images: string[];
  /** "now" or "later" (then activationLocal, Prague time). */
  activation: string;
  activationLocal: string;
  duration: string;
};

export const EMPTY_LISTING_FORM: ListingFormValues = {
  type: "supply",
  category: "",
  subcategory: "",
  brand: "",
  package: "",
  name: "",
  priceMode: "price",
  price: "",
  reservePrice: "",
  description: "",
  images: [],
  activation: "now",
  activationLocal: "",
  duration: "week",
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function readListingForm(form: FormData): ListingFormValues {
  return {
    type: text(form, "type"),
    category: text(form, "category"),
    subcategory: text(form, "subcategory"),
    brand: text(form, "brand"),
    package: text(form, "package"),
    name: text(form, "name"),
    priceMode: text(form, "priceMode") || "price",
    price: text(form, "price"),
    reservePrice: text(form, "reservePrice"),
    description: text(form, "description"),
    images: form
      .getAll("images")
      .filter((value): value is string => typeof value === "string" && value !== ""),
    activation: text(form, "activation") || "now",
    activationLocal: text(form, "activationLocal"),
    duration: text(form, "duration"),
  };
}

/** Values posted back as one JSON field (the preview step); anything malformed becomes empty. */
export function parseListingFormJson(json: string): ListingFormValues {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = null;
  }
  const source = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const values = { ...EMPTY_LISTING_FORM };
  for (const key of Object.keys(values) as (keyof ListingFormValues)[]) {
    const value = source[key];
    if (key === "images")
      values.images = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    else if (typeof value === "string") values[key] = value;
  }
  return values;
}

const idOrNull = (value: string) => {
  if (value.trim() === "") return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : -1;
};

/**
 * The API input for the values, and the problems only the form can have (keys of i18n messages,
 * under the input's field names): a price that is not a number, an activation date missing.
 */
export function listingInputFromForm(values: ListingFormValues): {
  input: Record<string, unknown>;
  errors: Record<string, MessageKey>;
} {
  const errors: Record<string, MessageKey> = {};
  const money = (field: string, raw: string) => {
    const parsed = parseCrowns(raw);
    if (parsed === "invalid") {
      errors[field] = "listings.errors.price";
      return null;
    }
    return parsed;
  };
  const byAgreement = values.priceMode === "agreement";
  const priceMinor = byAgreement ? null : money("priceMinor", values.price);
  // A supply ad with a price is an auction; its price is required, or the seller meant "by agreement".
  if (!byAgreement && priceMinor === null && values.type !== "demand" && !errors.priceMinor)
    errors.priceMinor = "validation.required";
  const auction = values.type !== "demand" && !byAgreement;
  const reservePriceMinor = auction ? money("reservePriceMinor", values.reservePrice) : null;
  let activationAt: string | null = null;
  if (values.activation === "later") {
    const at = fromPragueLocalInput(values.activationLocal);
    if (!at) errors.activationAt = "listings.errors.activationDate";
    else activationAt = at.toISOString();
  }
  return {
    input: {
      type: values.type || undefined,
      categoryId: idOrNull(values.category) ?? undefined,
      subcategoryId: idOrNull(values.subcategory),
      brand: values.brand,
      packageId: idOrNull(values.package) ?? undefined,
      name: values.name,
      priceMinor,
      reservePriceMinor,
      description: values.description,
      images: values.images.map((ref) => (/^\d+$/.test(ref) ? Number(ref) : ref)),
      activationAt,
      duration: auction ? values.duration || undefined : null,
    },
    errors,
  };
}

/** The form's values for a stored listing (the edit page). */
export function listingFormFromInput(input: {
  type: string;
  categoryId: number;
  subcategoryId?: number | null;
  brand?: string | null;
  packageId: number;
  name: string;
  priceMinor: number | null;
  reservePriceMinor?: number | null;
  description: string;
  images: (number | string)[];
  activationAt?: string | null;
  duration?: string | null;
}): ListingFormValues {
  return {
    type: input.type,
    category: String(input.categoryId),
    subcategory: input.subcategoryId ? String(input.subcategoryId) : "",
    brand: input.brand ?? "",
    package: input.packageId ? String(input.packageId) : "",
    name: input.name,
    priceMode: input.priceMinor === null ? "agreement" : "price",
    price: formatCrownsInput(input.priceMinor),
    reservePrice: formatCrownsInput(input.reservePriceMinor),
    description: input.description,
    images: input.images.map(String),
    activation: input.activationAt ? "later" : "now",
    activationLocal: input.activationAt ? toPragueLocalInput(new Date(input.activationAt)) : "",
    duration: input.duration ?? "week",
  };
}

/** The photo upload endpoint (server/modules/listings/api.ts) the add and edit forms use. */
export const LISTING_IMAGE_UPLOAD_URL = "/api/me/advertisements/images";
/** 12 photos of 15 MB and the fields: a larger post to the add or edit page is refused before it is read. */
export const LISTING_FORM_MAX_BYTES = 12 * 15 * 1024 * 1024 + 1024 * 1024;
