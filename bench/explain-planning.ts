/**
 * What a page's statements cost PostgreSQL to plan and to run (issue 18; not part of `npm test`):
 * records the statements the services send for a category page, a product page (its detail and
 * its similar items) and searches, then runs each one, prepared on its own connection, --runs
 * times per plan mode (a custom plan per run, as the pool does; one generic plan) and reads the
 * backend's CPU from /proc/<pid>/schedstat (PostgreSQL must run on this machine). Checks that both
 * modes return the same rows, and with --plans prints EXPLAIN (ANALYZE, BUFFERS) of both plans.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/h4_100k node bench/explain-planning.ts \
 *     [--runs 300] [--pages category,product,search-rum] [--plans] [--modes custom,generic]
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Locale } from "#core/i18n/index.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "300" },
    pages: { type: "string", default: "" },
    modes: { type: "string", default: "custom,generic" },
    plans: { type: "boolean", default: false },
    /** Instead: each page's PostgreSQL CPU as the services run it (their own plan modes), per request. */
    whole: { type: "boolean", default: false },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL names a PostgreSQL database with the large catalogue");

type Statement = { page: string; text: string; values: unknown[] };
let recording: string | null = null;
const recorded: Statement[] = [];
type Query = (this: pg.Pool, ...args: unknown[]) => unknown;
const poolQuery = pg.Pool.prototype.query as unknown as Query;
(pg.Pool.prototype as unknown as { query: Query }).query = function (this: pg.Pool, ...callArgs: unknown[]) {
  const [config, params] = callArgs;
  const text = typeof config === "string" ? config : (config as { text?: string })?.text;
  const values = typeof config === "string" ? params : ((config as { values?: unknown }).values ?? params);
  if (recording && text && Array.isArray(values) && values.length > 0)
    recorded.push({ page: recording, text, values });
  return poolQuery.apply(this, callArgs);
};

const database = await openDatabase({ engine: "postgres", url });
const logger = createLogger("silent");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "explain-planning-"));
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const jobs = createJobRunner({ database, logger, background: false });
const services = createServices({ database, config, logger, jobs });
const locale: Locale = "cs";

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const one = async (text: string) => (await admin.query(text)).rows[0] ?? {};
const rum = Number((await one("select id from categories where slug_cs = 'rum'")).id);
const productId = Number(
  (
    await one(
      `with recursive branch as (select id from categories where id = ${rum} union all select c.id from categories c join branch on c.parent_id = branch.id) select id from products where category_id in (select id from branch) and status = 'active' and format = 'auction' order by id desc limit 1`,
    )
  ).id,
);

// The bottling with the most listings: its page's cards are given by their ids (server/wiring/bottlings.ts).
const bottlingIds: number[] = (
  await admin.query(`select product_id from bottling_links where bottling_id = (
      select bottling_id from bottling_links group by 1 order by count(*) desc limit 1)
    order by product_id limit 200`)
).rows.map((row: { product_id: number }) => row.product_id);

const pages: Record<string, () => Promise<unknown>> = {
  category: () => services.catalog.listingPage({ locale, categoryId: rum, page: 1, perPage: 24 }),
  "category-page-20": () => services.catalog.listingPage({ locale, categoryId: rum, page: 20, perPage: 60 }),
  "category-page-5": () => services.catalog.listingPage({ locale, categoryId: rum, page: 5, perPage: 24 }),
  product: () => services.productPages.productDetail(productId, locale),
  // The product page's auction block (app/routes/catalog/product.server.ts): its state and bids.
  auction: () => services.bidding.liveState(productId),
  // The whole product page's data as its loader reads it (detail, then similar items and the auction).
  "product-page": async () => {
    const product = await services.productPages.productDetail(productId, locale);
    await Promise.all([
      services.catalog.listCards({
        locale,
        categoryId: product?.category.id,
        excludeIds: [productId],
        sort: "newest",
        perPage: 4,
      }),
      services.bidding.liveState(productId),
    ]);
  },
  similar: async () =>
    services.catalog.listCards({
      locale,
      categoryId: (await services.productPages.productDetail(productId, locale))?.category.id,
      excludeIds: [productId],
      sort: "newest",
      perPage: 4,
    }),
  // Home's newest cards: every category at once (a generic plan must know the limit to read each
  // category's index in order; ordered-page.ts writes it into the text).
  "home-newest": () =>
    services.catalog.listCards({ locale, sort: "newest", perPage: 8, excludeIds: [productId] }),
  // Home's topped cards and its auctions ending soonest (app/routes/home.tsx).
  "home-topped": () => services.catalog.listCards({ locale, toppedOnly: true, sort: "newest", perPage: 4 }),
  "home-ending": () =>
    services.catalog.listCards({
      locale,
      formats: ["auction"],
      sort: "ending",
      perPage: 5,
      excludeIds: [productId],
    }),
  "bottling-cards": () =>
    services.catalog.listCards({
      locale,
      ids: bottlingIds,
      statuses: ["active"],
      types: ["supply"],
      sort: "newest",
      perPage: 48,
    }),
  // The monthly auctions page (/mesicni-aukce): promoted first, then ending soonest.
  monthly: () =>
    services.catalog.listingPage({ locale, formats: ["auction"], durations: ["month"], sort: "recommended" }),
  "search-rum": () => services.catalog.listingPage({ locale, q: "rum" }),
  "search-zacapa": () => services.catalog.listingPage({ locale, q: "zacapa" }),
  "search-ron-zacapa-23": () => services.catalog.listingPage({ locale, q: "ron zacapa 23" }),
  "search-zakapa": () => services.catalog.listingPage({ locale, q: "zakapa" }),
};
const chosen = args.pages ? args.pages.split(",") : Object.keys(pages);

