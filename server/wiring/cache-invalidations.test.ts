import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { createNotificationListener } from "#server/db/listen.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import {
  createCacheRegistry,
  PUBLIC_CACHE_TAGS,
  PUBLIC_FROM_JOB_TAG,
  PUBLIC_TAG,
} from "#server/lib/cache.ts";
import { createCacheInvalidations } from "./cache-invalidations.ts";

/**
 * Every cache coherent across instances (ADR 0095): two instances on one PostgreSQL database, each
 * with its own registry, pool and LISTEN connection, as two processes would have. PostgreSQL only:
 * the embedded database serves one process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("cache invalidations between instances", () => {
  let database: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    other = await openDatabase({ engine: "postgres", url, poolSize: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });

  async function instance(source: Database, applicationName: string) {
    const registry = createCacheRegistry();
    const listener = createNotificationListener({ database: source, applicationName });
    const invalidations = createCacheInvalidations({ database: source, listener, registry });
    await invalidations.start();
    const definitions = registry.create<string, string>({
      name: "listing-attributes.definitions",
      tags: ["listing-attributes"],
      maxEntries: 4,
    });
    const pages = registry.create<string, string>({
      name: "http.page-cache",
      tags: PUBLIC_CACHE_TAGS,
      maxEntries: 4,
    });
    definitions.set("all", "kept");
    pages.set("/", "page");
    return { registry, invalidations, definitions, pages };
  }

  it("clears the other instance's cache when one invalidates, and every cache when its connection drops", async () => {
    const name = `cache_invalidations_${randomBytes(4).toString("hex")}`;
    const here = await instance(database, `${name}_a`);
    const there = await instance(other, `${name}_b`);
    try {
      here.registry.invalidate({ tag: "listing-attributes" });
      expect(here.definitions.get("all")).toBeUndefined();
      await vi.waitFor(() => expect(there.definitions.get("all")).toBeUndefined());
      // The public tag travels on its own channel (public-changes.ts): not sent here.
      here.registry.invalidate({ tag: PUBLIC_TAG });
      there.definitions.set("all", "again");
      here.registry.invalidate({ cache: "listing-attributes.definitions" });
      await vi.waitFor(() => expect(there.definitions.get("all")).toBeUndefined());
      expect(there.pages.get("/")).toBe("page");
      // A job's clear of the public copies (no request of its own announces it) is sent.
      here.registry.invalidate({ tag: PUBLIC_FROM_JOB_TAG });
      await vi.waitFor(() => expect(there.pages.get("/")).toBeUndefined());
      there.pages.set("/", "page");

      // The other instance's LISTEN connection is cut: what it kept may miss an invalidation.
      there.definitions.set("all", "kept before the loss");
      const admin = new pg.Client({ connectionString: other.pool!.options.connectionString });
      await admin.connect();
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
          [`${name}_b`],
        );
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => {
        expect(there.definitions.get("all")).toBeUndefined();
        expect(there.pages.get("/")).toBeUndefined();
      });
      // Back: it hears the others again.
      await vi.waitFor(
        async () => {
          there.definitions.set("all", "kept after");
          here.registry.invalidate({ tag: "listing-attributes" });
          await vi.waitFor(() => expect(there.definitions.get("all")).toBeUndefined(), { timeout: 2_000 });
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await here.invalidations.stop();
      await there.invalidations.stop();
    }
  });
});
