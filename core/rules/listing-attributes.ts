import { z } from "zod";
import type {
  AttributeDefinition,
  AttributeRow,
  AttributeValue,
  AttributeValues,
} from "../contracts/listing-attributes.ts";
import { formatDecimal } from "../formats/numbers.ts";
import type { Locale } from "../i18n/index.ts";

/**
 * The rules of listing attributes (issue 37, item 1; docs/product/collector-data.md): which
 * definitions apply to a category (inherited down its subtree), the values checked against them
 * (a zod schema built from the definitions, the messages i18n keys), the key that tells two
 * spellings of one value apart (case, accents and spaces aside), and a value as a page shows it.
 */

export const ATTRIBUTE_TEXT_MAX = 120;
const INTEGER_MAX = 1_000_000;
export const YEAR_MIN = 1800;
export const YEAR_MAX = 2100;

/**
 * The key two spellings of one value share: lower case, without accents, spaces and punctuation
 * ("Glen Grant", "glengrant", "GLEN-GRANT" are one; "Caol Ila" and "Caol Íla" too).
 */
export function matchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** A text as stored: trimmed, inner runs of spaces one, control characters out. */
export function cleanAttributeText(text: string): string {
  return text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The definitions that apply to a category: those of the categories on its path (root first), a
 * key defined again deeper replacing the shallower one; in order of importance.
 */
export function effectiveDefinitions(
  definitions: readonly AttributeDefinition[],
  path: readonly number[],
): AttributeDefinition[] {
  const byKey = new Map<string, AttributeDefinition>();
  for (const categoryId of path)
    for (const definition of definitions)
      if (definition.categoryId === categoryId) byKey.set(definition.key, definition);
  return [...byKey.values()].sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}

/**
 * The facets of a page without a category (a search): every subtree's facet definitions, one per
 * key (a key means the same wherever it is defined: `age_years`, `country`). The top-most
 * definition gives the label, type and unit (`depthOf`: 0 for a root; ties go to the lower
 * position); an enum's values are those of every definition of its key, the top-most's first.
 */
export function mergedFacetDefinitions(
  definitions: readonly AttributeDefinition[],
  depthOf: (categoryId: number) => number,
): AttributeDefinition[] {
  const ordered = definitions
    .filter((definition) => definition.facet)
    .map((definition) => ({ definition, depth: depthOf(definition.categoryId) }))
    .sort(
      (a, b) =>
        a.depth - b.depth ||
        a.definition.position - b.definition.position ||
        a.definition.id - b.definition.id,
    );
  const byKey = new Map<string, AttributeDefinition>();
  for (const { definition } of ordered) {
    const first = byKey.get(definition.key);
    if (!first) byKey.set(definition.key, { ...definition, options: [...definition.options] });
    else
      for (const option of definition.options)
        if (!first.options.some((known) => known.value === option.value)) first.options.push(option);
  }
  return [...byKey.values()].sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}

type Raw = string | number | boolean | null | undefined;
const blank = (raw: Raw) =>
  raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");

/** A number typed the Czech or the English way ("41,3", "41.3", "1 000"); NaN when it is none. */
function numberOf(raw: Raw): number {
  if (typeof raw === "number") return raw;
  if (typeof raw !== "string") return Number.NaN;
  const text = raw.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const ISSUE = (message: string) => ({ code: "custom" as const, message, input: undefined });

/** One value checked against its definition: the typed value, or the message key of its problem. */
export function checkAttribute(
  definition: AttributeDefinition,
  raw: Raw,
): { value: AttributeValue } | { problem: string } {
  switch (definition.type) {
    case "text": {
      const text = cleanAttributeText(String(raw));
      return text.length > ATTRIBUTE_TEXT_MAX
        ? { problem: "listingAttributes.errors.textTooLong" }
        : { value: text };
    }
    case "enum":
      return definition.options.some((option) => option.value === raw)
        ? { value: String(raw) }
        : { problem: "listingAttributes.errors.choose" };
    case "boolean":
      if (raw === true || raw === "true" || raw === "on" || raw === "1") return { value: true };
      if (raw === false || raw === "false" || raw === "0") return { value: false };
      return { problem: "listingAttributes.errors.choose" };
    case "integer": {
      const number = numberOf(raw);
      return Number.isInteger(number) && number >= 0 && number <= INTEGER_MAX
        ? { value: number }
        : { problem: "listingAttributes.errors.integer" };
    }
    case "year": {
      const number = numberOf(raw);
      return Number.isInteger(number) && number >= YEAR_MIN && number <= YEAR_MAX
        ? { value: number }
        : { problem: "listingAttributes.errors.year" };
    }
    case "decimal": {
      const number = numberOf(raw);
      const max = definition.unit === "abv" ? 100 : INTEGER_MAX;
      if (!Number.isFinite(number) || number < 0 || number > max)
        return {
          problem:
            definition.unit === "abv" ? "listingAttributes.errors.abv" : "listingAttributes.errors.decimal",
        };
      return Math.abs(number * 10 - Math.round(number * 10)) > 1e-9
        ? { problem: "listingAttributes.errors.oneDecimal" }
        : { value: Math.round(number * 10) / 10 };
    }
  }
}

/**
 * The schema of a category's values, built from its definitions: raw values by key (the form's
 * strings, the API's strings, numbers and booleans) in, typed values out; a required one missing,
 * and a value its type refuses, an issue under its key. Keys the category does not define are
 * dropped (a listing moved to another category keeps only what its new category asks for).
 */
export function attributesSchema(definitions: readonly AttributeDefinition[]) {
  return z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .transform((raw, ctx) => {
      const values: AttributeValues = {};
      for (const definition of definitions) {
        const input = raw[definition.key];
        if (blank(input)) {
          if (definition.required) ctx.addIssue({ ...ISSUE("validation.required"), path: [definition.key] });
          continue;
        }
        const checked = checkAttribute(definition, input);
        if ("problem" in checked) ctx.addIssue({ ...ISSUE(checked.problem), path: [definition.key] });
        else values[definition.key] = checked.value;
      }
      return values;
    });
}

/** The units as pages write them after the number, by language. */
const UNIT_TEXT: Record<string, Record<Locale, (n: number) => string>> = {
  years: {
    cs: (n) => (n === 1 ? "rok" : n >= 2 && n <= 4 ? "roky" : "let"),
    en: (n) => (n === 1 ? "year" : "years"),
  },
  abv: { cs: () => "%", en: () => "% ABV" },
  ml: { cs: () => "ml", en: () => "ml" },
  mm: { cs: () => "mm", en: () => "mm" },
  pieces: { cs: () => "ks", en: () => "pcs" },
};

const YES: Record<Locale, [string, string]> = { cs: ["ano", "ne"], en: ["yes", "no"] };

/** A value as the table shows it: "41,3 %", "12 let", an enum's label, "ano" / "yes". */
export function formatAttribute(
  definition: AttributeDefinition,
  value: AttributeValue,
  locale: Locale,
): string {
  if (typeof value === "boolean") return YES[locale][value ? 0 : 1];
  if (definition.type === "enum") {
    const option = definition.options.find((entry) => entry.value === value);
    return option ? option[locale] : String(value);
  }
  if (typeof value !== "number") return value;
  // Years are written without grouping: 1978, never 1 978.
  const number =
    definition.type === "year" ? String(value) : formatDecimal(value, locale, { maximumFractionDigits: 1 });
  const unit = definition.unit ? UNIT_TEXT[definition.unit]?.[locale](value) : null;
  return unit ? withUnit(number, unit, locale) : number;
}

/**
 * A number and its unit as the language writes them: a no-break space between them ("41,3 %",
 * "12 let", "700 ml"), except that English puts the per cent sign right after the number
 * ("41.3% ABV"), as English typography does.
 */
export function withUnit(number: string, unit: string, locale: Locale): string {
  return locale === "en" && unit.startsWith("%") ? `${number}${unit}` : `${number}\u00a0${unit}`;
}

/** A listing's values as the rows of its table, in the definitions' order; values without a definition left out. */
export function describeAttributes(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
  locale: Locale,
): AttributeRow[] {
  return definitions.flatMap((definition) => {
    const value = values[definition.key];
    if (value === undefined) return [];
    return [
      {
        key: definition.key,
        label: locale === "en" ? definition.labelEn : definition.labelCs,
        text: formatAttribute(definition, value, locale),
        value,
        unit: definition.unit,
      },
    ];
  });
}
