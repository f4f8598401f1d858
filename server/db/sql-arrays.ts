import { type SQL, sql } from "drizzle-orm";

/**
 * Lists bound as ONE array parameter, for `= any(…)`: an IN list of 200 ids was 200 parameters,
 * each a piece of SQL Drizzle put together and checked on every request (about a tenth of the
 * bottling page's Node CPU, ADR 0127), and a statement text of its own per list length.
 */

/** `'{1,2,3}'::int[]`. Only safe integers reach the literal. */
export function intArray(values: readonly number[]): SQL {
  const ints = values.filter((value) => Number.isSafeInteger(value));
  return sql`${`{${ints.join(",")}}`}::int[]`;
}

/** `'{"a","b"}'::text[]`: each value quoted, its quotes and backslashes escaped. */
export function textArray(values: readonly string[]): SQL {
  const quoted = values.map((value) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`);
  return sql`${`{${quoted.join(",")}}`}::text[]`;
}
