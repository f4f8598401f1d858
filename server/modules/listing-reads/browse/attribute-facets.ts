import { sql } from "drizzle-orm";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import type { AttributeDefinition, AttributeFacet } from "#core/contracts/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import {
  attributeRangesSql,
  attributeValueCountsSql,
  definitionsFor,
  hasAnyAttributeSql,
} from "#server/modules/listing-attributes/index.ts";
import { COUNT_CAP } from "./counts.ts";
import { conditions, type Resolved } from "./filters.ts";
import { type Row, rowsOf } from "./sql-parts.ts";

/** How many values a text facet lists (the most common ones). */
const FACET_VALUES = 40;

/**
 * The facets of a category's attributes (issue 37, item 2; ADR 0090), counted like the other
 * facets of a query that listing_counts cannot answer (counts.ts): over at most COUNT_CAP + 1 of
 * the matching listings, exact below the cap. A facet whose filter is on is counted without it (a
 * visitor who picked one distillery still sees the others), in a statement of its own.
 */
export async function attributeFacets(
  db: Db,
  query: ListingQuery,
  resolved: Resolved,
): Promise<AttributeFacet[]> {
  if (query.categoryId === undefined) return [];
  const definitions = (await definitionsFor(db, query.categoryId)).filter((definition) => definition.facet);
  if (definitions.length === 0) return [];
  const filtered = new Set((query.attributes ?? []).map((filter) => filter.key));
  // Among the listings that have one of the keys: listings without attributes add nothing to the
  // counts, and a sample of them would leave the facets empty above the cap.
  const sample = (keys: readonly string[], skip?: string) =>
    sql`select p.id from products p where ${conditions(query, resolved, { attribute: skip })}
      and ${hasAnyAttributeSql(sql`p.id`, keys)} limit ${COUNT_CAP + 1}`;
  const groups: { keys: string[]; skip?: string }[] = [
    { keys: definitions.filter((d) => !filtered.has(d.key)).map((d) => d.key) },
    ...definitions.filter((d) => filtered.has(d.key)).map((d) => ({ keys: [d.key], skip: d.key })),
  ].filter((group) => group.keys.length > 0);
  const answers = await Promise.all(
    groups.map(async ({ keys, skip }) => {
      const ids = sample(keys, skip);
      const [values, ranges] = await Promise.all([
        db.execute(attributeValueCountsSql(ids, keys)),
        db.execute(attributeRangesSql(ids, keys)),
      ]);
      return { values: rowsOf(values), ranges: rowsOf(ranges) };
    }),
  );
  const values = answers.flatMap((answer) => answer.values);
  const ranges = answers.flatMap((answer) => answer.ranges);
  return definitions.map((definition) => facetOf(definition, values, ranges, query.locale));
}

const NUMERIC = new Set(["integer", "decimal", "year"]);

function facetOf(
  definition: AttributeDefinition,
  values: Row[],
  ranges: Row[],
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
  // An enum's values in its own order; texts by name.
  const order = (value: string) => definition.options.findIndex((option) => option.value === value);
  counted.sort((a, b) =>
    definition.type === "enum" ? order(a.value) - order(b.value) : a.label.localeCompare(b.label, locale),
  );
  return { ...base, values: counted, range: null };
}
