import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import type { NotificationListener } from "#server/db/listen.ts";
import {
  type CacheRegistry,
  caches,
  type Invalidation,
  invalidationPayload,
  PUBLIC_TAG,
  parseInvalidation,
} from "#server/lib/cache.ts";
import type { Logger } from "#server/logger.ts";

/** The NOTIFY channel on which an instance tells the others what it invalidated (ADR 0095). */
export const CACHE_INVALIDATIONS_CHANNEL = "cache_invalidations";

/**
 * Every cache coherent across instances (ADR 0095): what this process invalidates in its registry
 * is sent to the others, what they invalidate is applied here, and while the LISTEN connection is
 * lost (invalidations go unheard) every cache is cleared, when it drops and again when it is back.
 *
 * The public pages' and lists' `public` tag travels on its own channel with its own coalescing
 * (public-changes.ts, ADR 0056) and is not sent here (a job's clear of them, which no request
 * announces, uses PUBLIC_FROM_JOB_TAG, which is: ADR 0117); the shell data's invalidations come from its
 * tables' triggers, as "remote" ones, and are never sent either.
 */
export type CacheInvalidations = {
  /** Starts listening and sending; resolves once it listens (PGlite: one process, nothing to send). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** A NOTIFY payload: the sending instance, a space, the invalidation. */
const message = (instance: string, invalidation: Invalidation) =>
  `${instance} ${invalidationPayload(invalidation)}`;

export function createCacheInvalidations(options: {
  database: Pick<Database, "db" | "engine">;
  listener: NotificationListener;
  logger?: Pick<Logger, "warn">;
  /** The process's registry by default; a test's own stands for another instance. */
  registry?: CacheRegistry;
}): CacheInvalidations {
  const { database, listener, logger } = options;
  const registry = options.registry ?? caches;
  const instance = randomUUID();
  const stops: (() => Promise<void> | void)[] = [];

  function send(invalidation: Invalidation) {
    const payload = message(instance, invalidation);
    database.db.execute(sql`select pg_notify(${CACHE_INVALIDATIONS_CHANNEL}, ${payload})`).catch((error) => {
      logger?.warn({ err: error }, "cache invalidations: the announcement failed");
    });
  }

  function heard(payload: string | undefined) {
    if (!payload) return;
    const space = payload.indexOf(" ");
    if (space < 0 || payload.slice(0, space) === instance) return;
    const invalidation = parseInvalidation(payload.slice(space + 1));
    if (invalidation) registry.invalidate(invalidation, "remote");
  }

  /** Everything kept may have missed an invalidation: nothing of it is trusted. */
  const clearAll = () => registry.clearAll();

  return {
    async start() {
      if (database.engine !== "postgres" || stops.length > 0) return;
      stops.push(
        registry.onInvalidate((invalidation, origin) => {
          if (origin !== "local" || ("tag" in invalidation && invalidation.tag === PUBLIC_TAG)) return;
          send(invalidation);
        }),
        listener.onDisconnect(clearAll),
        listener.onReconnect(clearAll),
      );
      stops.push(await listener.listen(CACHE_INVALIDATIONS_CHANNEL, heard));
    },
    async stop() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
