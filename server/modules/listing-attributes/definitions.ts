import { asc } from "drizzle-orm";
import type { AttributeDefinition } from "#core/contracts/listing-attributes.ts";
import { effectiveDefinitions } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { categoryChains } from "#server/modules/catalog/index.ts";
import { listingAttributeDefinitions } from "./tables.ts";

/**
 * Every definition (a few dozen rows: the table is the catalogue's vocabulary, never per listing),
 * in order of importance.
 */
export async function allDefinitions(executor: Db): Promise<AttributeDefinition[]> {
  const rows = await executor
    .select()
    .from(listingAttributeDefinitions)
    .orderBy(asc(listingAttributeDefinitions.position), asc(listingAttributeDefinitions.id));
  return rows.map((row) => ({
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
