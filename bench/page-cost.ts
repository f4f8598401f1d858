/**
 * CPU and throughput per page (issue 18; not part of `npm test`): the production server on
 * PostgreSQL with 100 000 products, the category `/2/rum`, a product page, home and the search
 * "rum", each driven by wrk with `--connections` connections:
 *
 * - uncached: the server started with PAGE_CACHE=off (a bench-only switch, server/config.ts), so
 *   every anonymous request renders its page, as a miss of the page cache does;
 * - cached: the server as it runs in production, the anonymous page cache on (ADR 0027);
 * - nginx: the same HTML bytes, saved from the server, served by nginx (a temporary config in
 *   /tmp, `worker_processes auto`);
 * - node:http: the same bytes from a bare node:http server (one process).
 *
 * CPU per request: utime + stime from /proc of the server's process tree and of every PostgreSQL
 * backend connected to the bench's database (pg_stat_activity), read before and after each run,
 * divided by the requests the run answered. wrk's own CPU is not counted; PostgreSQL's shared
 * background processes (checkpointer, WAL writer) are not either.
 *
 *   BUILD_DIR=h4 npx react-router build
 *   psql -h 127.0.0.1 -U postgres -c 'create database rarita_cost'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_cost BUILD_DIR=h4 node bench/page-cost.ts \
 *     [--product /380/…] [--uncached-only]   (the same product page; a build from before the page cache)
 *     [--connections 50] [--seconds 10] [--warmup 3] [--port 3640] [--only category,product] [--workers 1]
 *     [--only search,search-typo,search-words,search-number --connections 4]   (the search goal:
 *     "rum", "zakapa", "ron zacapa 23" and "whisky 12"; the last three run only when named)
 *     [--only search-prefix,suggest-prefix --connections 4]   ("whisky 19": the search page and
 *     the search box's suggestions, GET /api/catalog/autocomplete; only when named)
 *     [--only product,profile]   (issue 36: the demo seller's public profile /uzivatel/:id, with
 *     the trust badges and the seller's declaration box; runs only when named)
 *     [--only category,product,category-facet]   (issue 37: the whisky category /3/whisky with one
 *     attribute filter, an age of 10 to 20 years, which the demo's whiskies have; runs only when named)
 *     [--only category-whisky,category-facets,category-country,category-brand-age,archive,archive-range,bottling,price-index]
 *     (issue 37 at scale, on seed:large's collector data: /3/whisky alone, with an age range and
 *     independent bottlers, with a country; /vysledky?q=glen and a category with a price range; the bottling with the
 *     most results; the price index. Each runs only when named)
 *     [--only deal,purchases --workers 1]   (issue 35's signed-in pages: a buyer's deal awaiting
 *     payment and Nákupy, with the buyer's session cookie on every request; see page-cost-deals.ts.
 *     The server runs the provider's simulator on port + 3. They are always rendered: the page
 *     cache serves anonymous requests only, so they have no cached run)
 *
 * Requests carry no Accept-Encoding unless `--encoding browser` asks as Chromium does (`npm run
 * bench`, bench/run.ts): then nginx and node:http send the server's own compressed answer, saved
 * with its Content-Encoding (Zstandard, ADR 0145; a page-cache hit answers gzip, ADR 0027).
 *
 * `--json <file>` writes the run (pages, bytes, every side's figures, the load before and after
 * and the server processes' peak resident memory) for bench/run.ts.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import { isPublicPage } from "#server/http/cache-policy.ts";
import { residentMb } from "./memory.ts";
import { checkSignedInPage, dealsEnv, prepareDeal, SIGNED_IN_PAGES } from "./page-cost-deals.ts";
import { type Page, printTable, type References, type Run } from "./page-cost-table.ts";
import {
  BARE_SERVER,
  BROWSER,
  backendTicks,
  cpuMsBetween,
  decoded,
  nginxConfig,
  rawGet,
  sleep,
  treeTicks,
  WRK_SCRIPT,
  wrk,
} from "./page-cost-tools.ts";
import { startProductionServer, stopProcess, waitFor } from "./production-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    threads: { type: "string", default: "2" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3640" },
    products: { type: "string", default: "100000" },
    only: { type: "string" },
    /** The product page to load (default: the first card of /2/rum), e.g. the same one for a reference build. */
    product: { type: "string" },
    /** Only the rendered pages: for a build from before the page cache (a reference commit). */
    "uncached-only": { type: "boolean", default: false },
    /** WORKERS for the server (Node processes, ADR 0035); unset: the server's own default. */
    workers: { type: "string" },
    "data-dir": { type: "string", default: "/tmp/rarita-page-cost-data" },
    /**
     * What the requests accept: identity (the default: plain bytes everywhere) or browser
     * (Chromium's "gzip, deflate, br, zstd"; every side then sends the server's compressed answer).
     */
    encoding: { type: "string", default: "identity" },
    json: { type: "string" },
  },
});
if (!["identity", "browser"].includes(values.encoding)) throw new Error("--encoding is identity or browser");
const acceptEncoding = values.encoding === "browser" ? "gzip, deflate, br, zstd" : "identity";
/** How the server answered the saved pages (Content-Encoding), which the references send too. */
let sentEncoding = "identity";
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL must name a PostgreSQL database (empty or seeded).");
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
// One directory per port: a run empties its own at the start, not that of a run beside it on other ports.
const work = `/tmp/rarita-page-cost-${port}`;
const children = new Set<ChildProcess>();
const wrkOptions = {
  threads: values.threads,
  connections: values.connections,
  script: path.join(work, "report.lua"),
};
const DEMO_SELLER = "prodejce@rarita.test";
const HEADERS = { "user-agent": BROWSER, accept: "text/html", "accept-encoding": acceptEncoding };

