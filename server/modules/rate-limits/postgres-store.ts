import { createHmac } from "node:crypto";
import { getTableName } from "drizzle-orm";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { LimiterBackend, RateLimitStore, WindowState } from "#server/lib/rate-limit.ts";
import { rateLimits } from "./tables.ts";

const stateOf = (res: RateLimiterRes): WindowState => ({
  count: res.consumedPoints,
  msLeft: Math.max(0, res.msBeforeNext),
});

/**
 * rate-limiter-flexible's PostgreSQL limiter on the project's pool (ADR 0095): every instance on
 * the database counts in one table, `rate_limits` (made by this module's migration, so the library
 * never creates it: `tableCreated`). A limited key is stored as its HMAC-SHA-256 under a key
 * derived from `serverKey` (ALTCHA_HMAC_KEY, the secret every instance already shares): the table
 * holds no address or e-mail, and hashing a list of known addresses does not find them again.
 * Instances that count together must share that key (the start requires it when several run,
 * server/config.ts). When the database cannot be reached a limiter counts in
 * this process's memory meanwhile (the library's insurance limiter) rather than fail the request.
 */
export function createPostgresRateLimitStore(options: { pool: pg.Pool; serverKey: string }): RateLimitStore {
  const { pool } = options;
  const keySecret = createHmac("sha256", options.serverKey).update("rarita:rate-limit-keys").digest();
  const hash = (key: string) => createHmac("sha256", keySecret).update(key).digest("hex");
  const limiters = new Map<string, LimiterBackend>();
  return {
    limiter({ name, limit, windowMs }) {
      const known = limiters.get(name);
      if (known) return known;
      const common = { keyPrefix: name, points: limit, duration: windowMs / 1000 };
      const limiter = new RateLimiterPostgres({
        ...common,
        storeClient: pool,
        storeType: "pool",
        tableName: getTableName(rateLimits),
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(common),
      });
      const backend: LimiterBackend = {
        async consume(key) {
          // Over the limit the library rejects with the window's state; an error is thrown as is.
          const res = await limiter.consume(hash(key)).catch((refused: unknown) => {
            if (refused instanceof RateLimiterRes) return refused;
            throw refused;
          });
          return stateOf(res);
        },
        async get(key) {
          const res = await limiter.get(hash(key));
          return res ? stateOf(res) : null;
        },
        async delete(key) {
          await limiter.delete(hash(key));
        },
      };
      limiters.set(name, backend);
      return backend;
    },
  };
}
