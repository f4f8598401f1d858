import { type SQL, sql } from "drizzle-orm";
import { bigint, type PgColumn, timestamp } from "drizzle-orm/pg-core";

/**
 * Column helpers shared by every module's tables.ts, so that the whole schema follows one set of
 * conventions: snake_case SQL names given explicitly (the client does not set drizzle's `casing`),
 * UTC instants as `timestamp with time zone`, money as integer minor units of CZK.
 */

/** The content languages; columns with a `locale` accept exactly these. */
export const LOCALES = ["cs", "en"] as const;

/** A point in time, stored as `timestamp with time zone` and read as a JS Date. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, mode: "date" });
}

/** `created_at`, filled by the database. */
export function createdAt() {
  return timestamptz("created_at").notNull().defaultNow();
}

/** `updated_at`, filled on insert; services set it on every update. */
export function updatedAt() {
  return timestamptz("updated_at").notNull().defaultNow();
}

/** An amount of money in integer minor units of CZK (haléře); pair it with `nonNegative`. */
export function money(name: string) {
  return bigint(name, { mode: "number" });
}

/** SQL for `column IN ('a', 'b', ...)` over a constant list, for CHECK constraints. */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

/** SQL for `column >= 0` (NULL passes, as always in a CHECK). */
export function nonNegative(column: PgColumn): SQL {
  return sql`${column} >= 0`;
}

/** SQL for `column BETWEEN low AND high`. */
export function between(column: PgColumn, low: number, high: number): SQL {
  return sql`${column} between ${sql.raw(String(low))} and ${sql.raw(String(high))}`;
}
