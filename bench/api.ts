/**
 * API middleware benchmark (issue 18, item 7; not part of `npm test`). The production server on
 * the demo data against a bare node:http server that answers exactly the bytes and headers the
 * app answered (bench/bare-server.ts), driven by wrk with the same load, alternating
 * app / bare / app / bare; prints req/s, p50/p95, the server's CPU per request and the ratios
 * (medians of the rounds).
 *
 *   BUILD_DIR=h3 npx react-router build
 *   BUILD_DIR=h3 node bench/api.ts [--seconds 10] [--connections 50] [--rounds 2] [--port 3630]
 *                                  [--path /api/lists/currencies --path /api/settings ...]
 *   DATABASE_URL=postgres://…/empty_db BUILD_DIR=h3 node bench/api.ts …   (PostgreSQL)
 *   … --settle 75   (seconds to wait after the start; PGlite's start-up VACUUM, 75 by default there)
 *   … --log-level warn   (without the request log's line per request, to see what it costs)
 *   … --header "Cookie: a=b"   (sent with every request: a public list then goes through the whole
 *                               chain instead of the in-memory answer)
 *   … --ref-root /tmp/ref --ref-build ref [--ref-database-url …]   (a reference checkout with its
 *                               own build, measured in the same rounds: app / ref / bare)
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
    header: { type: "string", multiple: true },
    layers: { type: "boolean", default: false },
    requests: { type: "string", default: "20000" },
    "log-level": { type: "string", default: "info" },
    settle: { type: "string" },
    "ref-root": { type: "string" },
    "ref-build": { type: "string" },
    "ref-database-url": { type: "string" },
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
/** Request headers of every request (`--header "Cookie: a=b"`: the whole chain, not the in-memory answer). */
const headers = Object.fromEntries(
  (values.header ?? []).map((header) => {
    const colon = header.indexOf(":");
    return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
  }),
);
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-api-"));
  dataDirs.push(dir);
  return dir;
};

type Row = {
  path: string;
  bytes: number;
  headerBytes: [number, number];
  results: Map<string, LoadResult[]>;
};

/** The servers measured, in the order of each round: the app, the reference (--ref-root) if any, the bare one. */
type Measured = { name: string; server: Started };

async function measurePath(servers: Measured[], route: string): Promise<Row> {
  const answer = await record(`${servers[0].server.base}${route}`, headers);
  if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
  const bare = await startBare(port + 1, answer);
  const bareAnswer = await record(`${bare.base}${route}`, headers);
  const all = [...servers, { name: "bare", server: bare }];
  const row: Row = {
    path: route,
    bytes: answer.body.length,
    headerBytes: [answer.headerBytes, bareAnswer.headerBytes],
    results: new Map(all.map(({ name }) => [name, []])),
  };
  try {
    // Warm-up of each (JIT, the shell data cache), then the alternating rounds.
    for (const { server } of all)
      await runWrk(`${server.base}${route}`, { seconds: 2, connections, headers });
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const { name, server } of all) {
        const result = await runWrk(`${server.base}${route}`, {
          seconds,
          connections,
          headers,
          pids: server.pids(),
        });
        row.results.get(name)?.push(result);
      }
    }
  } finally {
    await bare.stop();
  }
  return row;
}

/** The median of the rounds (the machine's noise comes in bursts: a mean follows one bad round). */
const median = (results: LoadResult[], key: keyof LoadResult) => {
  const sorted = results.map((r) => Number(r[key] ?? 0)).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function printRow(row: Row) {
  const line = (name: string, results: LoadResult[]) =>
    `| ${name.padEnd(5)} | ${results.map((r) => fmt(r.rps)).join(" / ")} | ${fmt(median(results, "rps"))} | ${fmt(median(results, "p50ms"), 2)} | ${fmt(median(results, "p95ms"), 2)} | ${fmt(median(results, "cpuUsPerRequest"), 1)} | ${results.reduce((s, r) => s + r.bad, 0)} |`;
  console.log(
    `\n${row.path}: ${row.bytes} bytes of body, headers ${row.headerBytes[0]} (app) / ${row.headerBytes[1]} (bare) bytes`,
  );
  console.log("| server | req/s per round | median req/s | p50 ms | p95 ms | CPU µs/req | bad |");
  console.log("| ----- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, results] of row.results) console.log(line(name, results));
  const bare = row.results.get("bare") ?? [];
  for (const [name, results] of row.results) {
    if (name === "bare") continue;
    const rps = median(results, "rps") / median(bare, "rps");
    const cpu = median(bare, "cpuUsPerRequest") / median(results, "cpuUsPerRequest");
    console.log(
      `${name} / bare: ${fmt(rps * 100, 1)} % of req/s (medians), bare's CPU per request ${fmt(cpu * 100, 1)} % of ${name}'s`,
    );
  }
}

console.log(
  `${databaseUrl ? "PostgreSQL" : "PGlite"}, ${connections} connections, ${seconds} s per run, ` +
    `${values.rounds} rounds, Node ${process.version}, load ${loadAverage()} before` +
    (values.header ? `, headers ${values.header.join("; ")}` : ""),
);
const env = { LOG_LEVEL: values["log-level"] };
const servers: Measured[] = [
  { name: "app", server: await startServer({ port, dataDir: dataDir(), databaseUrl, env }) },
];
// A reference checkout (a worktree of an earlier commit, with its own build and database) measured
// in the same rounds: a like-for-like comparison on a noisy machine.
if (values["ref-root"]) {
  const server = await startServer({
    port: port + 2,
    root: values["ref-root"],
    dataDir: dataDir(),
    databaseUrl: values["ref-database-url"] || databaseUrl,
    env: { ...env, ...(values["ref-build"] ? { BUILD_DIR: values["ref-build"] } : {}) },
  });
  servers.push({ name: "ref", server });
}
// PGlite runs in the server's own thread: its start-up VACUUM (a minute after the start,
// server/jobs/maintenance.ts) would stall the event loop in the middle of a run.
const settle = Number(values.settle ?? (databaseUrl ? 0 : 75));
if (settle > 0) {
  console.log(`waiting ${settle} s for the start-up vacuum`);
  await new Promise((resolve) => setTimeout(resolve, settle * 1000));
}
try {
  for (const route of paths) printRow(await measurePath(servers, route));
} finally {
  for (const { server } of servers) await server.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`\nload ${loadAverage()} after`);
