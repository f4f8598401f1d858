/**
 * Structured attributes of listings (issue 37, item 1; docs/product/collector-data.md; ADR 0090):
 * a category subtree's definitions (data, edited in the back office, inherited by the subtree) and
 * a listing's values. Keys are stable English snake_case (`age_years`, `abv`); labels are the
 * definitions' own, in both languages. The brand or distillery and the packaging are not
 * attributes: they stay the listing's brand and package; the fill level is the evidence's one
 * (listing-evidence), read in with the attributes.
 */

export const ATTRIBUTE_TYPES = ["text", "integer", "decimal", "year", "enum", "boolean"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The units an attribute may have; each with its UN/CEFACT code for the JSON-LD. */
export const ATTRIBUTE_UNITS = ["years", "abv", "ml", "mm", "pieces"] as const;
export type AttributeUnit = (typeof ATTRIBUTE_UNITS)[number];
export const UNIT_CODES: Record<AttributeUnit, string> = {
  years: "ANN",
  abv: "P1",
  ml: "MLT",
  mm: "MMT",
  pieces: "C62",
};

/** An attribute key: lower-case English snake_case. */
export const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** The attribute that is the evidence's fill level (issue 21's scale), never stored twice. */
export const FILL_LEVEL_KEY = "fill_level";

/** One allowed value of an enum: its key and its labels. */
export type AttributeOption = { value: string; cs: string; en: string };

/** One attribute of a category subtree, as the definitions table holds it. */
export type AttributeDefinition = {
  id: number;
  /** The category whose subtree it applies to. */
  categoryId: number;
  key: string;
  type: AttributeType;
  unit: AttributeUnit | null;
  labelCs: string;
  labelEn: string;
  /** The enum's values, in order; empty for other types. */
  options: AttributeOption[];
  required: boolean;
  /** Offered as a filter on category and search pages. */
  facet: boolean;
  /** The form offers the values other listings already have (text only). */
  suggested: boolean;
  /** The order of importance (the form's and the table's order), lowest first. */
  position: number;
};

/** A definition as the back office submits it (the category and id aside). */
export type AttributeDefinitionInput = Omit<AttributeDefinition, "id" | "categoryId">;

export type AttributeValue = string | number | boolean;
/** A listing's values by key: numbers as numbers (`abv` 41.3, `age_years` 12). */
export type AttributeValues = Record<string, AttributeValue>;

/** One row of a listing's table of attributes, ready to show. */
export type AttributeRow = {
  key: string;
  label: string;
  /** The value as shown: the enum's label, the number in the language's format with its unit. */
  text: string;
  /** The raw value (the JSON-LD's and the API's). */
  value: AttributeValue;
  unit: AttributeUnit | null;
};

/** One attribute as the listing form asks for it (its label in the page's language). */
export type AttributeFormField = Pick<
  AttributeDefinition,
  "key" | "type" | "unit" | "required" | "options" | "suggested"
> & { label: string };

/** What the listing form needs: each category's attributes in order, the existing values of suggested ones by key. */
export type AttributeFormData = {
  byCategory: Record<number, AttributeFormField[]>;
  suggestions: Record<string, string[]>;
};

/**
 * A listing query's filter on one attribute (issue 37, item 2): any of the values (text and enum:
 * their spelling-blind keys, core/rules/listing-attributes.ts's matchKey; boolean: "true" or
 * "false"), or a range of a number (inclusive bounds).
 */
export type AttributeFilter = { key: string; values?: string[]; min?: number; max?: number };

/** One facet of a category page: a choice of values with their counts, or a range of a number. */
export type AttributeFacet = {
  key: string;
  label: string;
  type: AttributeType;
  unit: AttributeUnit | null;
  /** Values (text, enum, boolean) with the number of listings each, without this facet's own filter. */
  values: { value: string; label: string; count: number }[];
  /** Numbers: the smallest and largest value among the listings (null when none states one). */
  range: { min: number; max: number } | null;
  /** The counts are a capped sample's (more listings match than were counted): show none. */
  capped?: boolean;
};
