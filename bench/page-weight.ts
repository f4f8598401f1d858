/**
 * Page weight per route (issue 18; not part of `npm test`): opens each page of a running server in
 * Chromium as a first-time visitor (consent and age answered, empty cache) and adds up what it
 * loads before the network is idle: the HTML, the JavaScript and the CSS, each as it crossed the
 * wire (compressed when the server compresses) and as gzip would make it (level 6, computed here,
 * so a server that does not compress still shows what it would cost).
 *
 *   npm start            # or any server, e.g. BUILD_DIR=bench … node scripts/start.ts
 *   node bench/page-weight.ts --url http://localhost:3000 [--pages /,/2/rum] [--json] [--files]
 *
 * --files also lists every script and style sheet each visit loaded, largest first (gzip).
 *
 * Staff pages: --staff "admin@rarita.test:demo-spravce:<TOTP secret>" signs in first (the demo
 * secrets are printed at start) and adds /admin.
 *
 * The shop's checkout: unless --pages is given, a guest puts a shop product on sale into the cart
 * and the cart's delivery and details steps are weighed with that cart (issue 18: the shop, the
 * checkout and the back office are held to the same budget).
 */
import http from "node:http";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { ANSWERED, addSiteCookies, CHROMIUM_LAUNCH } from "../tests/browser-setup.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    pages: { type: "string" },
    staff: { type: "string" },
    json: { type: "boolean", default: false },
    files: { type: "boolean", default: false },
  },
});
const base = values.url.replace(/\/$/, "");

/** A product and a shop product of the demo data, found from the pages that list them. */
async function firstLink(path: string, pattern: RegExp): Promise<string | null> {
  const html = await (await fetch(`${base}${path}`)).text();
  const found = html.match(pattern);
  // A pattern without a group finds a link tag: its href.
  return (found?.[1] ?? found?.[0].match(/\bhref="([^"]+)"/)?.[1]) || null;
}

/** A shop product in stock (the sale list holds only those): its canonical path, after the redirect. */
async function shopProduct(): Promise<string | null> {
  const id = await firstLink("/produkty/akce", /data-product-id="(\d+)"/);
  if (!id) return null;
  const response = await fetch(`${base}/${id}/x`);
  return response.ok ? new URL(response.url).pathname : null;
}

async function defaultPages(): Promise<string[]> {
  const product = await firstLink("/2/rum", /<a\b[^>]*\bclass="card-link"[^>]*>/);
  return [
    "/",
    "/2/rum",
    "/en/2/rum",
    product,
    await shopProduct(),
    "/hledani?q=rum",
    "/denni-aukce",
    "/kosik",
    "/ucet",
    "/registrace",
  ].filter((page): page is string => page !== null);
}

/** A guest's cart holding one shop product: the storage state that carries it to the checkout's steps. */
async function cartState(browser: Browser) {
  const product = await shopProduct();
  if (!product) return null;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "cs-CZ" });
  await addSiteCookies(context, base, ANSWERED);
  const page = await context.newPage();
  await page.goto(`${base}${product}`, { waitUntil: "networkidle" });
  await page.getByTestId("add-to-cart-submit").click();
  await page.getByTestId("cart-added").waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

type Visit = "first" | "answered";
type Weight = {
  page: string;
  visit: Visit;
  kind: "html" | "js" | "css";
  wire: number;
  raw: number;
  gzip: number;
  files: number;
};

/** The bytes of `url` as the server sends them to a browser that accepts Brotli and gzip. */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

