import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { SHELL_DATA_TAG, shellDataTag } from "#server/db/notify-cache.ts";
import { type Cache, caches } from "#server/lib/cache.ts";
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
 * How long the category tree's parents are kept at most. The category and product pages read
 * them for every request (the attributes that apply to a category are its own and its
 * ancestors', ADR 0095); a change of the tree drops them at once on every instance that hears
 * it: the categories' trigger NOTIFYs `shell_data` and the shell data cache (ADR 0028) clears the
 * caches tagged with its topic, and everything of the shell data when its listener is lost or
 * back. The lifetime only bounds a change that no listener heard (a process without one: a
 * script, a module test), as for the attribute definitions.
 */
const PARENTS_TTL_MS = 5 * 60_000;

type Parents = ReadonlyMap<number, number | null>;

/** Per database (a test's, the server's): a transaction is another object and reads its own. */
let keptParents: Cache<Db, Promise<Parents>> | undefined;
const parentsStore = () => {
  keptParents ??= caches.create<Db, Promise<Parents>>({
    name: "catalog.category-parents",
    tags: [SHELL_DATA_TAG, shellDataTag("categories")],
    maxEntries: 16,
    ttlMs: PARENTS_TTL_MS,
  });
  return keptParents;
};

async function readParents(executor: Db): Promise<Parents> {
  const rows = await executor.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  return new Map(rows.map((row) => [row.id, row.parentId]));
}

/**
 * Every category's parent: the kept copy when it knows every category of `ids`, else a new read
 * (a category made since, whose change was not heard), kept in its place. A failed read is not kept.
 */
async function parentsOf(executor: Db, ids: Iterable<number>): Promise<Parents> {
  const store = parentsStore();
  const kept = store.get(executor);
  if (kept) {
    const parents = await kept.catch(() => null);
    if (parents && [...ids].every((id) => parents.has(id))) return parents;
  }
  const read = readParents(executor);
  store.set(executor, read);
  read.catch(() => {
    if (store.peek(executor) === read) store.delete(executor);
  });
  return read;
}

/**
 * Each given category followed by its ancestors up to the root (a followed product's
 * `categories`). The tree is small (at most 5 levels and a few hundred categories): its parents
 * are read once and kept (above).
 */
export async function categoryChains(executor: Db, ids: number[]): Promise<Map<number, number[]>> {
  const chains = new Map<number, number[]>();
  if (ids.length === 0) return chains;
  const unique = new Set(ids);
  const parents = await parentsOf(executor, unique);
  for (const id of unique) {
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
