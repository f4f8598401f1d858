import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { RateLimiter, shareRateLimits } from "#server/lib/rate-limit.ts";
import { createPostgresRateLimitStore } from "./postgres-store.ts";

/**
 * The limits every instance counts together (ADR 0095): two stores on two pools of one
 * PostgreSQL database stand for two instances. PostgreSQL only (the embedded database serves one
 * process, whose limiters count in memory).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("rate limits in PostgreSQL", () => {
  let database: TestDatabase;
  let other: Database;
  const serverKey = "k".repeat(32);

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    other = await openDatabase({ engine: "postgres", url, poolSize: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });

  const storeOf = (db: Database, key = serverKey) =>
    createPostgresRateLimitStore({ pool: db.pool!, serverKey: key });

  it("counts the attempts of both instances in one window, refuses on either, and forgets on reset", async () => {
    const options = { name: "login:account-ip", limit: 4, windowMs: 15 * 60_000 };
    const here = new RateLimiter(options);
    const there = new RateLimiter(options);
    const unshare = shareRateLimits(storeOf(database));
    try {
      expect(await here.attempt("petr@example.cz\nip\n10.0.0.1")).toBe(true);
      expect(await here.attempt("petr@example.cz\nip\n10.0.0.1")).toBe(true);
    } finally {
      unshare();
    }
    const unshareThere = shareRateLimits(storeOf(other));
    try {
      expect(await there.count("petr@example.cz\nip\n10.0.0.1")).toBe(2);
      expect(await there.attempt("petr@example.cz\nip\n10.0.0.1")).toBe(true);
      expect(await there.attempt("petr@example.cz\nip\n10.0.0.1")).toBe(true);
      expect(await there.isLimited("petr@example.cz\nip\n10.0.0.1")).toBe(true);
      expect(await there.attempt("petr@example.cz\nip\n10.0.0.1")).toBe(false);
      const wait = await there.retryAfterSeconds("petr@example.cz\nip\n10.0.0.1");
      expect(wait).toBeGreaterThan(14 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      // Another limiter's keys are apart.
      const uploads = new RateLimiter({ name: "uploads", limit: 1, windowMs: 60_000 });
      expect(await uploads.attempt("petr@example.cz\nip\n10.0.0.1")).toBe(true);
      await there.reset("petr@example.cz\nip\n10.0.0.1");
      expect(await there.count("petr@example.cz\nip\n10.0.0.1")).toBe(0);
    } finally {
      unshareThere();
    }
  });

  it("keeps no e-mail or address in the table, only keyed hashes", async () => {
    const limiter = new RateLimiter({ name: "password-reset:email", limit: 3, windowMs: 3600_000 });
    const unshare = shareRateLimits(storeOf(database));
    try {
      await limiter.attempt("jana.novakova@example.cz");
    } finally {
      unshare();
    }
    const { rows } = await database.pool!.query<{ key: string }>("select key from rate_limits");
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[a-z:.-]+:[0-9a-f]{64}$/);
      expect(key).not.toContain("example.cz");
    }
    // An instance with another server key does not find the window (hence: one key for all of them).
    const stranger = new RateLimiter({ name: "password-reset:email", limit: 3, windowMs: 3600_000 });
    const unshareStranger = shareRateLimits(storeOf(other, "x".repeat(32)));
    try {
      expect(await stranger.count("jana.novakova@example.cz")).toBe(0);
    } finally {
      unshareStranger();
    }
  });
});
