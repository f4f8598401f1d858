import { asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { IndexPoint } from "#core/contracts/sale-results.ts";
import type { Db } from "#server/db/client.ts";
import { type Cache, caches } from "#server/lib/cache.ts";
import { priceIndexLevels } from "./tables.ts";

/** What a freeze of the price index invalidates, on every instance (ADR 0095, ADR 0101). */
export const PRICE_INDEX_TAG = "sale-results.price-index";

/**
 * How long the frozen months are kept at most. A frozen month never changes; only the nightly
 * freeze adds one, and it invalidates the kept copies on every instance (`forgetIndexLevels`, sent
 * on by server/wiring/cache-invalidations.ts). The lifetime bounds a freeze made outside the
 * service (the bulk seed's CLI, SQL by hand).
 */
const INDEX_TTL_MS = 60 * 60_000;

/** One database's kept reads: each scope's months (key "" the whole market) and the categories with an index. */
type Kept = { levels: Map<string, Promise<IndexPoint[]>>; categories?: Promise<number[]> };

/** Per database (a test's, the server's), as the attribute definitions are kept. */
let kept: Cache<Db, Kept> | undefined;
function keptFor(db: Db): Kept {
  kept ??= caches.create<Db, Kept>({
    name: "sale-results.price-index",
    tags: [PRICE_INDEX_TAG],
    maxEntries: 16,
    ttlMs: INDEX_TTL_MS,
  });
  let entry = kept.get(db);
  if (!entry) {
    entry = { levels: new Map() };
    kept.set(db, entry);
  }
  return entry;
}

/** Drops the kept months here and on every other instance (a freeze added months). */
export function forgetIndexLevels(): void {
  caches.invalidate({ tag: PRICE_INDEX_TAG });
}

/** A read kept until it fails (a failed read is not kept). */
function keep<T>(
  read: () => Promise<T>,
  stored: () => Promise<T> | undefined,
  store: (value?: Promise<T>) => void,
) {
  const hit = stored();
  if (hit) return hit;
  const value = read();
  store(value);
  value.catch(() => {
    if (stored() === value) store(undefined);
  });
  return value;
}

/**
 * A scope's frozen months, oldest first (null: the whole market): at most 120 rows in ten years,
 * shared by every page and CSV of the scope until the next freeze. Callers must not change them.
 */
export function indexLevels(db: Db, categoryId: number | null): Promise<IndexPoint[]> {
  const entry = keptFor(db);
  const key = categoryId === null ? "" : String(categoryId);
  return keep(
    () => readLevels(db, categoryId),
    () => entry.levels.get(key),
    (value) => (value ? entry.levels.set(key, value) : entry.levels.delete(key)),
  );
}

/** The categories that have an index. */
export function indexCategories(db: Db): Promise<number[]> {
  const entry = keptFor(db);
  return keep(
    () => readCategories(db),
    () => entry.categories,
    (value) => {
      entry.categories = value;
    },
  );
}

/** Awaited here: a drizzle query is a thenable that runs again at every `await`, not a promise to keep. */
async function readLevels(db: Db, categoryId: number | null): Promise<IndexPoint[]> {
  return await db
    .select({
      month: priceIndexLevels.month,
      level: priceIndexLevels.level,
      pairs: priceIndexLevels.pairs,
      carried: priceIndexLevels.carried,
    })
    .from(priceIndexLevels)
    .where(
      categoryId === null ? isNull(priceIndexLevels.categoryId) : eq(priceIndexLevels.categoryId, categoryId),
    )
    .orderBy(asc(priceIndexLevels.month));
}

async function readCategories(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ categoryId: priceIndexLevels.categoryId })
    .from(priceIndexLevels)
    .where(isNotNull(priceIndexLevels.categoryId));
  return rows.map((row) => row.categoryId as number);
}