/** The CPU (ns) of every backend on this database but the admin connection's. */
async function backendsNs(): Promise<number> {
  const { rows } = await admin.query(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.reduce((sum, row) => sum + cpuNs(Number(row.pid)), 0);
}

if (args.whole) {
  const runs = Number(args.runs);
  console.log(
    `load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}, ${runs} requests per page, one at a time`,
  );
  for (const page of chosen) {
    for (let i = 0; i < 20; i++) await pages[page]();
    const before = await backendsNs();
    const node = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < runs; i++) await pages[page]();
    const wall = (performance.now() - started) / runs;
    const nodeUsed = process.cpuUsage(node);
    const nodeMs = (nodeUsed.user + nodeUsed.system) / 1000 / runs;
    const cpu = ((await backendsNs()) - before) / 1e6 / runs;
    console.log(
      `  ${page}: PostgreSQL ${cpu.toFixed(3)} ms CPU, Node ${nodeMs.toFixed(3)} ms CPU, ${wall.toFixed(2)} ms wall per request`,
    );
  }
  console.log(`load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
  await admin.end();
  await database.close();
  process.exit(0);
}

for (const page of chosen) {
  const run = pages[page];
  if (!run) throw new Error(`unknown page ${page}: ${Object.keys(pages).join(", ")}`);
  await run();
  recording = page;
  await run();
  recording = null;
}

/** The backend's time on a CPU so far, in ns (/proc/<pid>/schedstat's first field). */
function cpuNs(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return 0; // a backend that has just ended
  }
}

/** A value as an SQL literal of unknown type (for EXPLAIN EXECUTE). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

type Measured = { cpuUs: number; wallUs: number; rows: string; plan: string };

/** `runs` runs of one statement, prepared under `mode`, on a fresh connection. */
async function measure(statement: Statement, mode: string, runs: number): Promise<Measured> {
  const client = new pg.Client({ connectionString: url, options: `-c plan_cache_mode=${mode}` });
  await client.connect();
  try {
    const pid = Number((await client.query("select pg_backend_pid() as pid")).rows[0].pid);
    const name = `b${createHash("sha1").update(statement.text).digest("base64url").slice(0, 20)}`;
    const query = { name, text: statement.text, values: statement.values };
    const rows = JSON.stringify((await client.query(query)).rows);
    for (let i = 0; i < 5; i++) await client.query(query);
    const cpu = cpuNs(pid);
    const started = performance.now();
    for (let i = 0; i < runs; i++) await client.query(query);
    const wallUs = ((performance.now() - started) * 1000) / runs;
    const cpuUs = (cpuNs(pid) - cpu) / 1000 / runs;
    let plan = "";
    if (args.plans && !/^\s*explain\b/i.test(statement.text)) {
      await client.query(`prepare x as ${statement.text}`);
      const explained = await client.query(
        `explain (analyze, buffers) execute x(${statement.values.map(literal).join(", ")})`,
      );
      plan = explained.rows.map((row) => String(Object.values(row)[0])).join("\n");
    }
    return { cpuUs, wallUs, rows, plan };
  } finally {
    await client.end();
  }
}

const runs = Number(args.runs);
const modes = (args.modes ?? "").split(",").map((mode) => (mode.includes("_") ? mode : `force_${mode}_plan`));
console.log(`load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}, ${runs} runs per statement and mode`);
const totals = new Map<string, number[]>();
for (const [index, statement] of recorded.entries()) {
  const results: Measured[] = [];
  for (const mode of modes) results.push(await measure(statement, mode, runs));
  const same = results.every((result) => result.rows === results[0].rows);
  if (!same && process.env.DIFF_DIR)
    for (const [i, result] of results.entries())
      fs.writeFileSync(`${process.env.DIFF_DIR}/${index}-${modes[i]}.json`, result.rows);
  const sums = totals.get(statement.page) ?? modes.map(() => 0);
  results.forEach((result, i) => {
    sums[i] += result.cpuUs;
  });
  totals.set(statement.page, sums);
  const figures = results.map((r, i) => `${modes[i]} ${r.cpuUs.toFixed(0)} µs (wall ${r.wallUs.toFixed(0)})`);
  console.log(
    `\n#${index} ${statement.page}: ${figures.join(", ")}${same ? "" : "  ROWS DIFFER"}\n  ${statement.text.replace(/\s+/g, " ").slice(0, 160)}`,
  );
  if (args.plans) for (const [i, result] of results.entries()) console.log(`-- ${modes[i]}\n${result.plan}`);
}
console.log(`\nPostgreSQL CPU per page, µs (${modes.join(" / ")}):`);
for (const [page, sums] of totals) console.log(`  ${page}: ${sums.map((sum) => sum.toFixed(0)).join(" / ")}`);
console.log(`load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
await admin.end();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