const only = values.only?.split(",") ?? ["category", "product", "home", "search"];
const signedIn = only.some((name) => SIGNED_IN_PAGES.includes(name));
if (signedIn && values.workers !== "1")
  throw new Error("--only deal,purchases needs --workers 1 (the provider's simulator runs in one process)");
/** The buyer's deal, once the signed-in pages are prepared (page-cost-deals.ts). */
let dealId = 0;
const headersOf = (page: Page) => (page.cookie ? { ...HEADERS, cookie: page.cookie } : HEADERS);

/** A warm-up, then a measured run with the CPU of `pid`'s tree (and the backends) around it. */
/** wrk's options for a page: its cookie (a signed-in page) and what the requests accept. */
function wrkOptionsOf(page: Page) {
  return {
    ...wrkOptions,
    headers: [
      ...(page.cookie ? [`Cookie: ${page.cookie}`] : []),
      ...(acceptEncoding === "identity" ? [] : [`Accept-Encoding: ${acceptEncoding}`]),
    ],
  };
}

async function measure(url: string, pid: number, client: pg.Client | null, page: Page): Promise<Run> {
  const options = wrkOptionsOf(page);
  wrk(url, Number(values.warmup), options);
  const nodeBefore = treeTicks(pid);
  const pgBefore = client ? await backendTicks(client) : new Map<number, number>();
  const summary = wrk(url, Number(values.seconds), options);
  const nodeAfter = treeTicks(pid);
  const pgAfter = client ? await backendTicks(client) : new Map<number, number>();
  const requests = summary.requests;
  return {
    requests,
    seconds: summary.us / 1e6,
    errors: summary.status + summary.other,
    p50: summary.p50 / 1000,
    p95: summary.p95 / 1000,
    p99: summary.p99 / 1000,
    cpuMs: cpuMsBetween(nodeBefore, nodeAfter),
    pgMs: cpuMsBetween(pgBefore, pgAfter),
  };
}

/** Seeds the database up to `--products` generated products, then VACUUM ANALYZE and a checkpoint. */
async function prepareDatabase(client: pg.Client) {
  const exists = await client.query("select to_regclass('products') is not null as ok");
  const count = exists.rows[0].ok
    ? Number((await client.query("select count(*)::int as n from products")).rows[0].n)
    : 0;
  const wanted = Number(values.products);
  if (count < wanted) {
    const missing = wanted - Math.max(0, count - 241);
    console.log(`Seeding ${missing} products (npm run seed:large)…`);
    const seeded = spawnSync(
      process.execPath,
      [
        path.join(root, "server/db/seed/large.ts"),
        "--products",
        String(missing),
        "--data-dir",
        values["data-dir"],
      ],
      { stdio: "inherit", env: process.env },
    );
    if (seeded.status !== 0) throw new Error("seed:large failed");
  }
  await client.query("VACUUM ANALYZE");
  // The vacuum's writes (the visibility map, hint bits) flushed now rather than by the background
  // writer while the first page is measured: the first page of a run after many new rows (the
  // product page, 40.5 ms of Node) cost twice what it did in the runs after it (18.7 and 24.8 ms),
  // likely for this (bench/README.md). Superuser or pg_checkpoint only: elsewhere it is skipped.
  await client.query("CHECKPOINT").catch(() => {});
  return Number((await client.query("select count(*)::int as n from products")).rows[0].n);
}

