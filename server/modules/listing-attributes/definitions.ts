import { asc } from "drizzle-orm";
import type { AttributeDefinition } from "#core/contracts/listing-attributes.ts";
import { effectiveDefinitions } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { type Cache, caches } from "#server/lib/cache.ts";
import { categoryChains } from "#server/modules/catalog/index.ts";
import { listingAttributeDefinitions } from "./tables.ts";

/** What a change of the definitions invalidates, on every instance (ADR 0095). */
export const DEFINITIONS_TAG = "listing-attributes";

/**
 * How long the definitions are kept at most. Every listing page, product page and form reads them
 * (a category page twice: its filters checked, its facets counted); they change only in the back
 * office, whose saves and removals invalidate them on every instance at once (forgetDefinitions,
 * sent on by server/wiring/cache-invalidations.ts). The lifetime only bounds a change made outside
 * the service (a script, SQL by hand).
 */
const DEFINITIONS_TTL_MS = 5 * 60_000;

/** Per database (a test's, the server's): a transaction's read is its own, never the kept copy. */
let kept: Cache<Db, Promise<readonly AttributeDefinition[]>> | undefined;
const keptDefinitions = () => {
  kept ??= caches.create<Db, Promise<readonly AttributeDefinition[]>>({
    name: "listing-attributes.definitions",
    tags: [DEFINITIONS_TAG],
    maxEntries: 16,
    ttlMs: DEFINITIONS_TTL_MS,
  });
  return kept;
};

/** Drops the definitions kept in memory, here and on every other instance (a change in the back office). */
export function forgetDefinitions(): void {
  caches.invalidate({ tag: DEFINITIONS_TAG });
}

/**
 * Every definition (a few dozen rows: the table is the catalogue's vocabulary, never per listing),
 * in order of importance; shared and frozen, kept per database (above). A transaction's read is
 * its own: a `tx` is another object, so it never meets the kept copy.
 */
export function allDefinitions(executor: Db): Promise<readonly AttributeDefinition[]> {
  const store = keptDefinitions();
  const hit = store.get(executor);
  if (hit) return hit;
  const value = readDefinitions(executor);
  store.set(executor, value);
  // A failed read is not kept.
  value.catch(() => {
    if (store.peek(executor) === value) store.delete(executor);
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
