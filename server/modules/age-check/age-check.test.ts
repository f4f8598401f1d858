import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { users } from "#server/modules/users/tables.ts";
import { createAgeCheckPersonalData } from "./personal-data.ts";
import { type AgeCheckService, createAgeCheckService } from "./service.ts";
import { ageCheckAttempts, ageVerifications } from "./tables.ts";

/**
 * The age check on a real database with a provider double that answers what its "person" says:
 * the limit of accounts per identity, a minor refused with nothing kept, a replayed callback,
 * an expired attempt, a guest's check used by exactly one order, the export and the erasure.
 */

const CALLBACK = "http://localhost/overeni-veku/navrat";
let database: TestDatabase;
let db: Db;
let clock = new Date("2026-11-26T10:00:00Z");
let finishes = 0;

/** `params.person`: "adult:<subject>", "minor:<subject>", or a failure's code. */
const provider: AgeProofProvider = {
  method: "bank_id",
  async start({ state }) {
    return { redirectUrl: `https://bank.example/auth?state=${state}`, secret: "verifier" };
  },
  async finish({ params, secret, state }) {
    finishes += 1;
    if (secret !== "verifier" || params.state !== state) return err("invalid_response");
    const [kind, subject] = (params.person ?? "").split(":");
    if (kind === "adult" || kind === "minor") return ok({ adult: kind === "adult", subject });
    return err("cancelled");
  },
};

let service: AgeCheckService;
let limit = 3;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  service = createAgeCheckService({
    db,
    providers: [provider],
    salt: "test-salt-test-salt-test-salt-test-salt",
    accountsPerIdentity: async () => limit,
    now: () => clock,
    startLimiter: new RateLimiter({ name: "age-check-start", limit: 1000, windowMs: 60_000 }),
  });
});
afterAll(() => database?.dispose());

let counter = 0;
async function account(): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({ email: `vek${counter}@example.cz`, username: `vek.${counter}`, passwordHash: "x" })
    .returning();
  return row.id;
}

/** Starts a check and answers its callback as the person given. */
async function check(owner: { userId: number } | { checkoutKey: string }, person: string) {
  const started = await service.start({
    method: "bank_id",
    owner,
    returnPath: "/produkt/1?castka=1500",
    locale: "cs",
    callbackUrl: CALLBACK,
    limitKey: "test",
  });
  if (!started.ok) throw new Error(started.code);
  const state = new URL(started.value.redirectUrl).searchParams.get("state")!;
  return { state, result: await service.finish({ state, person }, CALLBACK) };
}