function track(child: ChildProcess) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** The production server (BUILD_DIR's build) with the page cache on or off. */
function startServer(pageCache: "on" | "off") {
  return startProductionServer(
    port,
    {
      DATA_DIR: values["data-dir"],
      PAGE_CACHE: pageCache,
      ...(values.workers ? { WORKERS: values.workers } : {}),
      ...(signedIn ? dealsEnv(port + 3) : {}),
    },
    track,
  );
}

/** The demo seller's public profile (issue 36: badges, the declaration box), by the seller's id. */
async function sellerProfilePath(client: pg.Client): Promise<string> {
  const found = await client.query<{ id: number }>("select id from users where email = $1", [DEMO_SELLER]);
  if (!found.rows[0]) throw new Error(`no ${DEMO_SELLER} in the database`);
  return `/uzivatel/${found.rows[0].id}`;
}

/** The page of the bottling with the most results (issue 37: hundreds of them after seed:large). */
async function topBottlingPath(client: pg.Client): Promise<string> {
  const found = await client.query<{ id: number; slug: string }>(`
    select b.id, b.slug from bottlings b join (
      select bottling_id, count(*) as n from sale_results where bottling_id is not null
      group by bottling_id order by count(*) desc limit 1) t on t.bottling_id = b.id`);
  if (!found.rows[0]) throw new Error("no bottling with results in the database (seed:large makes them)");
  return `/lahve/${found.rows[0].id}-${found.rows[0].slug}`;
}

/** The pages, with the product page taken from the first card of /2/rum. */
async function pagesToLoad(client: pg.Client): Promise<Page[]> {
  const category = await (await fetch(`${base}/2/rum`, { headers: HEADERS })).text();
  const product = category.match(/class="card-link"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="card-link"/);
  const productPath = values.product ?? product?.[1] ?? product?.[2];
  if (!productPath) throw new Error("No product card on /2/rum");
  const pages: Page[] = [
    { name: "category", path: "/2/rum" },
    { name: "product", path: productPath },
    { name: "home", path: "/" },
    { name: "search", path: "/hledani?q=rum" },
    // The goal's other two searches, only when --only names them: a typo the vocabulary corrects
    // and several words, all required (bench/catalog.ts asks the same).
    { name: "search-typo", path: "/hledani?q=zakapa" },
    { name: "search-words", path: "/hledani?q=ron+zacapa+23" },
    // A name and a number (ADR 0147): "12" starts one live word and, at 1 000 000 listings, 108
    // words of the whole catalogue (the archive's cask numbers). Only when named.
    { name: "search-number", path: "/hledani?q=whisky+12" },
    // A name and a number's first digits (ADR 0149): "19" starts 42 live words at 1 000 000
    // listings; the search page and the search box's suggestions of it. Only when named.
    { name: "search-prefix", path: "/hledani?q=whisky+19" },
    { name: "suggest-prefix", path: "/api/catalog/autocomplete?q=whisky+19" },
    // Issue 37's attribute facets with one range filter applied (the demo's whiskies aged 10 to 20).
    { name: "category-facet", path: "/3/whisky?p_age_years_od=10&p_age_years_do=20" },
    // Issue 37 at scale (seed:large's collector data): two filters and a range, a text facet, the
    // archive's search and a category with a price range, the price index.
    { name: "category-whisky", path: "/3/whisky" },
    {
      name: "category-facets",
      path: "/3/whisky?p_age_years_od=12&p_age_years_do=18&p_bottler_kind=independent",
    },
    { name: "category-country", path: "/3/whisky?p_country=scotland" },
    // A distillery (the brand, 20 is The Macallan in seed:large) and an age range.
    { name: "category-brand-age", path: "/3/whisky?znacka=20&p_age_years_od=12&p_age_years_do=18" },
    { name: "archive", path: "/vysledky?q=glen" },
    { name: "archive-range", path: "/vysledky?category=3&priceFrom=5000&priceTo=20000" },
    { name: "price-index", path: "/vysledky/cenovy-index" },
    // Issue 40's pages: the monthly auctions page (a category with facets is category-whisky, a
    // search with a typo search-typo, the bottling with the most results bottling).
    { name: "monthly", path: "/mesicni-aukce" },
  ];
  if (only.includes("bottling")) pages.push({ name: "bottling", path: await topBottlingPath(client) });
  if (only.includes("profile")) pages.push({ name: "profile", path: await sellerProfilePath(client) });
  if (signedIn) {
    const deal = await prepareDeal(base, client);
    dealId = deal.dealId;
    console.log(`The buyer's deal ${deal.dealId} awaiting payment (listing ${deal.productId})`);
    pages.push(...deal.pages);
  }
  return pages.filter((page) => only.includes(page.name));
}

/** A page's bytes: the HTML, what crossed the wire (compressed when asked), the inline stylesheet. */
export type PageBytes = { html: number; wire: number; inlineCss: number; inlineCssGzip: number };

/** The served HTML of each page, saved as it came (compressed when asked) for nginx and the bare server. */
async function saveHtml(pages: Page[]) {
  fs.mkdirSync(path.join(work, "html"), { recursive: true, mode: 0o755 });
  fs.chmodSync(work, 0o755);
  const sizes: Record<string, PageBytes> = {};
  for (const page of pages) {
    const response = await rawGet(`${base}${page.path}`, headersOf(page));
    if (response.status !== 200) throw new Error(`${page.path}: ${response.status}`);
    const sent = response.headers["content-encoding"] ?? "identity";
    if (acceptEncoding === "identity" && sent !== "identity")
      throw new Error(`${page.path}: answered in ${sent}`);
    if (page !== pages[0] && sent !== sentEncoding)
      throw new Error(`${page.path}: answered in ${sent}, not ${sentEncoding}`);
    sentEncoding = sent;
    const html = decoded(response.body, sent).toString("utf8");
    if (page.cookie) checkSignedInPage(page.name, html, dealId);
    if (page.name.startsWith("category") && !html.includes('class="card-link"'))
      throw new Error(`${page.path}: no listing on the page`);
    fs.writeFileSync(path.join(work, "html", `${page.name}.html`), response.body, { mode: 0o644 });
    const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
    sizes[page.name] = {
      html: Buffer.byteLength(html),
      wire: response.body.byteLength,
      inlineCss: inline.reduce((sum, match) => sum + Buffer.byteLength(match[1]), 0),
      inlineCssGzip: zlib.gzipSync(inline.map((match) => match[1]).join("")).byteLength,
    };
  }
  return sizes;
}

/** nginx and a bare node:http server on the saved bytes: the references of the same run. */
async function references(pages: Page[]) {
  const nginxPort = port + 1;
  const barePort = port + 2;
  fs.writeFileSync(path.join(work, "nginx.conf"), nginxConfig(work, nginxPort, sentEncoding));
  const nginx = track(spawn("nginx", ["-c", path.join(work, "nginx.conf")], { stdio: "inherit" }));
  const bare = track(
    spawn(process.execPath, ["-e", BARE_SERVER, path.join(work, "html"), String(barePort), sentEncoding], {
      stdio: "inherit",
    }),
  );
  const out: References = {};
  try {
    await waitFor(`http://127.0.0.1:${nginxPort}/${pages[0].name}.html`, nginx);
    await waitFor(`http://127.0.0.1:${barePort}/${pages[0].name}.html`, bare);
    for (const page of pages) {
      const nginxRun = await measure(
        `http://127.0.0.1:${nginxPort}/${page.name}.html`,
        nginx.pid ?? 0,
        null,
        page,
      );
      const nodeRun = await measure(
        `http://127.0.0.1:${barePort}/${page.name}.html`,
        bare.pid ?? 0,
        null,
        page,
      );
      out[page.name] = { nginx: nginxRun, node: nodeRun };
    }
  } finally {
    await stopProcess(nginx);
    await stopProcess(bare);
  }
  return out;
}

/** Whether a page comes from the page cache once requested (its copy is kept as the body ends). */
async function servedFromCache(page: Page): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(`${base}${page.path}`, { headers: headersOf(page) });
    await response.arrayBuffer();
    if (response.headers.get("x-page-cache") === "hit") return true;
    await sleep(200);
  }
  return false;
}

