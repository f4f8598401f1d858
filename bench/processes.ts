/**
 * One process against two (issue 18, item 8; ADR 0035; not part of `npm test`): the production
 * server on PostgreSQL with WORKERS=1 and WORKERS=2 in the same run, on the same database with
 * the demo data, driven by wrk: a category page from the page cache, the same page rendered
 * (PAGE_CACHE=off, ADR 0031), and a public API list. Prints req/s, p50/p95 and CPU per request
 * of the whole server (primary and workers).
 *
 *   BUILD_DIR=h3 npx react-router build
 *   psql -h 127.0.0.1 -U postgres -c 'create database rarita_processes'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_processes BUILD_DIR=h3 \
 *     node bench/processes.ts [--seconds 10] [--connections 50] [--port 3634] [--page /2/rum]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fmt, type LoadResult, loadAverage, runWrk, startServer } from "./http-load.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3634" },
    page: { type: "string", default: "/2/rum" },
    api: { type: "string", default: "/api/lists/currencies" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is required: several workers need PostgreSQL.");
  process.exit(1);
}
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
// A browser's User-Agent: a crawler's would be answered without the page cache's copy.
const headers = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-processes-"));

type Row = { scenario: string; workers: number; result: LoadResult };
const rows: Row[] = [];

async function measure(workers: number, pageCache: "on" | "off") {
  const server = await startServer({ port, dataDir, databaseUrl, workers, env: { PAGE_CACHE: pageCache } });
  try {
    const scenarios: [string, string][] =
      pageCache === "on"
        ? [
            [`page ${values.page} (cached)`, values.page ?? "/"],
            [`API ${values.api}`, values.api ?? "/"],
          ]
        : [[`page ${values.page} (rendered)`, values.page ?? "/"]];
    for (const [scenario, route] of scenarios) {
      const url = `${server.base}${route}`;
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${route} answered ${check.status}`);
      await check.arrayBuffer();
      // Each worker warms up its own JIT and page cache: 5 s before the measured run.
      await runWrk(url, { seconds: 5, connections, headers });
      rows.push({
        scenario,
        workers,
        result: await runWrk(url, { seconds, connections, headers, pids: server.pids() }),
      });
    }
  } finally {
    await server.stop();
  }
}

console.log(
  `PostgreSQL, ${connections} connections, ${seconds} s per run, ${os.availableParallelism()} CPUs, ` +
    `Node ${process.version}, load ${loadAverage()} before`,
);
for (const pageCache of ["on", "off"] as const) {
  for (const workers of [1, 2]) await measure(workers, pageCache);
}
fs.rmSync(dataDir, { recursive: true, force: true });

console.log("\n| scenario | workers | req/s | p50 ms | p95 ms | CPU µs/req | bad | 2 vs 1 |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) {
  const one = rows.find((r) => r.scenario === row.scenario && r.workers === 1)?.result.rps ?? row.result.rps;
  const r = row.result;
  console.log(
    `| ${row.scenario} | ${row.workers} | ${fmt(r.rps)} | ${fmt(r.p50ms, 1)} | ${fmt(r.p95ms, 1)} | ${fmt(r.cpuUsPerRequest ?? 0)} | ${r.bad} | ${row.workers === 2 ? `${fmt(r.rps / one, 2)}×` : ""} |`,
  );
}
console.log(`\nload ${loadAverage()} after`);
