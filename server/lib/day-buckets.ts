import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Figures per day with one grouped query: `bounds` are the instants where the days begin (and the
 * last one ends), ascending, so a day of 23 or 25 hours (the clock change) counts as it is.
 * `width_bucket` numbers a row's instant 1..n by the day it falls in.
 */
export function dayBucketSql(column: SQLWrapper, bounds: readonly Date[]): SQL<number> {
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  return sql<number>`width_bucket(${column}, array[${thresholds}])`.mapWith(Number);
}

/** The rows' range: from the first bound to the last, so the date's index bounds the read. */
export function withinBounds(column: SQLWrapper, bounds: readonly Date[]): SQL {
  return sql`${column} >= ${bounds[0].toISOString()}::timestamptz and ${column} < ${bounds.at(-1)!.toISOString()}::timestamptz`;
}

/** One entry per day (bounds.length - 1), zero where the query found no row. */
export function fillDays<T extends { bucket: number }, R>(
  rows: readonly T[],
  bounds: readonly Date[],
  empty: R,
  read: (row: T) => R,
): R[] {
  const days = Array.from({ length: bounds.length - 1 }, () => empty);
  for (const row of rows) if (row.bucket >= 1 && row.bucket < bounds.length) days[row.bucket - 1] = read(row);
  return days;
}
