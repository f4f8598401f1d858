import { asc } from "drizzle-orm";
import type { AttributeDefinition } from "#core/contracts/listing-attributes.ts";
import { effectiveDefinitions } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { categoryChains } from "#server/modules/catalog/index.ts";
import { listingAttributeDefinitions } from "./tables.ts";

/**
 * How long the definitions are kept in memory. Every listing page, product page and form reads
 * them (a category page twice: its filters checked, its facets counted); they change only in the
 * back office, whose saves and removals in this process drop them at once (forgetDefinitions). An
 * edit made by another instance is seen within this time.
 */
const DEFINITIONS_TTL_MS = 30_000;
let kept = new WeakMap<Db, { at: number; value: Promise<readonly AttributeDefinition[]> }>();

/** Drops the definitions kept in memory (after a change in the back office). */
export function forgetDefinitions(): void {
  kept = new WeakMap();
}

/**
 * Every definition (a few dozen rows: the table is the catalogue's vocabulary, never per listing),
 * in order of importance; shared and frozen, kept a while per database (above). A transaction's
 * read is its own: a `tx` is another object, so it never meets the kept copy.
 */
export function allDefinitions(executor: Db): Promise<readonly AttributeDefinition[]> {
  const entry = kept.get(executor);
  if (entry && Date.now() - entry.at < DEFINITIONS_TTL_MS) return entry.value;
  const value = readDefinitions(executor);
  kept.set(executor, { at: Date.now(), value });
  // A failed read is not kept.
  value.catch(() => {
    if (kept.get(executor)?.value === value) kept.delete(executor);
  });
  return value;
}

async function readDefinitions(executor: Db): Promise<readonly AttributeDefinition[]> {
  const rows = await executor
    .select()
    .from(listingAttributeDefinitions)
    .orderBy(asc(listingAttributeDefinitions.position), asc(listingAttributeDefinitions.id));
  const definitions = rows.map((row) => ({
    id: row.id,
    categoryId: row.categoryId,
    key: row.key,
    type: row.type,
    unit: row.unit,
    labelCs: row.labelCs,
    labelEn: row.labelEn,
    options: row.options,
    required: row.required,
    facet: row.facet,
    suggested: row.suggested,
    position: row.position,
  }));
  return Object.freeze(definitions.map((definition) => Object.freeze(definition)));
}

/** The definitions that apply to each given category (its own and its ancestors'), by category. */
export async function definitionsByCategory(
  executor: Db,
  categoryIds: number[],
): Promise<Map<number, AttributeDefinition[]>> {
  const [definitions, chains] = await Promise.all([
    allDefinitions(executor),
    categoryChains(executor, categoryIds),
  ]);
  const out = new Map<number, AttributeDefinition[]>();
  for (const [id, chain] of chains) out.set(id, effectiveDefinitions(definitions, [...chain].reverse()));
  return out;
}

/** The definitions that apply to one category. */
export async function definitionsFor(executor: Db, categoryId: number): Promise<AttributeDefinition[]> {
  return (await definitionsByCategory(executor, [categoryId])).get(categoryId) ?? [];
}
