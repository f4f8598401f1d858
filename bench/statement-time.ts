/**
 * PostgreSQL's own time per request of a few URLs (issue 40; not part of `npm test`): asks a
 * running server for each URL in turn, one request at a time, and reads what its statements cost
 * from `pg_stat_statements` (execution time, buffers read, calls), reset before each URL. An
 * indication, not a bench figure: no reference runs beside it; page-cost.ts measures whole pages
 * with theirs. The server must be the only client of the database while it runs (a production
 * server started by hand: `WORKERS=1 PAGE_CACHE=off`, see bench/README.md).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_bench_1000000 node bench/statement-time.ts \
 *     --origin http://127.0.0.1:3700 --requests 20 --warmup 3 [--top 3] \
 *     '/api/catalog/autocomplete?q=whisky+19' '/hledani?q=zakapa' …
 *
 * The database needs the extension (`shared_preload_libraries = 'pg_stat_statements'` and
 * `create extension pg_stat_statements` in it). Requests carry the age and intro cookies, as a
 * browser past the first visit.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    origin: { type: "string", default: "http://127.0.0.1:3700" },
    requests: { type: "string", default: "20" },
    warmup: { type: "string", default: "3" },
    /** The statements with the most time, per URL. */
    top: { type: "string", default: "0" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL names the database the server reads");
if (positionals.length === 0) throw new Error("name the URLs' paths, e.g. '/hledani?q=zakapa'");

const requests = Number(values.requests);
const warmup = Number(values.warmup);
const top = Number(values.top);
const headers = { Cookie: "age-confirmed=1; intro-popup=hidden" };
const client = new pg.Client(databaseUrl);
await client.connect();
const database = (await client.query("select current_database() as name")).rows[0].name as string;

async function ask(path: string) {
  const response = await fetch(`${values.origin}${path}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
}

/** The statements' sums since the reset, this database's only (this script's own excluded). */
async function statements() {
  const { rows } = await client.query(
    `select query, calls::int, total_exec_time as ms, shared_blks_hit + shared_blks_read as buffers
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = $1)
        and query not like '%pg_stat_statements%'
      order by total_exec_time desc`,
    [database],
  );
  return rows as { query: string; calls: number; ms: number; buffers: string }[];
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
console.log(`${new Date().toISOString()} load ${load()}; ${requests} requests after ${warmup}, ${database}`);
console.log("ms a request | buffers | statements | path");
for (const path of positionals) {
  for (let index = 0; index < warmup; index++) await ask(path);
  await client.query("select pg_stat_statements_reset()");
  for (let index = 0; index < requests; index++) await ask(path);
  const rows = await statements();
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0) / requests;
  console.log(
    `${sum((row) => row.ms).toFixed(2)} | ${Math.round(sum((row) => Number(row.buffers)))} | ${sum((row) => row.calls).toFixed(1)} | ${path}`,
  );
  for (const row of rows.slice(0, top))
    console.log(
      `    ${(row.ms / requests).toFixed(2)} ms, ${Math.round(Number(row.buffers) / requests)} buffers, ${(row.calls / requests).toFixed(1)} calls: ${row.query.replace(/\s+/g, " ").slice(0, 110)}`,
    );
}
console.log(`${new Date().toISOString()} load ${load()}`);
await client.end();
