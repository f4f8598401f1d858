/**
 * The one bench (issue 40): `npm run bench` runs everything, `npm run bench -- --quick` the same
 * at 100 000 products in shorter windows (under 10 minutes on 2 cores once the data is seeded).
 * Not part of `npm test`. It builds the production bundle (unless --reuse-build), seeds or reuses
 * a PostgreSQL database per scale and prints every figure beside its reference of the same run,
 * with the machine's load before and after, and writes them all to a JSON file:
 *
 * - pages (bench/page-cost.ts): home, a category with facets, a product, a search with a typo, the
 *   monthly auctions and a bottling, asked for as a browser asks (Chromium's Accept-Encoding, 4 connections,
 *   after a warm-up), rendered (page cache off) and cached; CPU per request from the processes' own CPU
 *   time, Node and PostgreSQL apart; nginx and a bare node:http server serving the same
 *   compressed bytes beside them; the server processes' peak resident memory;
 * - bytes: each page's HTML and inline stylesheet (page-cost's saved pages), and what a first
 *   visit loads in Chromium (bench/page-weight.ts: JavaScript and CSS, compressed);
 * - a phone: Lighthouse mobile (bench/lighthouse.ts), the median of 3 runs (--quick: of the first three
 *   pages only; one run alone varied by 2 s of LCP);
 * - bids: one hot auction, 50 bidders at the current minimum and 200 live viewers through the API
 *   of two instances (bench/bidding.ts) on a fresh database;
 * - deals: 20 buyers paying their deals at once and the provider's webhook for each
 *   (bench/deal-payments.ts), on the first scale's database, node:http beside them.
 *
 *   npm run bench -- [--quick] [--scales 100000,1000000] [--skip lighthouse,bids,deals] [--reuse-build]
 *     [--port 3740] [--out bench/results]
 *
 * Databases: `postgres://postgres@127.0.0.1:5432/rarita_bench_<products>` (created when missing,
 * seeded by page-cost with `seed:large` up to the scale; 1 000 000 products take the better part
 * of an hour), or BENCH_DATABASE_URL_<products>, e.g. BENCH_DATABASE_URL_1000000 for a database
 * seeded earlier. The bids run on `rarita_bench_bids`, dropped and made again each run.
 */
import { type ChildProcess, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Goal, goalsOf, printGoals } from "./goals.ts";
import { startProductionServer, stopProcess } from "./production-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    scales: { type: "string" },
    skip: { type: "string", default: "" },
    "reuse-build": { type: "boolean", default: false },
    port: { type: "string", default: "3740" },
    out: { type: "string", default: path.join(root, "bench/results") },
  },
});
const quick = values.quick;
const scales = (values.scales ?? (quick ? "100000" : "100000,1000000")).split(",").map(Number);
const skip = new Set(values.skip.split(",").filter(Boolean));
const port = Number(values.port);
const seconds = quick ? "5" : "10";
const warmup = quick ? "2" : "3";
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PAGES = ["home", "category-whisky", "product", "search-typo", "monthly", "bottling"];

const loadavg = () => Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
const commit = execFileSync("git", ["rev-parse", "--short=8", "HEAD"], { cwd: root }).toString().trim();
const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root }).toString().trim() !== "";

function section(title: string) {
  console.log(`\n==== ${title} (load ${loadavg()}, ${new Date().toISOString().slice(11, 19)} UTC)`);
}

