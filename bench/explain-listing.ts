/**
 * The listing pages' statements at several catalogue sizes (issue 18, ADR 0034): for each size a
 * PostgreSQL database `<prefix><size>` filled by `seed:large` (created and seeded when missing;
 * kept for the next run, `--drop` removes them at the end), then the category page, the searches
 * "rum", "zacapa", "ron zacapa 23" and the typo "zakapa", a product page (its detail and its
 * similar items) and the autocomplete of "zacapa" and "ma", through the services the pages use.
 * Prints each statement's plan (EXPLAIN (ANALYZE, BUFFERS), the index lines and times) and a
 * table: the median wall time of each page's data over --runs runs after a warm-up, and the sum
 * of its statements' execution times. Not part of `npm test`.
 *
 *   node bench/explain-listing.ts --sizes 10000,100000,1000000 [--prefix bench_listing_]
 *     [--base postgres://postgres@127.0.0.1:5432] [--runs 15] [--full] [--drop]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Locale } from "#core/i18n/index.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { GENERIC_SESSION_OPTIONS } from "#server/db/prepared-client.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    prefix: { type: "string", default: "bench_listing_" },
    base: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
    runs: { type: "string", default: "15" },
    full: { type: "boolean", default: false },
    drop: { type: "boolean", default: false },
  },
});

/** EXPLAIN (ANALYZE, BUFFERS) of every read the pool sends while `explaining` is on. */
let explaining = false;
const plans: string[] = [];
type Query = (this: pg.Pool, ...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
const poolQuery = pg.Pool.prototype.query as unknown as Query;
(pg.Pool.prototype as unknown as { query: Query }).query = async function (
  this: pg.Pool,
  ...args: unknown[]
) {
  const [config, params] = args;
  const text = typeof config === "string" ? config : (config as { text?: string })?.text;
  const callback = args.some((arg) => typeof arg === "function");
  // A statement of the generic-plan pool (genericPlans, ADR 0050 and 0063) is explained under that plan.
  const generic = this.options.options === GENERIC_SESSION_OPTIONS;
  const body = text;
  if (explaining && !callback && body && /^\s*(select|with)\b/i.test(body)) {
    const values = typeof config === "string" ? params : ((config as { values?: unknown }).values ?? params);
    if (generic && Array.isArray(values) && values.length > 0)
      plans.push(`(generic plan)\n${await explainGeneric(this, body, values)}`);
    else {
      const plan = await poolQuery.call(this, { text: `explain (analyze, buffers) ${body}`, values });
      plans.push(plan.rows.map((row) => String(Object.values(row)[0])).join("\n"));
    }
  }
  return poolQuery.apply(this, args);
};

/** A value as an SQL literal of unknown type (for EXPLAIN EXECUTE). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement's generic plan, on a connection of its own. */
async function explainGeneric(pool: pg.Pool, text: string, values: unknown[]): Promise<string> {
  const client = new pg.Client({
    connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString,
    options: GENERIC_SESSION_OPTIONS,
  });
  await client.connect();
  try {
    await client.query(`prepare explained as ${text}`);
    const plan = await client.query(
      `explain (analyze, buffers) execute explained(${values.map(literal).join(", ")})`,
    );
    return plan.rows.map((row) => String(Object.values(row)[0])).join("\n");
  } finally {
    await client.end();
  }
}

const admin = new pg.Client({ connectionString: `${values.base}/postgres` });
await admin.connect();

/** The database of a size, created and seeded (demo data plus `size` products) when missing. */
async function databaseOf(size: number): Promise<{ url: string; seedSeconds: number | null }> {
  const name = `${values.prefix}${size}`;
  const url = `${values.base}/${name}`;
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount) return { url, seedSeconds: null };
  await admin.query(`create database "${name}"`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `explain-${size}-`));
  const started = Date.now();
  execFileSync(
    process.execPath,
    ["server/db/seed/large.ts", "--products", String(size), "--batch", "5000", "--data-dir", dataDir],
    { cwd: root, stdio: "inherit", env: { ...process.env, DATABASE_URL: url } },
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { url, seedSeconds: (Date.now() - started) / 1000 };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const execution = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
/** The pages a statement touched (its top node's shared buffers, hit and read): load-independent. */
function buffers(plan: string): number {
  const match = /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(plan);
  return Number(match?.[1] ?? 0) + Number(match?.[2] ?? 0);
}

type Row = {
  size: number;
  products: number;
  seedSeconds: number | null;
  pages: Record<string, [number, number, number]>;
};
const table: Row[] = [];

for (const size of (values.sizes ?? "").split(",").map(Number)) {
  const { url, seedSeconds } = await databaseOf(size);
  const database = await openDatabase({ engine: "postgres", url });
  const logger = createLogger("silent");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "explain-listing-"));
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const jobs = createJobRunner({ database, logger, background: false });
  const services = createServices({ database, config, logger, jobs });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const one = async (text: string) => (await pool.query(text)).rows[0] ?? {};
  await pool.query("vacuum analyze");
  const products = Number((await one("select count(*)::int as n from products")).n);
  const rum = Number((await one("select id from categories where slug_cs = 'rum'")).id);
  // The product page of the newest live auction in rum (a deterministic choice at every size).
  const productId = Number(
    (
      await one(
        `with recursive branch as (select id from categories where id = ${rum} union all select c.id from categories c join branch on c.parent_id = branch.id) select id from products where category_id in (select id from branch) and status = 'active' and format = 'auction' order by id desc limit 1`,
      )
    ).id,
  );
  await pool.end();
  const locale: Locale = "cs";
  const productPage = async () => {
    const product = await services.productPages.productDetail(productId, locale);
    if (!product) throw new Error(`product ${productId} not found`);
    // As app/routes/catalog/product.server.ts asks for similar items and the auction block.
    await Promise.all([
      services.catalog.listCards({
        locale,
        categoryId: product.category.id,
        excludeIds: [product.id],
        sort: "newest",
        perPage: 4,
      }),
      services.bidding.liveState(product.id),
    ]);
  };
  const pages: [string, () => Promise<unknown>][] = [
    [
      "category /2/rum",
      () => services.catalog.listingPage({ locale, categoryId: rum, page: 1, perPage: 24 }),
    ],
    [
      "category page 5",
      () => services.catalog.listingPage({ locale, categoryId: rum, page: 5, perPage: 24 }),
    ],
    [
      "all rum, price filter",
      () => services.catalog.listingPage({ locale, categoryId: rum, priceMinMinor: 100_000 }),
    ],
    ["search rum", () => services.catalog.listingPage({ locale, q: "rum" })],
    ["search zacapa", () => services.catalog.listingPage({ locale, q: "zacapa" })],
    ["search ron zacapa 23", () => services.catalog.listingPage({ locale, q: "ron zacapa 23" })],
    // A typo: planned through the vocabulary's trigrams to "zacapa" (ADR 0038 keeps that path).
    ["search zakapa (typo)", () => services.catalog.listingPage({ locale, q: "zakapa" })],
    ["product page", productPage],
    // Autocomplete: a word of middling frequency and the first two letters of many words.
    ["autocomplete zacapa", () => services.catalog.autocomplete("zacapa", locale)],
    ["autocomplete ma", () => services.catalog.autocomplete("ma", locale)],
  ];
  const row: Row = { size, products, seedSeconds, pages: {} };
  console.log(
    `\n##### ${products} products (${url.replace(/^.*\//, "")}), load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`,
  );
  for (const [name, run] of pages) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    plans.length = 0;
    explaining = true;
    await run();
    explaining = false;
    const statements = plans.reduce((sum, plan) => sum + execution(plan), 0);
    const touched = plans.reduce((sum, plan) => sum + buffers(plan), 0);
    row.pages[name] = [median(times), statements, touched];
    console.log(
      `\n=== ${name}: median ${median(times).toFixed(1)} ms, statements ${statements.toFixed(1)} ms, ${touched} buffers ===`,
    );
    for (const plan of plans) {
      const lines = plan.split("\n");
      const shown = values.full
        ? lines
        : lines.filter((line) =>
            /Index|Seq Scan|Bitmap|Sort Method|Limit|Execution Time|Buffers: shared hit=\d{4,}/.test(line),
          );
      console.log(`--\n${shown.slice(0, 40).join("\n")}`);
    }
  }
  table.push(row);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (values.drop) await admin.query(`drop database "${values.prefix}${size}" with (force)`);
}
await admin.end();

const names = Object.keys(table[0]?.pages ?? {});
console.log(`\n| products | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---").join("|")}|`);
for (const row of table)
  console.log(
    `| ${row.products}${row.seedSeconds ? ` (seeded in ${row.seedSeconds.toFixed(0)} s)` : ""} | ${names
      .map((name) => {
        const [wall, statements, pages] = row.pages[name];
        return `${wall.toFixed(1)} ms (SQL ${statements.toFixed(1)}, ${pages} buf)`;
      })
      .join(" | ")} |`,
  );
console.log(
  "\nms: median wall time of the page's data calls; SQL: sum of its statements' EXPLAIN ANALYZE execution times.",
);
process.exit(0);
