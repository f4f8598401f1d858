/**
 * The collector pages' statements on a big database (issue 37, item 7; not part of `npm test`):
 * serves each page in-process through the web build, as page-statements.ts does, and prints the
 * plan (EXPLAIN (ANALYZE, BUFFERS)) of every read it sends, then a table: the median wall time of
 * the whole page over --runs requests after a warm-up, its statements, the sum of their execution
 * times, and the statements whose plan reads a big table sequentially; beside the wall time the
 * Node process's CPU per request (user + system, median: the rendering, the driver's parsing),
 * which a busy machine's other processes do not inflate as they do the wall time. The pages: the whisky
 * category with attribute filters, the archive's search, a bottling with the most results, the
 * price index. DATABASE_URL names a database filled by `seed:large` (e.g. hs_1m); nothing is written.
 *
 *   npx react-router build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hs_1m node bench/explain-collector.ts \
 *     [--runs 9] [--pages facet-plain,facet,facet-country,facet-brand,archive-q,archive-range,bottling,price-index,price-index-whisky] [--plans]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import { inProcessPages } from "./in-process-pages.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "9" },
    pages: { type: "string" },
    /** Print every statement's whole plan (default: its scan lines and times). */
    plans: { type: "boolean", default: false },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name a database filled by seed:large");

/** EXPLAIN (ANALYZE, BUFFERS) of every read a client sends while `explaining` is on. */
let explaining = false;
let counting = false;
let statements = 0;
const plans: { text: string; plan: string }[] = [];
type Query = (this: pg.Client, ...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
const clientQuery = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = async function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [config, params] = args;
  const text = typeof config === "string" ? config : (config as { text?: string })?.text;
  if (counting && text && !/^\s*(LISTEN|UNLISTEN)\b/i.test(text)) statements += 1;
  // The pool sends with a callback: the plan is read first, then the statement goes as it came.
  // Concurrent statements (a page's Promise.all) are each explained; an EXPLAIN is never explained.
  if (explaining && text && /^\s*(select|with)\b/i.test(text)) {
    const values = typeof config === "string" ? params : ((config as { values?: unknown }).values ?? params);
    const explained = clientQuery
      .call(this, { text: `explain (analyze, buffers) ${text}`, values: Array.isArray(values) ? values : [] })
      .then((result) => {
        plans.push({ text, plan: result.rows.map((row) => String(Object.values(row)[0])).join("\n") });
      });
    if (args.some((arg) => typeof arg === "function"))
      return explained.then(() => clientQuery.apply(this, args)) as never;
    await explained;
  }
  return clientQuery.apply(this, args);
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-explain-collector-"));
const database = await openDatabase({ engine: "postgres", url });
const logger = createLogger("silent");
// The page cache off: every request renders its page and sends its statements.
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  PAGE_CACHE: "off",
});
// No background jobs: the bench reads and never writes (the sweep and the index job stay off).
const jobs = createJobRunner({ database, logger, background: false });
const services = createServices({ database, config, logger, jobs });
const app = await inProcessPages({ config, logger, services });

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const [top] = (
  await admin.query<{ id: number; slug: string; n: number }>(`
    select b.id, b.slug, t.n from (
      select bottling_id, count(*)::int as n from sale_results where bottling_id is not null
      group by bottling_id order by count(*) desc limit 1) t
    join bottlings b on b.id = t.bottling_id`)
).rows;
const [scotch] = (await admin.query<{ id: number }>(`select id from categories where slug_cs = 'whisky'`))
  .rows;
const [counts] = (
  await admin.query<{ products: number; results: number; bottlings: number; values: number }>(`
    select (select count(*)::int from products) as products, (select count(*)::int from sale_results) as results,
      (select count(*)::int from bottlings) as bottlings, (select count(*)::int from listing_attribute_values) as values`)
).rows;
await admin.end();

const PAGES: Record<string, string> = {
  "facet-plain": "/3/whisky",
  facet: "/3/whisky?p_age_years_od=12&p_age_years_do=18&p_bottler_kind=independent",
  "facet-country": "/3/whisky?p_country=scotland",
  // A distillery (the brand) and an age range: the issue's own example of a faceted page.
  "facet-brand": "/3/whisky?znacka=20&p_age_years_od=12&p_age_years_do=18",
  "archive-q": "/vysledky?q=glen",
  "archive-range": `/vysledky?category=${scotch?.id ?? 3}&priceFrom=5000&priceTo=20000`,
  bottling: top ? `/lahve/${top.id}-${top.slug}` : "/lahve",
  "price-index": "/vysledky/cenovy-index",
  "price-index-whisky": `/vysledky/cenovy-index?category=${scotch?.id ?? 3}`,
};
const names = values.pages?.split(",") ?? Object.keys(PAGES);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const execution = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
const BIG = /Seq Scan on (products|sale_results|listing_attribute_values|bottling_links|bottlings|bids)\b/;

async function request(page: string) {
  const response = await app.request(`http://127.0.0.1${page}`, { headers: { Accept: "text/html" } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
  return body;
}

console.log(
  `${counts.products} products, ${counts.values} attribute values, ${counts.bottlings} bottlings, ` +
    `${counts.results} results; top bottling ${top?.id} with ${top?.n} results; load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
);
const table: string[] = [];
for (const name of names) {
  const page = PAGES[name];
  if (!page) throw new Error(`unknown page ${name}; known: ${Object.keys(PAGES).join(", ")}`);
  await request(page);
  const walls: number[] = [];
  const cpus: number[] = [];
  let steady = 0;
  for (let i = 0; i < Number(values.runs); i++) {
    statements = 0;
    counting = true;
    const started = performance.now();
    const cpu = process.cpuUsage();
    await request(page);
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    counting = false;
    steady = statements;
  }
  plans.length = 0;
  explaining = true;
  await request(page);
  explaining = false;
  console.log(`\n=== ${name} ${page}`);
  let sum = 0;
  const seq: string[] = [];
  for (const { text, plan } of plans) {
    sum += execution(plan);
    if (BIG.test(plan)) seq.push(BIG.exec(plan)?.[1] ?? "");
    console.log(`\n-- ${text.replace(/\s+/g, " ").slice(0, 220)}`);
    const lines = plan.split("\n");
    console.log(
      (values.plans ? lines : lines.filter((line) => /Scan|Join|Loop|Execution Time|Limit|Sort\b/.test(line)))
        .slice(0, values.plans ? 200 : 24)
        .join("\n"),
    );
  }
  table.push(
    `| ${name} | \`${page}\` | ${median(walls).toFixed(1)} | ${median(cpus).toFixed(1)} | ${steady} | ${sum.toFixed(1)} | ${seq.length ? seq.join(", ") : "none"} |`,
  );
}
console.log(`\nload ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`);
console.log(
  "\n| page | path | median wall ms | median Node CPU ms | statements | sum of execution ms (explained run) | seq scans of big tables |",
);
console.log("|---|---|---|---|---|---|---|");
for (const row of table) console.log(row);
await jobs.stop?.();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