/** The server processes' peak resident memory (MB) in each mode, read before they stop. */
const memory: Record<string, ReturnType<typeof residentMb> & { startedLargest: number }> = {};

/** Every page through the server in one mode; checks that the mode is the one asked for. */
async function serverRuns(pages: Page[], mode: "on" | "off", client: pg.Client) {
  const server = await startServer(mode);
  const out: Record<string, Run> = {};
  const started = residentMb(server.pid ?? 0, "VmRSS");
  try {
    // Every page for the warm-up time before any is measured: the first page measured otherwise
    // carried the new processes' compilation (the product page 34 to 67 ms of Node a request when
    // measured first, 20 to 22 in the runs before, on the same build).
    for (const page of pages) wrk(`${base}${page.path}`, Number(values.warmup), wrkOptionsOf(page));
    for (const page of pages) {
      // A signed-in page is never cached: it has the uncached run only. Nor has a page the server
      // does not keep (not one of cache-policy.ts's public pages: the bottling, the archive).
      if (page.cookie && mode === "on") continue;
      const fromCache = await servedFromCache(page);
      if (mode === "on" && !fromCache && !isPublicPage(page.path.split("?")[0])) {
        console.log(`${page.path}: not kept by the page cache, no cached run`);
        continue;
      }
      if ((mode === "on") !== fromCache) throw new Error(`${page.path}: the page cache is not ${mode}`);
      out[page.name] = await measure(`${base}${page.path}`, server.pid ?? 0, client, page);
      // wrk counts no redirect as an error: the page must still be the buyer's after the run.
      if (page.cookie) {
        const after = await fetch(`${base}${page.path}`, { headers: headersOf(page), redirect: "manual" });
        checkSignedInPage(page.name, await after.text(), dealId);
      }
    }
    memory[mode === "on" ? "cached" : "uncached"] = {
      ...residentMb(server.pid ?? 0),
      startedLargest: started.largest,
    };
  } finally {
    await stopProcess(server);
  }
  return out;
}

