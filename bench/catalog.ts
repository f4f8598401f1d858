/**
 * Catalogue speed benchmark (issue 4; not part of `npm test`): requests per second and latency
 * percentiles of server-rendered catalogue pages, search and the autocomplete API against the
 * production server on a large catalogue (100 000 products by default). bench/README.md has the
 * latest figures.
 *
 *   npm run build   (or BUILD_DIR=... npx react-router build)
 *   node bench/catalog.ts [--data-dir DIR] [--products 100000] [--connections 8] [--seconds 15] [--port 3390]
 *                         [--only search,autocomplete]   (scenarios whose name contains one of the words)
 *                         [--settle 100]   (seconds of light load first; PGlite vacuums a minute after start)
 *                         [--page-cache off]   (every page rendered: what a signed-in visitor or a miss costs)
 *   DATABASE_URL=postgres://… node bench/catalog.ts …   (the same on PostgreSQL; the database must exist)
 *
 * The data directory (or database) is filled once with `npm run seed:large` (the demo data plus N
 * products) and reused by later runs. Before the server starts, the bench runs VACUUM ANALYZE: the
 * embedded PGlite has no autovacuum, and without statistics and a visibility map the planner
 * cannot pick the index-only scans the listings rely on (PostgreSQL's autovacuum would get there
 * by itself, later). Product URLs come from the catalog service's
 * listProducts, as the site links them. Only localhost is contacted, with a bounded number of
 * concurrent connections.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { TOTP } from "otpauth";
import { openDatabase } from "#server/db/client.ts";
import { DEMO_STAFF } from "#server/db/seed/staff-data.ts";
import { createListingQueries } from "#server/modules/listing-reads/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: path.join(root, "data-bench") },
    products: { type: "string", default: "100000" },
    connections: { type: "string", default: "8" },
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3390" },
    only: { type: "string" },
    settle: { type: "string" },
    // off: every page rendered (PAGE_CACHE=off, server/main.ts), to measure the render itself.
    "page-cache": { type: "string", default: "on" },
  },
});
const dataDir = path.resolve(values["data-dir"]);
const wanted = Number(values.products);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const port = Number(values.port);
// On PGlite the server vacuums the database a minute after it starts (server/jobs/maintenance.ts),
// holding each table meanwhile: measuring before that is over would time the vacuum.
const settleSeconds = Number(values.settle ?? (process.env.DATABASE_URL ? 0 : 100));
const base = `http://127.0.0.1:${port}`;
const buildDir = path.join(
  root,
  process.env.BUILD_DIR ? path.join("builds", process.env.BUILD_DIR) : "build",
);

if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  console.error(
    `No production build in ${buildDir}: run \`npm run build\` (or BUILD_DIR=... npx react-router build) first.`,
  );
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const engine = databaseUrl ? "PostgreSQL" : "PGlite";
const open = () =>
  databaseUrl
    ? openDatabase({ engine: "postgres", url: databaseUrl })
    : openDatabase({ engine: "pglite", dataDir });

async function productCount(): Promise<number> {
  if (!databaseUrl && !fs.existsSync(path.join(dataDir, "db"))) return 0;
  const database = await open();
  try {
    const result = (await database.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

// 1. The catalogue: seeded once, reused.
const existing = await productCount();
if (existing < wanted) {
  console.log(`Seeding ${wanted - existing} products into ${dataDir} (once; later runs reuse it)…`);
  const seeded = spawnSync(
    process.execPath,
    [
      path.join(root, "server/db/seed/large.ts"),
      "--products",
      String(wanted - existing),
      "--data-dir",
      dataDir,
    ],
    { stdio: "inherit", env: { ...process.env, DATABASE_URL: databaseUrl ?? "" } },
  );
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

// 2. Statistics, visibility map, and the URLs to request.
const database = await open();
let categoryUrls: string[];
let productUrls: string[];
let shopProducts: { url: string; id: number; priceMinor: number | null }[];
let total: number;
try {
  const started = Date.now();
  await database.exec("VACUUM ANALYZE");
  console.log(`VACUUM ANALYZE: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const listing = createListingQueries(database.db);
  const counted = (await database.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
    rows: { n: number }[];
  };
  total = Number(counted.rows[0].n);
  const rum = await listing.findCategory(2, "cs");
  const spirits = await listing.findCategory(1, "cs");
  const leaf = await listing.findCategory(5, "cs");
  categoryUrls = [rum?.url, spirits ? `${spirits.url}?strana=2` : undefined, leaf?.url].filter(
    (url): url is string => Boolean(url),
  );
  const pages = await Promise.all(
    [1, 2, 3, 4, 5].map((page) => listing.listProducts({ locale: "cs", perPage: 60, page, sort: "newest" })),
  );
  productUrls = pages.flatMap((page) => page.items.map((item) => item.url));
  const shop = await listing.listProducts({
    locale: "cs",
    perPage: 60,
    page: 1,
    sort: "newest",
    formats: ["shop"],
  });
  shopProducts = shop.items.map((item) => ({ url: item.url, id: item.id, priceMinor: item.priceMinor }));
} finally {
  await database.close();
}

// 3. The production server on that directory.
const serverStarted = performance.now();
const server = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    SEED_DEMO: "false",
    DATABASE_URL: databaseUrl ?? "",
    LOG_LEVEL: "warn",
    ...(values["page-cache"] === "off" ? { PAGE_CACHE: "off" } : {}),
  },
});
const stopServer = () =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
process.on("SIGINT", () => void stopServer().then(() => process.exit(130)));

for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (attempt > 240 || server.exitCode !== null) {
    console.error("The server did not start.");
    await stopServer();
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const BROWSER_AGENT =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";

type Result = {
  name: string;
  requests: number;
  errors: number;
  /** Answers the anonymous page cache served (X-Page-Cache: hit). */
  hits: number;
  statuses: Map<number, number>;
  latencies: number[];
  seconds: number;
};

