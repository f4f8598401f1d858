import { afterEach, describe, expect, it } from "vitest";
import { type LimiterBackend, RateLimiter, type RateLimitStore, shareRateLimits } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows the limit, refuses the next, and opens again after the window", async () => {
    let now = 1_000;
    const limiter = new RateLimiter({ name: "t", limit: 3, windowMs: 60_000, now: () => now });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await limiter.attempt("a"));
    expect(results).toEqual([true, true, true]);
    expect(await limiter.attempt("a")).toBe(false);
    expect(await limiter.attempt("b")).toBe(true);
    expect(await limiter.retryAfterSeconds("a")).toBe(60);
    now += 60_000;
    expect(await limiter.attempt("a")).toBe(true);
  });
});

describe("RateLimiter.isLimited", () => {
  it("reports a used-up key without counting another attempt", async () => {
    const limiter = new RateLimiter({ name: "t", limit: 2, windowMs: 1_000, now: () => 0 });
    expect(await limiter.isLimited("k")).toBe(false);
    await limiter.attempt("k");
    expect(await limiter.isLimited("k")).toBe(false);
    await limiter.attempt("k");
    expect(await limiter.isLimited("k")).toBe(true);
    expect(await limiter.wait("k")).toBe(1);
    await limiter.reset("k");
    expect(await limiter.isLimited("k")).toBe(false);
    expect(await limiter.wait("k")).toBe(0);
  });
});

describe("shareRateLimits", () => {
  let unshare = () => {};
  afterEach(() => unshare());

  /** A store kept in one map, as two processes would see one table. */
  function oneTable(): RateLimitStore & { names: string[] } {
    const rows = new Map<string, number>();
    const names: string[] = [];
    return {
      names,
      limiter({ name }): LimiterBackend {
        names.push(name);
        return {
          async consume(key) {
            const count = (rows.get(`${name}:${key}`) ?? 0) + 1;
            rows.set(`${name}:${key}`, count);
            return { count, msLeft: 5_000 };
          },
          async get(key) {
            const count = rows.get(`${name}:${key}`);
            return count === undefined ? null : { count, msLeft: 5_000 };
          },
          async delete(key) {
            rows.delete(`${name}:${key}`);
          },
        };
      },
    };
  }

  it("counts the limiters of one name together once a store is shared, also those made before", async () => {
    const a = new RateLimiter({ name: "login:ip", limit: 2, windowMs: 60_000 });
    const b = new RateLimiter({ name: "login:ip", limit: 2, windowMs: 60_000 });
    const other = new RateLimiter({ name: "uploads", limit: 2, windowMs: 60_000 });
    await a.attempt("10.0.0.1");
    const store = oneTable();
    unshare = shareRateLimits(store);
    expect(await a.attempt("10.0.0.1")).toBe(true);
    expect(await b.attempt("10.0.0.1")).toBe(true);
    expect(await a.attempt("10.0.0.1")).toBe(false);
    expect(await b.retryAfterSeconds("10.0.0.1")).toBe(5);
    expect(await other.attempt("10.0.0.1")).toBe(true);
    await b.reset("10.0.0.1");
    expect(await a.isLimited("10.0.0.1")).toBe(false);
    unshare();
    // Back in memory: this limiter's own window (its first attempt, before the store) again.
    expect(await a.count("10.0.0.1")).toBe(1);
  });
});
