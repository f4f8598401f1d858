import { LRUCache } from "lru-cache";

/**
 * Every in-memory cache of the server (ADR 0062): an `lru-cache` with a name, a bound (entries or
 * bytes), an optional lifetime and tags, registered so that one function clears it whoever
 * changed what it holds: `invalidate`.
 *
 * An invalidation is plain data (a cache's name or a tag) so that it can travel between
 * instances as a NOTIFY payload (`invalidationPayload`, `parseInvalidation`). The public changes
 * (public-changes.ts, page and list caches) and the shell data's triggers (server/db/notify-cache.ts)
 * call it from their channels; every other local invalidation is handed to `onInvalidate`'s
 * listeners, and server/wiring/cache-invalidations.ts sends it to the other instances (ADR 0095).
 */

/** Which caches an invalidation clears: the one(s) of that name, or every one carrying the tag. */
export type Invalidation = { cache: string } | { tag: string };

/** Where an invalidation came from: this process, or another instance (a NOTIFY). */
export type InvalidationOrigin = "local" | "remote";

export type CacheOptions<V> = {
  /** The cache's name in the registry (what `{ cache: name }` clears), e.g. "http.page-cache". */
  name: string;
  /** The changes it is cleared by, e.g. "public" (whatever public pages and lists show). */
  tags?: readonly string[];
  /** The most entries kept; the least recently used go first. */
  maxEntries?: number;
  /**
   * The most kept in the unit `sizeOf` counts (bytes of a page, answers of a list); the least
   * recently used go first. A value larger than the whole is not kept.
   */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** How long an entry lives, unless `set` gives its own. */
  ttlMs?: number;
  /** The clock of the lifetimes (tests); the monotonic clock by default. */
  now?: () => number;
  /** Called by every clear of this cache, after it is empty: what is kept beside it goes too. */
  onClear?: () => void;
};

export type Cache<K, V> = {
  readonly name: string;
  get(key: K): V | undefined;
  /** The entry without touching its place in the order of use (a read that is not a use). */
  peek(key: K): V | undefined;
  set(key: K, value: V, options?: { ttlMs?: number }): void;
  delete(key: K): void;
  /** Entries held, and their total in `sizeOf`'s unit (diagnostics, tests). */
  size(): { entries: number; size: number };
  /**
   * Bumped by every clear: a value read from the database before a clear may be older than the
   * change that cleared it, so whoever computed it compares the generation before keeping it.
   */
  generation(): number;
  /** Leaves the registry and empties (a cache built for one test, a stopped service). */
  dispose(): void;
};

export type CacheRegistry = {
  create<K extends {}, V extends {}>(options: CacheOptions<V>): Cache<K, V>;
  /**
   * The one way to clear caches for a change. `origin` "local" (the default) is also handed to
   * the `onInvalidate` listeners; a "remote" one (heard from another instance) is not sent again.
   */
  invalidate(invalidation: Invalidation, origin?: InvalidationOrigin): void;
  /**
   * Clears every cache, telling no listener: an instance that may have missed other instances'
   * invalidations (its LISTEN connection dropped) trusts nothing it kept (ADR 0095).
   */
  clearAll(): void;
  /** Hears every invalidation; returns the function that stops it. */
  onInvalidate(listener: (invalidation: Invalidation, origin: InvalidationOrigin) => void): () => void;
  /** The names of the caches registered (diagnostics, tests). */
  names(): string[];
};

type Registered = { name: string; tags: readonly string[]; clear(): void };

