import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { shareRateLimits } from "#server/lib/rate-limit.ts";
import { createAltcha, createLoginThrottle, solveAltcha } from "#server/modules/auth/index.ts";
import { createPostgresRateLimitStore } from "#server/modules/rate-limits/index.ts";
import { createCleanups, prepareCrashStorage } from "#server/test/crash-helpers.ts";
import { testPostgresServer } from "#server/test/postgres-cluster.ts";

/**
 * What the auth module remembers between requests, as several instances on one PostgreSQL
 * database see it (issue 38; ADR 0095): the spent proof-of-work challenges and the login's known
 * addresses and devices live where the shared rate limits count, so that a solution spent on one
 * instance is refused by another, and an owner known to one is known to all. Two pools and two
 * stores on one database stand for two instances (each process has one store: the start's
 * `shareRateLimits`, switched here between them). On TEST_DATABASE_URL's server, or on a
 * PostgreSQL cluster of the test's own.
 */

const cleanups = createCleanups();
const serverKey = "shared-auth-memories-key-0123456789abcdef";
let here: Database;
let there: Database;

beforeAll(async () => {
  const storage = await prepareCrashStorage(cleanups, await testPostgresServer(cleanups));
  here = await openDatabase({ engine: "postgres", url: storage.databaseUrl, poolSize: 2 });
  cleanups.add(() => here.close());
  there = await openDatabase({ engine: "postgres", url: storage.databaseUrl, poolSize: 2 });
  cleanups.add(() => there.close());
}, 120_000);
afterAll(() => cleanups.run(), 60_000);

/** Runs `work` as the instance on `database`: its limiters count in that pool's store. */
async function on<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const unshare = shareRateLimits(createPostgresRateLimitStore({ pool: database.pool!, serverKey }));
  try {
    return await work();
  } finally {
    unshare();
  }
}

describe("the auth module's memories on several instances", () => {
  it("refuses on instance B a proof of work spent on instance A", async () => {
    // Each instance has its own ALTCHA (same key, as several instances must be given).
    const altchaA = createAltcha({ purpose: "register", hmacKey: serverKey, bits: 14 });
    const altchaB = createAltcha({ purpose: "register", hmacKey: serverKey, bits: 14 });
    const payload = await solveAltcha(await on(here, () => altchaA.issue()));
    expect(await on(here, () => altchaA.verify(payload))).toBe("ok");
    expect(await on(there, () => altchaB.verify(payload))).toBe("reused");
    expect(await on(here, () => altchaA.verify(payload))).toBe("reused");

    // A payload that is no good spends nothing: its challenge's real solution still passes on B.
    const challenge = await altchaA.issue();
    const good = await solveAltcha(challenge);
    const decoded = JSON.parse(Buffer.from(good, "base64").toString("utf8"));
    decoded.solution.derivedKey = "00".repeat(32);
    const bad = Buffer.from(JSON.stringify(decoded)).toString("base64");
    expect(await on(here, () => altchaA.verify(bad))).toBe("invalid");
    expect(await on(there, () => altchaB.verify(good))).toBe("ok");

    // The table holds keyed hashes of the challenges' signatures, not the signatures.
    const { rows } = await here.pool!.query<{ key: string }>(
      "select key from rate_limits where key like 'altcha:spent:register:%'",
    );
    expect(rows).toHaveLength(2);
    for (const { key } of rows) expect(key).toMatch(/^altcha:spent:register:[0-9a-f]{64}$/);
  }, 60_000);

  it("knows on instance B an address that signed in on instance A", async () => {
    const throttleA = createLoginThrottle(undefined, serverKey);
    const throttleB = createLoginThrottle(undefined, serverKey);
    const email = "vera.kralova@example.cz";
    const home = { ip: "198.51.100.7", device: "device-home" };
    const stranger = { ip: "203.0.113.9" };
    // The owner signs in from home through A; then the account is attacked, through both.
    await on(here, () => throttleA.succeeded(email, home));
    for (let i = 0; i < 10; i++)
      await on(i % 2 ? here : there, () => throttleA.failed(email, { ip: `192.0.2.${i}` }));
    // B challenges a stranger (the failures were counted together) but lets the owner's home in.
    expect((await on(there, () => throttleB.gate(email, stranger))).action).toBe("challenge");
    expect(await on(there, () => throttleB.gate(email, home))).toEqual({ action: "check" });
    // The device alone, from another address, is known too.
    expect(
      await on(there, () => throttleB.gate(email, { ip: "203.0.113.10", device: "device-home" })),
    ).toEqual({
      action: "check",
    });
  }, 60_000);
});