/** Runs a node script of the repository to its end, its output shown; throws when it fails. */
function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status ?? result.signal})`);
}

/** The same, its standard output (JSON) parsed and returned. */
function scriptJson<T>(script: string, args: string[]): T {
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status ?? result.signal})`);
  const text = result.stdout.toString();
  return JSON.parse(text.slice(text.search(/^[[{]/m)));
}

/** A database by its URL, created when missing. */
async function ensureDatabase(url: string, fresh = false) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists "${name}" with (force)`);
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

const databaseOf = (products: number) =>
  process.env[`BENCH_DATABASE_URL_${products}`] ??
  `postgres://postgres@127.0.0.1:5432/rarita_bench_${products}`;
const dataDirOf = (products: number) => path.join(os.tmpdir(), `rarita-bench-files-${products}`);

/** The production server on a scale's database, page cache on, for the browser's measurements. */
function startServer(products: number): Promise<ChildProcess> {
  return startProductionServer(port, { DATABASE_URL: databaseOf(products), DATA_DIR: dataDirOf(products) });
}

type PageCost = {
  products: number;
  load: { before: number; after: number };
  pages: { name: string; path: string }[];
  [key: string]: unknown;
};

async function main() {
  fs.mkdirSync(values.out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const file = path.join(values.out, `${stamp}-${commit}.json`);
  const results: Record<string, unknown> = {
    commit,
    dirty,
    quick,
    started: new Date().toISOString(),
    machine: { cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    load: { before: loadavg() },
  };
  const save = () => fs.writeFileSync(file, JSON.stringify(results, null, 2));

  if (!values["reuse-build"]) {
    section("build");
    const built = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (built.status !== 0) throw new Error("the build failed");
  }

  const pageRuns: Record<string, PageCost> = {};
  for (const products of scales) {
    if (skip.has("pages")) break;
    section(`pages at ${products} products`);
    await ensureDatabase(databaseOf(products));
    const json = path.join(values.out, `.page-cost-${products}.json`);
    runScript(
      "bench/page-cost.ts",
      [
        "--encoding",
        "browser",
        "--connections",
        "4",
        "--seconds",
        seconds,
        "--warmup",
        warmup,
        "--port",
        String(port + 10),
        "--products",
        String(products),
        "--data-dir",
        dataDirOf(products),
        "--only",
        PAGES.join(","),
        "--json",
        json,
      ],
      { DATABASE_URL: databaseOf(products) },
    );
    pageRuns[products] = JSON.parse(fs.readFileSync(json, "utf8"));
    fs.rmSync(json);
    results.pages = pageRuns;
    save();
  }

  // What a browser loads and what a phone sees: on the first scale's data, page cache on.
  const first = pageRuns[scales[0]];
  const paths = first ? first.pages.map((page) => page.path) : ["/", "/3/whisky"];
  if (!skip.has("bytes") || !skip.has("lighthouse")) {
    const server = await startServer(scales[0]);
    try {
      const url = `http://127.0.0.1:${port}`;
      if (!skip.has("bytes")) {
        section("bytes of a first visit (Chromium)");
        results.weight = scriptJson("bench/page-weight.ts", [
          "--url",
          url,
          "--pages",
          paths.join(","),
          "--json",
        ]);
        save();
      }
      if (!skip.has("lighthouse")) {
        section(`Lighthouse mobile, median of 3 runs${quick ? ", three pages" : ""}`);
        results.lighthouse = scriptJson("bench/lighthouse.ts", [
          "--url",
          url,
          "--pages",
          (quick ? paths.slice(0, 3) : paths).join(","),
          "--runs",
          "3",
          "--json",
        ]);
        save();
      }
    } finally {
      await stopProcess(server);
    }
  }

  if (!skip.has("bids")) {
    section("bids: one hot auction, 50 bidders at the minimum, 200 viewers, two instances");
    const bids = "postgres://postgres@127.0.0.1:5432/rarita_bench_bids";
    await ensureDatabase(bids, true);
    const json = path.join(values.out, ".bids.json");
    runScript(
      "bench/bidding.ts",
      [
        "--parts",
        "api,reference",
        "--instances",
        "2",
        "--mode",
        "minimum",
        "--bidders",
        "50",
        "--viewers",
        "200",
        "--seconds",
        quick ? "5" : "15",
        "--warmup",
        warmup,
        "--port",
        String(port + 20),
        "--json",
        json,
      ],
      { DATABASE_URL: bids },
    );
    results.bids = JSON.parse(fs.readFileSync(json, "utf8"));
    fs.rmSync(json);
  }

  if (!skip.has("deals")) {
    section("deals: 20 buyers paying at once, the provider's webhooks");
    await ensureDatabase(databaseOf(scales[0]));
    const json = path.join(values.out, ".deals.json");
    runScript(
      "bench/deal-payments.ts",
      ["--deals", "20", "--rounds", quick ? "3" : "5", "--port", String(port + 30), "--json", json],
      { DATABASE_URL: databaseOf(scales[0]) },
    );
    results.deals = JSON.parse(fs.readFileSync(json, "utf8"));
    fs.rmSync(json);
  }

  (results.load as Record<string, number>).after = loadavg();
  results.finished = new Date().toISOString();
  const goals: Goal[] = goalsOf(results);
  results.goals = goals;
  save();
  printGoals(results, goals);
  console.log(`\nAll figures: ${path.relative(root, file)}`);
}

await main();
