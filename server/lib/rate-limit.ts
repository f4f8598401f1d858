/**
 * A fixed-window counter per key, in memory. It guards login and code checks against guessing.
 * Per process: with several instances each keeps its own window, which still bounds guessing to
 * instances x limit.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Counts one attempt; returns false when the key is over its limit in this window. */
  attempt(key: string): boolean {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 50_000) this.prune(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  /** True when the key has used up its window, without counting a new attempt. */
  isLimited(key: string): boolean {
    const entry = this.hits.get(key);
    return entry !== undefined && entry.resetAt > this.now() && entry.count >= this.limit;
  }

  /** Attempts counted for the key in its current window (0 when none or the window is over). */
  count(key: string): number {
    const entry = this.hits.get(key);
    return entry !== undefined && entry.resetAt > this.now() ? entry.count : 0;
  }

  /** Seconds until the key may try again (for Retry-After). */
  retryAfterSeconds(key: string): number {
    const entry = this.hits.get(key);
    return entry ? Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