export function createCacheRegistry(): CacheRegistry {
  const registered = new Set<Registered>();
  const listeners = new Set<(invalidation: Invalidation, origin: InvalidationOrigin) => void>();

  function create<K extends {}, V extends {}>(options: CacheOptions<V>): Cache<K, V> {
    const { name, tags = [], maxEntries, maxSize, sizeOf, ttlMs, now, onClear } = options;
    // Every cache is bounded: a lifetime alone lets a flood of keys grow it.
    if (maxEntries === undefined && maxSize === undefined)
      throw new Error(`cache ${name}: give it maxEntries or maxSize`);
    const lru = new LRUCache<K, V>({
      ...(maxEntries !== undefined ? { max: maxEntries } : {}),
      ...(maxSize !== undefined
        ? { maxSize, sizeCalculation: (value: V) => Math.max(1, sizeOf?.(value) ?? 1) }
        : {}),
      ...(ttlMs !== undefined ? { ttl: ttlMs } : {}),
      // A test's clock is read at every look-up (the default keeps a reading for 1 ms).
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    } as LRUCache.Options<K, V, unknown>);
    let generation = 0;
    const entry: Registered = {
      name,
      tags,
      clear() {
        generation += 1;
        lru.clear();
        onClear?.();
      },
    };
    registered.add(entry);
    return {
      name,
      get: (key) => lru.get(key),
      peek: (key) => lru.peek(key),
      set(key, value, setOptions) {
        if (maxSize !== undefined && sizeOf && sizeOf(value) > maxSize) return;
        lru.set(key, value, setOptions?.ttlMs !== undefined ? { ttl: setOptions.ttlMs } : undefined);
      },
      delete: (key) => void lru.delete(key),
      size: () => ({ entries: lru.size, size: lru.calculatedSize ?? 0 }),
      generation: () => generation,
      dispose() {
        registered.delete(entry);
        lru.clear();
      },
    };
  }

  return {
    create,
    invalidate(invalidation, origin = "local") {
      for (const cache of registered) {
        const named =
          "cache" in invalidation ? cache.name === invalidation.cache : cache.tags.includes(invalidation.tag);
        if (named) cache.clear();
      }
      for (const listener of listeners) listener(invalidation, origin);
    },
    clearAll() {
      for (const cache of registered) cache.clear();
    },
    onInvalidate(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    names: () => [...new Set([...registered].map((cache) => cache.name))],
  };
}

/** The process's caches: what the server creates its caches in and invalidates them through. */
export const caches: CacheRegistry = createCacheRegistry();

/** The tag of every cache of what anonymous public pages and lists show (cleared by any public change). */
export const PUBLIC_TAG = "public";

/**
 * What a change made outside a request (a job) invalidates to clear the public copies on every
 * instance. A request's clear (PUBLIC_TAG) reaches the other instances as its own `public_changes`
 * announcement, or with the bid's auction event (ADR 0056), so server/wiring/cache-invalidations.ts
 * does not send PUBLIC_TAG; a job has no request, and its PUBLIC_TAG invalidation stayed in its own
 * process: this tag, which every public cache carries too, is sent like any other.
 */
export const PUBLIC_FROM_JOB_TAG = "public-from-job";

/** The tags of a cache of what anonymous public pages and lists show. */
export const PUBLIC_CACHE_TAGS: readonly string[] = [PUBLIC_TAG, PUBLIC_FROM_JOB_TAG];

/** An invalidation as a NOTIFY payload. */
export function invalidationPayload(invalidation: Invalidation): string {
  return JSON.stringify(invalidation);
}

/** A NOTIFY payload as an invalidation, or null when it is not one. */
export function parseInvalidation(payload: string): Invalidation | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value?.cache === "string") return { cache: value.cache };
    if (typeof value?.tag === "string") return { tag: value.tag };
  } catch {}
  return null;
}

/**
 * The promise kept under `key`, or `read()`'s, kept once it resolved unless the cache was cleared
 * meanwhile (the read may predate the change that cleared it). A failed read is not kept.
 */
export function keptOrRead<K extends {}, V>(
  cache: Cache<K, Promise<V>>,
  key: K,
  read: () => Promise<V>,
): Promise<V> {
  const kept = cache.get(key);
  if (kept) return kept;
  const generation = cache.generation();
  const reading = read();
  reading.then(
    () => cache.generation() === generation && cache.set(key, reading),
    () => {},
  );
  return reading;
}
