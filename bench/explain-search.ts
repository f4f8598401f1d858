/**
 * Prints the query plans (EXPLAIN ANALYZE) of the statements one search page and one autocomplete
 * request run, on a database filled by `npm run seed:large` (see bench/README.md). It checks that
 * the search goes through the full-text index rather than reading every product.
 *
 *   node bench/explain-search.ts --data-dir /tmp/bench-data [--q "glenfiddich 18"] [--vacuum]
 *   DATABASE_URL=postgres://… node bench/explain-search.ts --q zakapa
 */
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import { type Db, openDatabase } from "#server/db/client.ts";
import { createListingQueries } from "#server/modules/listing-reads/index.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: "./data-bench" },
    q: { type: "string", multiple: true },
    vacuum: { type: "boolean", default: false },
    full: { type: "boolean", default: false },
  },
});
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = databaseUrl
  ? await openDatabase({ engine: "postgres", url: databaseUrl })
  : await openDatabase({ engine: "pglite", dataDir: values["data-dir"] });

type Rows = { rows?: Record<string, unknown>[] };

try {
  if (values.vacuum) await database.exec("VACUUM ANALYZE");
  const real = database.db;
  const plans: string[] = [];
  // Every statement the listing code runs is explained instead (EXPLAIN ANALYZE runs it too, so the
  // results come from a second, plain execution).
  const explaining = new Proxy(real, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        // The search's own estimate (`explain (format json)`, newest-hits.ts) runs as it is.
        const text = (target as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query).sql;
        if (/^\s*explain\b/i.test(text)) return real.execute(query);
        const plan = (await real.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as Rows;
        plans.push((plan.rows ?? []).map((row) => String(Object.values(row)[0])).join("\n"));
        return real.execute(query);
      };
    },
  }) as Db;
  const listing = createListingQueries(explaining);
  for (const q of values.q ?? ["rum zacapa", "zakapa"]) {
    for (const [name, run] of [
      [`search page q=${q}`, () => listing.listingPage({ locale: "cs", q })],
      [`autocomplete q=${q}`, () => listing.autocomplete(q, "cs")],
    ] as const) {
      plans.length = 0;
      const started = performance.now();
      await run();
      console.log(`\n=== ${name} (${(performance.now() - started).toFixed(0)} ms with EXPLAIN) ===`);
      for (const plan of plans) {
        const lines = plan.split("\n");
        // The planner's choice is what matters: index names and the execution time.
        const shown = values.full
          ? lines
          : lines.filter((line) => /Index|Seq Scan|Bitmap|Execution Time|rows=\d{4,}/.test(line));
        console.log(`--\n${shown.join("\n")}`);
      }
    }
  }
} finally {
  await database.close();
}
