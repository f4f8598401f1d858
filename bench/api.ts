/**
 * API middleware benchmark (issue 18, item 7; not part of `npm test`). The production server on
 * the demo data against a bare node:http server that answers exactly the bytes and headers the
 * app answered (bench/bare-server.ts), driven by wrk with the same load, alternating
 * app / bare / app / bare; prints req/s, p50/p95, the server's CPU per request and the ratio.
 *
 *   BUILD_DIR=h3 npx react-router build
 *   BUILD_DIR=h3 node bench/api.ts [--seconds 10] [--connections 50] [--rounds 2] [--port 3630]
 *                                  [--path /api/lists/currencies --path /api/settings ...]
 *   DATABASE_URL=postgres://…/empty_db BUILD_DIR=h3 node bench/api.ts …   (PostgreSQL)
 *   … --settle 75   (seconds to wait after the start; PGlite's start-up VACUUM, 75 by default there)
 *   … --log-level warn   (without the request log's line per request, to see what it costs)
 *   node bench/api.ts --layers [--requests 20000]   (each layer's CPU per request, in process:
 *                                                    bench/api-layers.ts)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  fmt,
  type LoadResult,
  loadAverage,
  record,
  runWrk,
  type Started,
  startBare,
  startServer,
} from "./http-load.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
    port: { type: "string", default: "3630" },
    path: { type: "string", multiple: true },
    layers: { type: "boolean", default: false },
    requests: { type: "string", default: "20000" },
    "log-level": { type: "string", default: "info" },
    settle: { type: "string" },
  },
});

if (values.layers) {
  const { measureLayers } = await import("./api-layers.ts");
  await measureLayers(Number(values.requests), values.path);
  process.exit(0);
}

const paths = values.path ?? ["/api/lists/currencies", "/api/lists/countries/cs", "/api/settings"];
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-api-"));

type Row = {
  path: string;
  bytes: number;
  headerBytes: [number, number];
  app: LoadResult[];
  bare: LoadResult[];
};

async function measurePath(server: Started, route: string): Promise<Row> {
  const url = `${server.base}${route}`;
  const answer = await record(url);
  if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
  const bare = await startBare(port + 1, answer);
  const bareAnswer = await record(`${bare.base}${route}`);
  const row: Row = {
    path: route,
    bytes: answer.body.length,
    headerBytes: [answer.headerBytes, bareAnswer.headerBytes],
    app: [],
    bare: [],
  };
  try {
    // Warm-up of both (JIT, the shell data cache), then the alternating rounds.
    await runWrk(url, { seconds: 2, connections });
    await runWrk(`${bare.base}${route}`, { seconds: 2, connections });
    for (let round = 0; round < Number(values.rounds); round++) {
      row.app.push(await runWrk(url, { seconds, connections, pids: server.pids() }));
      row.bare.push(await runWrk(`${bare.base}${route}`, { seconds, connections, pids: bare.pids() }));
    }
  } finally {
    await bare.stop();
  }
  return row;
}

const mean = (results: LoadResult[], key: keyof LoadResult) =>
  results.reduce((sum, r) => sum + Number(r[key] ?? 0), 0) / results.length;

function printRow(row: Row) {
  const line = (name: string, results: LoadResult[]) =>
    `| ${name.padEnd(5)} | ${results.map((r) => fmt(r.rps)).join(" / ")} | ${fmt(mean(results, "p50ms"), 2)} | ${fmt(mean(results, "p95ms"), 2)} | ${fmt(mean(results, "cpuUsPerRequest"))} | ${results.reduce((s, r) => s + r.bad, 0)} |`;
  const ratio = mean(row.app, "rps") / mean(row.bare, "rps");
  console.log(
    `\n${row.path}: ${row.bytes} bytes of body, headers ${row.headerBytes[0]} (app) / ${row.headerBytes[1]} (bare) bytes`,
  );
  console.log("| server | req/s per round | p50 ms | p95 ms | CPU µs/req | bad |");
  console.log("| ----- | ---: | ---: | ---: | ---: | ---: |");
  console.log(line("app", row.app));
  console.log(line("bare", row.bare));
  console.log(`app / bare: ${fmt(ratio * 100, 1)} % of req/s`);
}

console.log(
  `${databaseUrl ? "PostgreSQL" : "PGlite"}, ${connections} connections, ${seconds} s per run, ` +
    `${values.rounds} rounds A/B, Node ${process.version}, load ${loadAverage()} before`,
);
const server = await startServer({ port, dataDir, databaseUrl, env: { LOG_LEVEL: values["log-level"] } });
// PGlite runs in the server's own thread: its start-up VACUUM (a minute after the start,
// server/jobs/maintenance.ts) would stall the event loop in the middle of a run.
const settle = Number(values.settle ?? (databaseUrl ? 0 : 75));
if (settle > 0) {
  console.log(`waiting ${settle} s for the start-up vacuum`);
  await new Promise((resolve) => setTimeout(resolve, settle * 1000));
}
try {
  for (const route of paths) printRow(await measurePath(server, route));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nload ${loadAverage()} after`);
