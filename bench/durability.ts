/**
 * What durability costs (issue 13; not part of `npm test`): the embedded database with fsync on
 * (the default) against the same code with RARITA_UNSAFE_NO_FSYNC=true (commits stay in the page
 * cache, lost on an OS crash or power cut), measured alternately in one run so that both see the
 * same machine load. bench/README.md has the figures.
 *
 *   node bench/durability.ts bids [--rounds 3] [--seconds 10] [--bidders 50] [--postgres URL]
 *   BUILD_DIR=bench node bench/durability.ts pages [--rounds 3] [--seconds 5]
 *
 * bids:  bench/bidding.ts (one hot auction, 50 bidders, no live viewers) per round: PGlite with
 *        fsync off, PGlite with fsync on and, with --postgres, PostgreSQL (whose own settings
 *        decide its durability; the bench prints them) as the reference.
 * pages: the production server (a real build, BUILD_DIR) on the demo data, fsync off and on, one
 *        client loop per page; the reference is the same HTML bytes served by a bare node:http
 *        server and, if nginx is installed, by nginx, measured by the same loop in the same round.
 *
 * Every result line carries the 1-minute load average at its start. Only localhost is contacted.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, projectRoot, startServerProcess } from "#server/test/server-process.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    bidders: { type: "string", default: "50" },
    postgres: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};

type Sample = { label: string; load: string; values: Record<string, number> };
const samples: Sample[] = [];

function summary(metrics: string[]) {
  const labels = [...new Set(samples.map((s) => s.label))];
  console.log(
    `\n| variant | ${metrics.map((m) => `${m} min / median / max`).join(" | ")} | 1-min load at each run |`,
  );
  console.log(`| --- | ${metrics.map(() => "---:").join(" | ")} | --- |`);
  for (const label of labels) {
    const runs = samples.filter((s) => s.label === label);
    const cells = metrics.map((m) => {
      const list = runs.map((r) => r.values[m]);
      return `${Math.min(...list).toFixed(1)} / ${median(list).toFixed(1)} / ${Math.max(...list).toFixed(1)}`;
    });
    console.log(`| ${label} | ${cells.join(" | ")} | ${runs.map((r) => r.load.split(" ")[0]).join(", ")} |`);
  }
}

// ---------------------------------------------------------------------------------------------
// Bids per second

async function runBiddingBench(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(projectRoot, "bench/bidding.ts"),
      "--bidders",
      values.bidders,
      "--viewers",
      "0",
      "--seconds",
      String(seconds),
      "--warmup",
      "2",
      "--port",
      String(port),
    ],
    { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`bench/bidding.ts failed (${code}):\n${out}`);
  const row = (name: string) => {
    const line = out.split("\n").find((l) => l.startsWith(`| ${name}`));
    const cells = line?.split("|").map((c) => c.trim()) ?? [];
    return {
      perSecond: Number(cells[2]),
      p50: Number(cells[3]),
      p95: Number(cells[4]),
      p99: Number(cells[5]),
    };
  };
  if (!out.includes("count consistent")) throw new Error(`the auction's bid count did not match:\n${out}`);
  const all = row("all bid requests");
  const accepted = row("accepted bids");
  return {
    "requests/s": all.perSecond,
    "p50 ms": all.p50,
    "p95 ms": all.p95,
    "accepted/s": accepted.perSecond,
  };
}

async function postgresSettings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const show = async (name: string) => (await client.query(`show ${name}`)).rows[0][name];
    return `fsync=${await show("fsync")}, synchronous_commit=${await show("synchronous_commit")}, wal_sync_method=${await show("wal_sync_method")}`;
  } finally {
    await client.end();
  }
}

async function bids() {
  console.log(
    `bids: ${rounds} rounds × ${seconds} s, ${values.bidders} bidders, no live viewers; ${os.cpus().length} CPUs`,
  );
  if (values.postgres) console.log(`PostgreSQL reference: ${await postgresSettings(values.postgres)}`);
  for (let round = 1; round <= rounds; round++) {
    const variants: [string, Record<string, string>][] = [
      ["PGlite, fsync off (unsafe)", { RARITA_UNSAFE_NO_FSYNC: "true", DATABASE_URL: "" }],
      ["PGlite, fsync on (default)", { RARITA_UNSAFE_NO_FSYNC: "false", DATABASE_URL: "" }],
    ];
    if (values.postgres) variants.push(["PostgreSQL 127.0.0.1", { DATABASE_URL: values.postgres }]);
    // Alternate the order per round, so that neither variant always runs first.
    if (round % 2 === 0) variants.reverse();
    for (const [label, env] of variants) {
      const before = load();
      const result = await runBiddingBench(env);
      samples.push({ label, load: before, values: result });
      console.log(`round ${round} ${label}: ${JSON.stringify(result)} (load ${before})`);
    }
  }
  summary(["requests/s", "p50 ms", "p95 ms", "accepted/s"]);
}

// ---------------------------------------------------------------------------------------------
// Page latency

/** One client loop for `seconds`: request, read the whole body, repeat. */
async function measure(url: string) {
  const latencies: number[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent }, (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on("end", () =>
            response.statusCode === 200
              ? resolve(bytes)
              : reject(new Error(`${url}: ${response.statusCode}`)),
          );
        })
        .on("error", reject);
    });
  const warmUntil = performance.now() + 1000;
  while (performance.now() < warmUntil) await get();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await get();
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return {
    "req/s": latencies.length / seconds,
    "p50 ms": percentile(latencies, 50),
    "p95 ms": percentile(latencies, 95),
  };
}