/** `connections` loops, each requesting the next URL as soon as the previous answer was read. */
async function load(name: string, urls: string[], durationSeconds: number, cookie?: string): Promise<Result> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let hits = 0;
  let next = 0;
  const deadline = performance.now() + durationSeconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const url = urls[next++ % urls.length];
      const started = performance.now();
      try {
        const response = await fetch(`${base}${url}`, {
          headers: {
            Accept: url.startsWith("/api/") ? "application/json" : "text/html",
            // A browser's: the page cache serves no crawler, and undici's "node" is one to isbot.
            "User-Agent": BROWSER_AGENT,
            ...(cookie ? { Cookie: cookie } : {}),
          },
          redirect: "manual",
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 400) errors++;
        if (response.headers.get("x-page-cache") === "hit") hits++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return {
    name,
    requests: latencies.length,
    errors,
    hits,
    statuses,
    latencies,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The cookies of a guest with one shop product in the cart (POST /api/cart/items) and of the demo
 * owner signed in with the second factor (its TOTP secret is the demo's, printed at start).
 */
async function shopAndStaffCookies(): Promise<{ cart?: string; staff?: string }> {
  const cookies: { cart?: string; staff?: string } = {};
  const product = shopProducts.find((item) => item.priceMinor !== null);
  if (product) {
    const added = await fetch(`${base}/api/cart/items`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ productId: product.id, quantity: 1, seenPriceMinor: product.priceMinor }),
    });
    const cart = added.headers.getSetCookie().find((line) => line.startsWith("cart="));
    if (cart) cookies.cart = cart.split(";")[0];
    else console.warn(`Could not fill a cart: ${added.status} ${await added.text()}`);
  }
  const owner = DEMO_STAFF.find((staff) => staff.role === "admin");
  if (owner) {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const { token } = (await login.json()) as { token?: string };
    const code = new TOTP({ secret: owner.totpSecret }).generate();
    const passed = await fetch(`${base}/api/auth/second-factor`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ code }),
    });
    if (token && passed.ok) cookies.staff = `auth._token=${token}`;
    else console.warn(`Could not sign the owner in: ${login.status} / ${passed.status}`);
  }
  return cookies;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** What a visitor types into the search box, one request per keystroke from the second letter. */
const typed = (word: string) =>
  Array.from({ length: word.length - 1 }, (_, index) => word.slice(0, index + 2)).map(
    (prefix) => `/api/catalog/autocomplete?q=${encodeURIComponent(prefix)}&lang=cs`,
  );
const visitor = await shopAndStaffCookies();
const allScenarios: [string, string[], string?][] = [
  [`category ${categoryUrls[0]}`, [categoryUrls[0]]],
  ["category pages (3 levels)", categoryUrls],
  ["product pages", productUrls],
  ["daily auctions", ["/denni-aukce"]],
  // Several words, all required; a typo the vocabulary corrects; a single common word (many hits).
  ["search: ron zacapa 23", ["/hledani?q=ron+zacapa+23"]],
  ["search typo: zakapa", ["/hledani?q=zakapa"]],
  ["search broad: rum", ["/hledani?q=rum"]],
  ["autocomplete (macallan, zakapa typed)", [...typed("macallan"), ...typed("zakapa")]],
  // The shop, the checkout and the back office are held to the same budget (issue 18).
  ["shop: sale products /produkty/akce", ["/produkty/akce"]],
  ["shop product pages", shopProducts.slice(0, 30).map((product) => product.url)],
  ["cart (a guest with one line)", ["/kosik"], visitor.cart],
  ["checkout: delivery and payment", ["/kosik/doprava-a-platba"], visitor.cart],
  ["back office: dashboard", ["/admin"], visitor.staff],
  ["back office: orders", ["/admin/objednavky"], visitor.staff],
];
const only = values.only?.split(",").map((word) => word.trim().toLowerCase());
const scenarios = only
  ? allScenarios.filter(([name]) => only.some((word) => name.toLowerCase().includes(word)))
  : allScenarios;
if (settleSeconds > 0) {
  console.log(`Letting the server settle for ${settleSeconds} s (its start-up vacuum) under load…`);
  const left = settleSeconds - (performance.now() - serverStarted) / 1000;
  if (left > 0) await load("settle", categoryUrls, left);
}

const results: Result[] = [];
// The machine may be shared: its load before and after says how far to trust the figures.
const loadBefore = os.loadavg()[0];
try {
  for (const [name, urls, cookie] of scenarios) {
    await load(name, urls, warmup, cookie);
    results.push(await load(name, urls, seconds, cookie));
  }
} finally {
  await stopServer();
}

console.log(
  `\n${total} products, ${connections} connections × ${seconds} s per scenario (after ${warmup} s warm-up), ${engine}, page cache ${values["page-cache"]}, Node ${process.version}`,
);
console.log(
  `${os.cpus().length} CPUs, load average (1 min) ${loadBefore.toFixed(1)} before and ${os.loadavg()[0].toFixed(1)} after, ${new Date().toISOString()}\n`,
);
const rows = results.map((result) => {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    scenario: result.name,
    "req/s": (result.requests / result.seconds).toFixed(1),
    "p50 ms": percentile(sorted, 50).toFixed(1),
    "p95 ms": percentile(sorted, 95).toFixed(1),
    "p99 ms": percentile(sorted, 99).toFixed(1),
    requests: result.requests,
    "cache hits": result.hits,
    statuses: [...result.statuses.entries()].map(([status, count]) => `${status}×${count}`).join(" "),
  };
});
console.table(rows);
