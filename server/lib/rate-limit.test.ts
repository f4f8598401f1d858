import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows the limit, refuses the next, and opens again after the window", () => {
    let now = 1_000;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.attempt("a"))).toEqual([true, true, true]);
    expect(limiter.attempt("a")).toBe(false);
    expect(limiter.attempt("b")).toBe(true);
    expect(limiter.retryAfterSeconds("a")).toBe(60);
    now += 60_000;
    expect(limiter.attempt("a")).toBe(true);
  });
});

describe("RateLimiter.isLimited", () => {
  it("reports a used-up key without counting another attempt", () => {
    const limiter = new RateLimiter(2, 1_000, () => 0);
    expect(limiter.isLimited("k")).toBe(false);
    limiter.attempt("k");
    expect(limiter.isLimited("k")).toBe(false);
    limiter.attempt("k");
    expect(limiter.isLimited("k")).toBe(true);
    limiter.reset("k");
    expect(limiter.isLimited("k")).toBe(false);
  });
});