describe("the age check", () => {
  it("verifies an adult once and sends them back where they were", async () => {
    const userId = await account();
    expect(await service.isVerified(userId)).toBe(false);
    const { result } = await check({ userId }, "adult:jana");
    expect(result).toEqual({
      ok: true,
      value: { returnPath: "/produkt/1?castka=1500", locale: "cs", method: "bank_id", forOrder: false },
    });
    expect(await service.verificationOf(userId)).toEqual({
      method: "bank_id",
      verifiedAt: clock.toISOString(),
    });
    const [row] = await db.select().from(ageVerifications).where(eq(ageVerifications.userId, userId));
    expect(row.subjectHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.subjectHash).not.toContain("jana");
  });

  it("refuses a minor and keeps nothing about them but the failed attempt", async () => {
    const userId = await account();
    const { state, result } = await check({ userId }, "minor:tomas");
    expect(result).toMatchObject({ ok: false, code: "minor" });
    expect(await service.isVerified(userId)).toBe(false);
    const [attempt] = await db.select().from(ageCheckAttempts).where(eq(ageCheckAttempts.state, state));
    expect(attempt).toMatchObject({ outcome: "minor", secret: "" });
  });

  it("lets one identity verify at most the setting's number of accounts", async () => {
    limit = 2;
    const [a, b, c] = [await account(), await account(), await account()];
    expect((await check({ userId: a }, "adult:petr")).result.ok).toBe(true);
    expect((await check({ userId: b }, "adult:petr")).result.ok).toBe(true);
    expect((await check({ userId: c }, "adult:petr")).result).toMatchObject({
      ok: false,
      code: "identity_limit",
    });
    expect(await service.isVerified(c)).toBe(false);
    // Another identity verifies the third account; a verified account checking again is no new account.
    expect((await check({ userId: c }, "adult:eva")).result.ok).toBe(true);
    expect((await check({ userId: a }, "adult:petr")).result.ok).toBe(true);
    limit = 3;
  });

  it("answers a replayed callback as the first time and asks the provider once", async () => {
    const userId = await account();
    const { state, result } = await check({ userId }, "adult:replay");
    const before = finishes;
    const again = await service.finish({ state, person: "minor:replay" }, CALLBACK);
    expect(again).toEqual(result);
    expect(finishes).toBe(before);
    const refused = await check({ userId: await account() }, "cancelled");
    expect(await service.finish({ state: refused.state, person: "adult:x" }, CALLBACK)).toMatchObject({
      ok: false,
      code: "cancelled",
    });
  });

  it("refuses an attempt answered after 15 minutes, and an unknown state", async () => {
    const userId = await account();
    const started = await service.start({
      method: "bank_id",
      owner: { userId },
      returnPath: "/",
      locale: "en",
      callbackUrl: CALLBACK,
      limitKey: "test",
    });
    const state = new URL(started.ok ? started.value.redirectUrl : "").searchParams.get("state")!;
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect(await service.finish({ state, person: "adult:late" }, CALLBACK)).toMatchObject({
      ok: false,
      code: "expired",
      details: { locale: "en" },
    });
    expect(await service.isVerified(userId)).toBe(false);
    expect(await service.finish({ state: "nobody-made-this" }, CALLBACK)).toMatchObject({ code: "expired" });
  });

  it("clears one guest order per passed check, and an account's every order", async () => {
    const checkoutKey = "checkout-key-1";
    const accountsVerified = (await db.select().from(ageVerifications)).length;
    expect(
      await db.transaction((tx) => service.clearOrder(tx as unknown as Db, { userId: null, checkoutKey })),
    ).toBe(false);
    await check({ checkoutKey }, "adult:guest");
    expect(await service.checkoutCleared(checkoutKey)).toBe(true);
    const clear = () =>
      db.transaction((tx) => service.clearOrder(tx as unknown as Db, { userId: null, checkoutKey }));
    expect(await clear()).toBe(true);
    expect(await clear()).toBe(false);
    expect(await service.checkoutCleared(checkoutKey)).toBe(false);
    // A guest's check keeps no subject: it verifies no account.
    expect(await db.select().from(ageVerifications)).toHaveLength(accountsVerified);

    const userId = await account();
    await check({ userId }, "adult:member");
    const member = () =>
      db.transaction((tx) => service.clearOrder(tx as unknown as Db, { userId, checkoutKey: null }));
    expect(await member()).toBe(true);
    expect(await member()).toBe(true);
  });

  it("refuses too many starts from one person", async () => {
    const limited = createAgeCheckService({
      db,
      providers: [provider],
      salt: "s".repeat(32),
      accountsPerIdentity: async () => 3,
      startLimiter: new RateLimiter({ name: "age-check-start", limit: 1, windowMs: 60_000 }),
    });
    const input = {
      method: "bank_id" as const,
      owner: { userId: await account() },
      returnPath: "/",
      locale: "cs" as const,
      callbackUrl: CALLBACK,
      limitKey: "user:1",
    };
    expect((await limited.start(input)).ok).toBe(true);
    expect(await limited.start(input)).toMatchObject({ ok: false, code: "limited" });
    expect(await limited.start({ ...input, method: "eu_wallet" })).toMatchObject({
      code: "method_unavailable",
    });
  });

  it("exports only 18+, the method and the date, and erasure frees the identity", async () => {
    const userId = await account();
    await check({ userId }, "adult:export");
    const source = createAgeCheckPersonalData(db);
    const exported = await source.exportFor({ userId, email: "x@example.cz" });
    expect(exported).toEqual({
      ageVerification: { adult: true, method: "bank_id", verifiedAt: clock },
    });
    await db.transaction((tx) =>
      source.eraseFor(tx as unknown as Db, { userId, email: "x@example.cz", at: clock }),
    );
    expect(await service.isVerified(userId)).toBe(false);
    expect(await db.select().from(ageCheckAttempts).where(eq(ageCheckAttempts.userId, userId))).toEqual([]);
  });
});