async function weigh(page: Page, path: string, visit: Visit): Promise<Weight[]> {
  // Chromium does not keep the bodies of module preloads for Playwright, so the scripts and styles
  // the page loaded are fetched again here; the HTML is the page's own.
  const assets = new Set<string>();
  page.on("request", (request) => {
    const file = new URL(request.url()).pathname;
    if (file.endsWith(".js") || file.endsWith(".css")) assets.add(request.url());
  });
  const response = await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  page.removeAllListeners("request");
  const sums = new Map<Weight["kind"], Weight>();
  const add = (kind: Weight["kind"], body: Buffer, wire: number, file = path) => {
    const gzip = zlib.gzipSync(body, { level: 6 }).length;
    if (values.files && kind !== "html") fileRows.push({ page: path, visit, file, gzip });
    const sum = sums.get(kind) ?? { page: path, visit, kind, wire: 0, raw: 0, gzip: 0, files: 0 };
    sum.wire += wire;
    sum.raw += body.length;
    sum.gzip += gzip;
    sum.files += 1;
    sums.set(kind, sum);
  };
  if (response) add("html", await response.body(), (await response.request().sizes()).responseBodySize);
  for (const url of assets) {
    const body = Buffer.from(
      await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    const file = new URL(url).pathname;
    add(file.endsWith(".js") ? "js" : "css", body, await wireBytes(url), file);
  }
  return [...sums.values()];
}

async function signInStaff(page: Page, spec: string) {
  const [email, password, secret] = spec.split(":");
  await page.goto(`${base}/ucet`);
  // The login page's own form (the header has a login button of its own).
  const main = page.locator("main");
  await main
    .getByLabel(/e-mail/i)
    .first()
    .fill(email);
  await main.getByLabel(/heslo/i).first().fill(password);
  await main
    .getByRole("button", { name: /přihlásit/i })
    .first()
    .click();
  await page.waitForURL(/\/admin\/overeni|\/ucet\/prehled/);
  if (page.url().includes("/admin/overeni")) {
    await main.getByLabel(/kód/i).first().fill(new TOTP({ secret }).generate());
    await main
      .getByRole("button", { name: /ověřit|pokračovat/i })
      .first()
      .click();
    await page.waitForURL((url) => !url.pathname.includes("/overeni"));
  }
}

/** --files: each script and style sheet a page loaded, to see what a route's bytes are made of. */
const fileRows: { page: string; visit: Visit; file: string; gzip: number }[] = [];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const rows: Weight[] = [];
// A first visit meets the consent bar and the age question (their scripts load too); a visitor who
// answered them loads only the page.
for (const path of values.pages ? values.pages.split(",") : await defaultPages())
  for (const visit of ["first", "answered"] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "cs-CZ" });
    if (visit === "answered") await addSiteCookies(context, base, ANSWERED);
    rows.push(...(await weigh(await context.newPage(), path, visit)));
    await context.close();
  }
if (!values.pages) {
  const state = await cartState(browser);
  for (const path of state ? ["/kosik", "/kosik/doprava-a-platba"] : []) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "cs-CZ",
      storageState: state ?? undefined,
    });
    const weights = await weigh(await context.newPage(), path, "answered");
    rows.push(...weights.map((weight) => ({ ...weight, page: `${path} (cart)` })));
    await context.close();
  }
}
if (values.staff) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "cs-CZ" });
  await addSiteCookies(context, base, ANSWERED);
  const page = await context.newPage();
  await signInStaff(page, values.staff);
  for (const path of ["/admin", "/admin/katalog/inzeraty"])
    rows.push(...(await weigh(page, path, "answered")));
  await context.close();
}
await browser.close();

if (values.json) console.log(JSON.stringify(rows, null, 2));
else {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log(
    "page                                              visit     kind   files  raw KB  wire KB  gzip KB",
  );
  for (const row of rows)
    console.log(
      `${row.page.slice(0, 49).padEnd(50)}${row.visit.padEnd(10)}${row.kind.padEnd(7)}${String(row.files).padStart(5)}${kb(row.raw)}${kb(row.wire)}${kb(row.gzip)}`,
    );
}
if (values.files)
  for (const row of fileRows.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `${row.page.slice(0, 40).padEnd(41)}${row.visit.padEnd(10)}${(row.gzip / 1024).toFixed(1).padStart(7)}  ${row.file}`,
    );
