import type { AttributeDefinition, AttributeFacet } from "../contracts/listing-attributes.ts";

/**
 * How a facet shows what was counted (issue 37): a number's range, or up to FACET_VALUES values,
 * the most common ones, each with its label and count, in the attribute's own order. The rows are
 * the counts' rows of the server's SQL or memory (`key`, `value`, `text`, `count`; `min`, `max`).
 */

/** How many values a text facet lists (the most common ones). */
const FACET_VALUES = 40;

type CountRow = Record<string, unknown>;

export const NUMERIC = new Set(["integer", "decimal", "year"]);

/** The facet of one attribute from the value rows and range rows counted. */
export function facetOf(
  definition: AttributeDefinition,
  values: CountRow[],
  ranges: CountRow[],
  locale: "cs" | "en",
): AttributeFacet {
  const label = locale === "en" ? definition.labelEn : definition.labelCs;
  const base = { key: definition.key, label, type: definition.type, unit: definition.unit };
  if (NUMERIC.has(definition.type)) {
    const row = ranges.find((entry) => entry.key === definition.key);
    const range = row && row.min !== null ? { min: Number(row.min), max: Number(row.max) } : null;
    return { ...base, values: [], range };
  }
  const optionLabel = (value: string, text: string) => {
    if (definition.type === "boolean")
      return value === "true" ? (locale === "en" ? "Yes" : "Ano") : locale === "en" ? "No" : "Ne";
    const option = definition.options.find((entry) => entry.value === value);
    return option ? option[locale] : text;
  };
  const counted = values
    .filter((row) => row.key === definition.key)
    .map((row) => ({
      value: String(row.value),
      label: optionLabel(String(row.value), String(row.text ?? row.value)),
      count: Number(row.count),
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, locale))
    .slice(0, FACET_VALUES);
  // An enum's values in its own order (a value no option has, written before it was a choice,
  // after them); texts by name.
  const order = (value: string) => {
    const index = definition.options.findIndex((option) => option.value === value);
    return index === -1 ? definition.options.length : index;
  };
  counted.sort((a, b) =>
    definition.type === "enum" ? order(a.value) - order(b.value) : a.label.localeCompare(b.label, locale),
  );
  return { ...base, values: counted, range: null };
}
