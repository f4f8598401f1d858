import { bigint, index, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * The rate limiters' windows on PostgreSQL, shared by every instance (ADR 0095). Its columns are
 * the ones rate-limiter-flexible's PostgreSQL limiter reads and writes (its own CREATE TABLE, made
 * here by a migration instead of at run time): `key` is the limiter's name and a keyed hash of the
 * limited key (an address, an e-mail, an account), never the key itself; `points` the attempts
 * counted in the window; `expire` its end in epoch milliseconds. Rows that ended an hour ago are
 * deleted by the limiters every five minutes.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
