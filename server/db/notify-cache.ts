import { type Cache, type CacheRegistry, caches } from "../lib/cache.ts";
import type { Logger } from "../logger.ts";
import { type Database, SHELL_DATA_CHANNEL } from "./client.ts";
import type { NotificationListener } from "./listen.ts";

/**
 * What the shell data's triggers name in their NOTIFY (migration `shell_data_notify`): the table
 * group whose rows changed. Each is owned by one module, which keeps its own cached reads.
 */
export type ShellDataTopic = "settings" | "currencies" | "categories" | "banners";

/**
 * The data every page's frame reads (settings, currencies, the category tree, banners), kept in
 * the process's memory and dropped when it changes (ADR 0028, docs/decisions/0028-shell-data-cache.md).
 *
 * Triggers on the owning tables NOTIFY `shell_data` with the topic on any insert, update, delete
 * or truncate, so no write path can forget it. A read is served from memory only while the
 * process is sure to hear such a change:
 * - PostgreSQL: the listener's own connection hears the other instances' changes; each pooled
 *   session LISTENs too and reports the changes it commits itself (server/db/client.ts), so this
 *   process drops the value before the writing statement returns (read your own writes), once.
 *   While the listener's connection is down, reads go to the database, and everything is dropped
 *   when it is back.
 * - PGlite: one process; its NOTIFYs are delivered at the commit.
 * A change drops the values being loaded too, so a read that began before a change never outlives it.
 */
export type ShellDataCache = {
  /**
   * The read `load`, kept in memory per key (a language) until `topic` changes. The value is
   * frozen: callers share it.
   */
  cached<K, V>(topic: ShellDataTopic, load: (key: K) => Promise<V>): (key: K) => Promise<V>;
  /**
   * Starts listening (the first read does it too: until then reads go to the database); resolves
   * once values are kept, or when listening failed (reads then go to the database and a later
   * read tries again).
   */
  start(): Promise<void>;
  /** Stops listening and keeps nothing (shutdown; closing the database does it too). */
  stop(): Promise<void>;
};

/** Without a cache (a module built on its own in a test or a script): every read goes to the database. */
export const noShellDataCache: ShellDataCache = {
  cached: (_topic, load) => load,
  start: async () => {},
  stop: async () => {},
};

/** One cached read's values by key, each the promise of its load (concurrent reads share it). */
/** A cached read's key: a language, "all", or NO_KEY. */
type StoreKey = string | number | symbol | object;
type Store = Cache<StoreKey, Promise<unknown>>;

/** The tag of every shell data cache, and of those of one topic (server/lib/cache.ts). */
export const SHELL_DATA_TAG = "shell-data";
export const shellDataTag = (topic: ShellDataTopic) => `shell-data:${topic}`;
const TOPICS: readonly string[] = [
  "settings",
  "currencies",
  "categories",
  "banners",
] satisfies ShellDataTopic[];

const NO_KEY = Symbol("no key");

/** Keys of one cached read (a language, "all"): a bound that the few real keys never reach. */
const MAX_KEYS = 64;

export function createShellDataCache(options: {
  database: Pick<Database, "onClose" | "sessions">;
  listener: NotificationListener;
  logger?: Pick<Logger, "warn">;
  /** The registry the values are kept in; the process's by default. */
  registry?: CacheRegistry;
}): ShellDataCache {
  const { database, listener, logger } = options;
  const { add, drop, changed, dispose } = createStores(options.registry ?? caches);
  /** "live": every change is heard, so values may be kept. */
  let state: "idle" | "starting" | "live" | "down" | "stopped" = "idle";
  const stops: (() => Promise<void> | void)[] = [];
  let starting: Promise<void> = Promise.resolve();

  function start(): Promise<void> {
    if (state !== "idle") return starting;
    state = "starting";
    stops.push(
      database.sessions.onOwnNotification(changed),
      // While the connection is down changes go unheard: nothing is kept until it is back.
      listener.onDisconnect(() => {
        if (state === "stopped") return;
        state = "down";
        drop(null);
      }),
      listener.onReconnect(() => {
        if (state === "stopped") return;
        drop(null);
        state = "live";
      }),
    );
    starting = listener
      // A session of this process reported its own change already, before its statement returned.
      .listen(SHELL_DATA_CHANNEL, (payload, sender) => {
        if (sender === undefined || !database.sessions.isOwn(sender)) changed(payload);
      })
      .then((unlisten) => {
        stops.push(unlisten);
        if (state === "stopped") return void unlisten();
        if (state === "starting") state = "live";
      })
      .catch((error: unknown) => {
        logger?.warn({ err: error }, "shell data: cannot listen for changes; reading from the database");
        if (state === "starting") {
          // Try again on a later read.
          for (const stop of stops.splice(0)) void stop();
          state = "idle";
        }
      });
    return starting;
  }

  async function stop() {
    state = "stopped";
    dispose();
    for (const stop of stops.splice(0)) await stop();
  }
  database.onClose(stop);

  return {
    cached<K, V>(topic: ShellDataTopic, load: (key: K) => Promise<V>) {
      const read = keptRead(add(topic), load, () => state === "live");
      return (key: K): Promise<V> => {
        void start();
        return read(key);
      };
    },
    start,
    stop,
  };
}

/**
 * The kept values: a registry cache per cached read, tagged with its topic, so that a change goes
 * through the registry's one invalidation path. A change is heard from PostgreSQL (a NOTIFY, or a
 * session of this process reporting its own), so it is a "remote" invalidation: not sent again.
 */
function createStores(registry: CacheRegistry) {
  const stores: Store[] = [];
  const drop = (topic: ShellDataTopic | null) =>
    registry.invalidate({ tag: topic === null ? SHELL_DATA_TAG : shellDataTag(topic) }, "remote");
  return {
    add(topic: ShellDataTopic): Store {
      const store = registry.create<StoreKey, Promise<unknown>>({
        name: `shell-data.${topic}`,
        tags: [SHELL_DATA_TAG, shellDataTag(topic)],
        maxEntries: MAX_KEYS,
      });
      stores.push(store);
      return store;
    },
    drop,
    /** A NOTIFY's payload is a topic; anything else (a future topic, none) drops everything. */
    changed(payload: string | undefined) {
      drop(payload !== undefined && TOPICS.includes(payload) ? (payload as ShellDataTopic) : null);
    },
    /** Every store leaves the registry (the cache stopped: reads go to the database from now on). */
    dispose() {
      for (const store of stores.splice(0)) store.dispose();
    },
  };
}

/** Freezes a value and everything in it: a shared cached value must not be changed by a caller. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/** Reads through `store` while `live()`: one load per key, frozen and shared; a failed read is not kept. */
function keptRead<K, V>(store: Store, load: (key: K) => Promise<V>, live: () => boolean) {
  return (key: K): Promise<V> => {
    if (!live()) return load(key);
    // A read without a key (the settings' snapshot) is kept under one of its own.
    const slot: StoreKey = key ?? NO_KEY;
    const hit = store.get(slot);
    if (hit) return hit as Promise<V>;
    const value = load(key).then(deepFreeze);
    store.set(slot, value);
    value.catch(() => {
      if (store.peek(slot) === value) store.delete(slot);
    });
    return value;
  };
}
