import type { Db } from "./client.ts";

/**
 * A Drizzle statement built and prepared once per database, for the statements every page runs
 * (the product page's lookups by key). Building a query (walking its columns, naming, binding the
 * parts) was about half of a simple statement's Node CPU: a select by key 152–220 µs built each
 * time, 92–107 µs prepared (bench/README.md, "Where the time goes"). PostgreSQL prepares every
 * parameterised text once per connection anyway (PreparingClient); this saves Node's half.
 *
 * Keyed by the database object, so each database (a test's own, the generic-plan side of
 * `genericPlans(db)`) gets its own statement. Only for statements run on a database itself: a
 * transaction is a new object each time, and its statements are built as before.
 */
export function preparedOnce<S>(build: (db: Db) => S): (db: Db) => S {
  const kept = new WeakMap<Db, S>();
  return (db) => {
    let statement = kept.get(db);
    if (statement === undefined) {
      statement = build(db);
      kept.set(db, statement);
    }
    return statement;
  };
}
