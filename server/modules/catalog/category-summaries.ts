import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { categories } from "./tables.ts";

/** What other modules show of a category they refer to (a watchdog's, a newsletter's choice). */
export type CategorySummary = {
  id: number;
  parentId: number | null;
  nameCs: string;
  nameEn: string | null;
  slugCs: string;
  slugEn: string | null;
  isActive: boolean;
};

/** The categories of `ids` that exist (active or not), by id. */
export async function categorySummaries(executor: Db, ids: number[]): Promise<Map<number, CategorySummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({
      id: categories.id,
      parentId: categories.parentId,
      nameCs: categories.nameCs,
      nameEn: categories.nameEn,
      slugCs: categories.slugCs,
      slugEn: categories.slugEn,
      isActive: categories.isActive,
    })
    .from(categories)
    .where(inArray(categories.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Each given category followed by its ancestors up to the root (a followed product's
 * `categories`). The tree is small (at most 5 levels): one read of every category's parent.
 */
export async function categoryChains(executor: Db, ids: number[]): Promise<Map<number, number[]>> {
  const chains = new Map<number, number[]>();
  if (ids.length === 0) return chains;
  const rows = await executor.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const parents = new Map(rows.map((row) => [row.id, row.parentId]));
  for (const id of new Set(ids)) {
    const chain: number[] = [];
    let current: number | null | undefined = id;
    // The depth check in the table bounds the walk; the guard also stops a corrupt cycle.
    while (current !== null && current !== undefined && chain.length < 10 && !chain.includes(current)) {
      chain.push(current);
      current = parents.get(current);
    }
    chains.set(id, chain);
  }
  return chains;
}