async function fetchBody(url: string) {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function startBareServer(files: Map<string, Buffer>) {
  const server = http.createServer((request, response) => {
    const body = files.get(request.url ?? "");
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

/** nginx serving each body as /page<index>.html, or null when nginx is not installed. */
async function startNginx(bodies: Buffer[]) {
  if (spawnSync("sh", ["-c", "command -v nginx"]).status !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-nginx-"));
  const root = path.join(dir, "html");
  fs.mkdirSync(root);
  for (const [index, body] of bodies.entries()) fs.writeFileSync(path.join(root, `page${index}.html`), body);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 64; }
http { access_log off; keepalive_requests 100000; client_body_temp_path ${dir}; proxy_temp_path ${dir};
  fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${root}; default_type "text/html; charset=utf-8"; } }\n`,
  );
  const child = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/page0.html`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    close: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function pages() {
  if (!process.env.BUILD_DIR)
    throw new Error("pages: build first (BUILD_DIR=bench npx react-router build) and pass BUILD_DIR");
  const paths = ["/", "/denni-aukce", "/hledani?q=rum"];
  console.log(
    `pages: ${rounds} rounds × ${seconds} s per page and variant, 1 client loop; ${os.cpus().length} CPUs`,
  );
  for (let round = 1; round <= rounds; round++) {
    const modes: [string, string][] = [
      ["fsync off (unsafe)", "true"],
      ["fsync on (default)", "false"],
    ];
    if (round % 2 === 0) modes.reverse();
    for (const [mode, unsafe] of modes) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-pages-"));
      const port = await freePort();
      const server = startServerProcess({
        BUILD_DIR: process.env.BUILD_DIR,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: "true",
        RARITA_UNSAFE_NO_FSYNC: unsafe,
      });
      try {
        await server.waitForOutput("Rarita is running");
        const origin = `http://127.0.0.1:${port}`;
        const bodies = new Map<string, Buffer>();
        for (const page of paths) bodies.set(page, await fetchBody(`${origin}${page}`));
        for (const page of paths) {
          const before = load();
          samples.push({
            label: `Rarita ${page}, ${mode}`,
            load: before,
            values: await measure(`${origin}${page}`),
          });
        }
        // The references, once per round (after the fsync-on server, with its bytes).
        if (unsafe === "false") {
          const bare = await startBareServer(bodies);
          const nginx = await startNginx([...bodies.values()]);
          try {
            for (const [index, page] of paths.entries()) {
              let before = load();
              samples.push({
                label: `node:http, same bytes as ${page}`,
                load: before,
                values: await measure(`http://127.0.0.1:${bare.port}${page}`),
              });
              if (nginx) {
                before = load();
                samples.push({
                  label: `nginx, same bytes as ${page}`,
                  load: before,
                  values: await measure(`http://127.0.0.1:${nginx.port}/page${index}.html`),
                });
              }
            }
          } finally {
            await bare.close();
            await nginx?.close();
          }
        }
        console.log(`round ${round} ${mode} done (load ${load()})`);
      } finally {
        server.child.kill("SIGTERM");
        await server.exited;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  summary(["req/s", "p50 ms", "p95 ms"]);
}

console.log(`load before: ${load()}`);
if (positionals[0] === "bids") await bids();
else if (positionals[0] === "pages") await pages();
else throw new Error("usage: node bench/durability.ts bids|pages [--rounds N] [--seconds S]");
console.log(`load after: ${load()}`);
