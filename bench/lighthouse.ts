/**
 * Lighthouse on a phone (issue 18; not part of `npm test`): runs Lighthouse's mobile preset
 * (Moto G Power screen, simulated slow 4G and a 4× slower CPU) on the home page, a category and a
 * product page of a running server, several times each, and prints the median performance score,
 * LCP, TBT, CLS, FCP and the JavaScript the page loaded. The visitor has answered the consent bar
 * and the age question (their cookies are sent), as in bench/page-weight.ts.
 *
 *   BUILD_DIR=bench PORT=3700 DATA_DIR=/tmp/bench-data node scripts/start.ts &
 *   CHROME_PATH=/usr/bin/chromium node bench/lighthouse.ts --url http://localhost:3700 [--runs 3]
 *     [--ref http://localhost:3710] [--pages /,/2/rum,<product path>] [--json]
 *
 * --ref: a second server (the reference, e.g. the commit before a change) audited in turn with the
 * first, run by run, so both see the same machine load. The product page is the first card of
 * /2/rum on the first server.
 *
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ANSWERED } from "../tests/browser-setup.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    ref: { type: "string" },
    pages: { type: "string" },
    runs: { type: "string", default: "3" },
    json: { type: "boolean", default: false },
  },
});
const base = values.url.replace(/\/$/, "");
const servers = [base, ...(values.ref ? [values.ref.replace(/\/$/, "")] : [])];
const runs = Number(values.runs);

async function defaultPages(): Promise<string[]> {
  const html = await (await fetch(`${base}/2/rum`)).text();
  // The first card's link, whatever the order of its attributes.
  const card = html.match(/<a\b[^>]*\bclass="card-link"[^>]*>/)?.[0];
  const product = card?.match(/\bhref="([^"]+)"/)?.[1];
  return ["/", "/2/rum", ...(product ? [product] : [])];
}

type Run = { score: number; lcp: number; tbt: number; cls: number; fcp: number; jsKb: number };

const cookie = Object.entries(ANSWERED)
  .map(([name, value]) => `${name}=${value}`)
  .join("; ");

/** One Lighthouse run; a run that failed (Lighthouse's runtimeError, no score) is tried again. */
async function audit(port: number, url: string, attempt = 1): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: { Cookie: cookie },
    },
    undefined,
  );
  const failed = !result || result.lhr.runtimeError || result.lhr.categories.performance?.score == null;
  if (failed) {
    if (attempt < 3) return audit(port, url, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
  }
  const { audits, categories } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = (
    audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  const js = (items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcp: numeric("first-contentful-paint"),
    jsKb: js / 1024,
  };
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const table: (Run & { server: string; page: string; runs: Run[] })[] = [];
try {
  for (const page of values.pages ? values.pages.split(",") : await defaultPages()) {
    const results = servers.map((): Run[] => []);
    // The servers take turns run by run, so a busy moment hits both alike.
    for (let i = 0; i < runs; i++)
      for (const [index, server] of servers.entries())
        results[index].push(await audit(chrome.port, `${server}${page}`));
    for (const [index, server] of servers.entries()) {
      const pick = (key: keyof Run) => median(results[index].map((run) => run[key]));
      table.push({
        server,
        page,
        score: pick("score"),
        lcp: pick("lcp"),
        tbt: pick("tbt"),
        cls: pick("cls"),
        fcp: pick("fcp"),
        jsKb: pick("jsKb"),
        runs: results[index],
      });
    }
  }
} finally {
  chrome.kill();
}

if (values.json) console.log(JSON.stringify(table, null, 2));
else {
  console.log(`Lighthouse mobile, median of ${runs} runs`);
  console.log(
    "server                  page                                     score  LCP ms  TBT ms    CLS  FCP ms  JS wire KB",
  );
  const cell = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
  for (const row of table)
    console.log(
      `${row.server.padEnd(24)}${row.page.slice(0, 40).padEnd(41)}${cell(row.score, 5)}${cell(row.lcp, 8)}${cell(row.tbt, 8)}${cell(row.cls, 7, 3)}${cell(row.fcp, 8)}${cell(row.jsKb, 12, 1)}`,
    );
}
