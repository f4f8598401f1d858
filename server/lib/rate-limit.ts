/**
 * Rate limits (ADR 0095): a fixed window per key, counted where every instance of the site counts.
 *
 * A limiter has a name (unique per call site: it prefixes its keys in the shared store), a limit
 * and a window. Where it counts is the process's: a shared store when the server runs on
 * PostgreSQL (`shareRateLimits`, set once by the start with rate-limiter-flexible's PostgreSQL
 * limiter, server/modules/rate-limits), so that every worker and every machine counts together;
 * otherwise (the embedded database serves one process; a service built in a test) this process's
 * memory, whose clock a test may set. Every call is asynchronous because the shared store is.
 */

/** One key's window: the attempts counted in it and the milliseconds until it ends. */
export type WindowState = { count: number; msLeft: number };

/** One limiter's counts in a store. */
export type LimiterBackend = {
  /** Counts an attempt; the key's window after it. */
  consume(key: string): Promise<WindowState>;
  /** The key's window now, or null when it has none (never counted, or its window ended). */
  get(key: string): Promise<WindowState | null>;
  delete(key: string): Promise<void>;
};

/** Where limiters count: one backend per limiter name. */
export type RateLimitStore = {
  limiter(options: { name: string; limit: number; windowMs: number }): LimiterBackend;
};

let sharedStore: RateLimitStore | null = null;

/**
 * Makes every limiter of this process count in `store` from its next call on (the server's start
 * on PostgreSQL). Returns the function that goes back to memory (tests, shutdown).
 */
export function shareRateLimits(store: RateLimitStore): () => void {
  sharedStore = store;
  return () => {
    if (sharedStore === store) sharedStore = null;
  };
}

export type RateLimiterOptions = {
  /** Unique per call site, e.g. "login:ip": the store keeps the keys of each limiter apart. */
  name: string;
  /** Attempts allowed per key in a window; the next one is refused. */
  limit: number;
  windowMs: number;
  /** The memory store's clock (tests); the shared store counts on the database server's instances' clocks. */
  now?: () => number;
};

/**
 * A fixed-window counter per key. It guards logins and code checks against guessing and the
 * site's costly or annoying actions (mail, uploads, lookups) against floods.
 */
export class RateLimiter {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  private readonly memory: LimiterBackend;
  private shared: { store: RateLimitStore; backend: LimiterBackend } | null = null;

  constructor(options: RateLimiterOptions) {
    this.name = options.name;
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.memory = memoryWindows(options.windowMs, options.now ?? Date.now);
  }

  /** The process's shared store when there is one (chosen per call: the start may set it after construction). */
  private backend(): LimiterBackend {
    if (!sharedStore) return this.memory;
    if (this.shared?.store !== sharedStore)
      this.shared = {
        store: sharedStore,
        backend: sharedStore.limiter({ name: this.name, limit: this.limit, windowMs: this.windowMs }),
      };
    return this.shared.backend;
  }

  /** Counts one attempt; resolves false when the key is over its limit in this window. */
  async attempt(key: string): Promise<boolean> {
    const state = await this.backend().consume(key);
    return state.count <= this.limit;
  }

  /** True when the key has used up its window, without counting a new attempt. */
  async isLimited(key: string): Promise<boolean> {
    const state = await this.backend().get(key);
    return state !== null && state.count >= this.limit;
  }

  /** Attempts counted for the key in its current window (0 when none or the window is over). */
  async count(key: string): Promise<number> {
    return (await this.backend().get(key))?.count ?? 0;
  }

  /** Seconds until the key may try again (for Retry-After); 0 when it has no window. */
  async retryAfterSeconds(key: string): Promise<number> {
    const state = await this.backend().get(key);
    return state ? Math.max(1, Math.ceil(state.msLeft / 1000)) : 0;
  }

  /** Seconds to wait when the key is limited, else 0: one read for `isLimited` and `retryAfterSeconds`. */
  async wait(key: string): Promise<number> {
    const state = await this.backend().get(key);
    return state !== null && state.count >= this.limit ? Math.max(1, Math.ceil(state.msLeft / 1000)) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.backend().delete(key);
  }
}

/** Keys at which the memory store drops the windows that ended. */
const PRUNE_AT = 50_000;

/**
 * This process's windows (one process on the embedded database; tests, whose clock it reads).
 * Not rate-limiter-flexible's memory limiter: that one runs on the wall clock and a timer per key.
 */
function memoryWindows(windowMs: number, now: () => number): LimiterBackend {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = hits.get(key);
    return entry && entry.resetAt > now() ? entry : undefined;
  };
  const stateOf = (entry: { count: number; resetAt: number }) => ({
    count: entry.count,
    msLeft: entry.resetAt - now(),
  });
  return {
    async consume(key) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return stateOf(entry);
      }
      if (hits.size > PRUNE_AT) for (const [k, e] of hits) if (e.resetAt <= now()) hits.delete(k);
      const fresh = { count: 1, resetAt: now() + windowMs };
      hits.set(key, fresh);
      return stateOf(fresh);
    },
    async get(key) {
      const entry = live(key);
      return entry ? stateOf(entry) : null;
    },
    async delete(key) {
      hits.delete(key);
    },
  };
}