async function main() {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(work, "report.lua"), WRK_SCRIPT);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const products = await prepareDatabase(client);
    const loadBefore = fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    const probe = await startServer("off");
    let pages: Page[];
    let sizes: Record<string, PageBytes>;
    try {
      pages = await pagesToLoad(client);
      sizes = await saveHtml(pages);
    } finally {
      await stopProcess(probe);
    }
    const uncached = await serverRuns(pages, "off", client);
    const anonymous = pages.some((page) => !page.cookie);
    const cached = values["uncached-only"] || !anonymous ? {} : await serverRuns(pages, "on", client);
    const refs = await references(pages);
    const loadAfter = fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    console.log(
      `\n${products} products, build ${process.env.BUILD_DIR ?? "build"}, WORKERS=${values.workers ?? "(default)"}, ${values.connections} connections, ${values.seconds} s after ${values.warmup} s warm-up, load ${loadBefore} before, ${loadAfter} after`,
    );
    console.log(
      `pages: ${pages.map((page) => `${page.name} ${page.path} (${sizes[page.name].html} B${sentEncoding === "identity" ? "" : `, ${sizes[page.name].wire} B ${sentEncoding}`})`).join(", ")}\n`,
    );
    printTable(pages, uncached, cached, refs);
    for (const [mode, peak] of Object.entries(memory))
      console.log(
        `memory, ${mode}: ${peak.processes} server processes, the largest peaked at ${peak.largest} MB resident (all together at most ${peak.sum} MB; the largest was ${peak.startedLargest} MB right after the start)`,
      );
    if (values.json)
      fs.writeFileSync(
        values.json,
        JSON.stringify(
          {
            products,
            build: process.env.BUILD_DIR ?? "build",
            workers: values.workers ?? null,
            connections: Number(values.connections),
            seconds: Number(values.seconds),
            warmup: Number(values.warmup),
            acceptEncoding,
            contentEncoding: sentEncoding,
            load: { before: Number(loadBefore), after: Number(loadAfter) },
            memory,
            pages: pages.map((page) => ({
              name: page.name,
              path: page.path,
              bytes: sizes[page.name],
              uncached: uncached[page.name],
              cached: cached[page.name] ?? null,
              nginx: refs[page.name].nginx,
              nodeHttp: refs[page.name].node,
            })),
          },
          null,
          2,
        ),
      );
  } finally {
    await client.end();
    for (const child of children) await stopProcess(child);
  }
}

process.on("SIGINT", () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(130);
});
await main();
