/**
 * Lighthouse on a phone (issue 18; not part of `npm test`): runs Lighthouse's mobile preset
 * (Moto G Power screen, simulated slow 4G and a 4× slower CPU) on the home page, a category and a
 * product page of a running server, several times each, and prints the median performance score,
 * LCP, TBT, CLS, FCP and the JavaScript the page loaded. The visitor has answered the consent bar
 * and the age question (their cookies are sent), as in bench/page-weight.ts.
 *
 *   BUILD_DIR=bench PORT=3700 DATA_DIR=/tmp/bench-data node scripts/start.ts &
 *   CHROME_PATH=/usr/bin/chromium node bench/lighthouse.ts --url http://localhost:3700 [--runs 3]
 *     [--ref http://localhost:3710] [--pages /,/2/rum,<product path>] [--json] [--breakdown]
 *
 * --ref: a second server (the reference, e.g. the commit before a change) audited in turn with the
 * first, run by run, so both see the same machine load. The product page is the first card of
 * /2/rum on the first server.
 *
 * --breakdown: after each run, the LCP element, the LCP's parts as the observed (not simulated)
 * trace had them (time to first byte, load delay, load time, render delay) and the requests that
 * started before the (observed) first paint with their priority: where the simulated LCP's time goes.
 *
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Lantern's node timings of the last simulations (the graphs behind the simulated FCP and LCP).
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { ANSWERED } from "../tests/browser-setup.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    ref: { type: "string" },
    pages: { type: "string" },
    runs: { type: "string", default: "3" },
    json: { type: "boolean", default: false },
    breakdown: { type: "boolean", default: false },
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
  if (values.breakdown) printBreakdown(url, audits);
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

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;

/** --breakdown: the LCP's element and parts, and what the browser asked for before the first paint. */
function printBreakdown(url: string, audits: Audits) {
  type Item = Record<string, unknown>;
  const details = audits["lcp-breakdown-insight"]?.details as {
    items?: { items?: Item[]; snippet?: string }[];
  };
  const parts = details?.items?.find((item) => Array.isArray(item.items))?.items ?? [];
  const element = details?.items?.find((item) => typeof item.snippet === "string")?.snippet ?? "?";
  const partText = parts.map((part) => `${part.subpart} ${Math.round(Number(part.duration))}`).join(", ");
  console.log(`\n${url}\n  LCP element ${element.slice(0, 160)}\n  observed: ${partText}`);
  printSimulation("optimisticLargestContentfulPaint");
  printSimulation("pessimisticLargestContentfulPaint");
  const observed = (audits.metrics?.details as { items?: Item[] })?.items?.[0] ?? {};
  const fcp = Number(observed.observedFirstContentfulPaint ?? 0);
  const requests = ((audits["network-requests"]?.details as { items?: Item[] })?.items ?? []).filter(
    (item) => Number(item.networkRequestTime) <= fcp,
  );
  // The main thread's work by kind (simulated ms: script, style and layout, HTML parsing…).
  const kinds = (audits["mainthread-work-breakdown"]?.details as { items?: Item[] })?.items ?? [];
  console.log(
    `  main thread: ${kinds.map((kind) => `${kind.group} ${Math.round(Number(kind.duration))}`).join(", ")}`,
  );
  // The long tasks (as simulated) that the TBT counts from: those after the simulated FCP.
  const tasks = (audits["long-tasks"]?.details as { items?: Item[] })?.items ?? [];
  console.log(
    `  long tasks (simulated FCP ${Math.round(audits["first-contentful-paint"]?.numericValue ?? 0)} ms):`,
  );
  for (const task of tasks)
    console.log(
      `    ${String(Math.round(Number(task.startTime))).padStart(6)} +${String(Math.round(Number(task.duration))).padStart(4)} ms  ${String(
        task.url,
      )
        .replace(/^https?:\/\/[^/]+/, "")
        .slice(0, 80)}`,
    );
  console.log(`  requests started before the observed FCP (${Math.round(fcp)} ms): ${requests.length}`);
  for (const item of requests)
    console.log(
      `    ${String(item.priority).padEnd(9)}${String(Math.round(Number(item.networkRequestTime))).padStart(6)}${String(Math.round(Number(item.networkEndTime))).padStart(6)}${String(Math.round(Number(item.transferSize) / 1024)).padStart(5)} KB  ${String(
        item.url,
      )
        .replace(/^https?:\/\/[^/]+/, "")
        .slice(0, 90)}`,
    );
}

type SimulatedNode = {
  type: string;
  request?: { url: string; priority: string; transferSize: number };
};
type NodeTiming = { startTime: number; endTime: number };

/** One Lantern simulation: its CPU time and the requests in its graph, as simulated. */
function printSimulation(label: string) {
  const all = (
    Lantern as unknown as {
      Simulation: { Simulator: { allNodeTimings: Map<string, Map<SimulatedNode, NodeTiming>> } };
    }
  ).Simulation.Simulator.allNodeTimings;
  const timings = all.get(label);
  if (!timings) return;
  let cpu = 0;
  let end = 0;
  const requests: string[] = [];
  for (const [node, timing] of timings) {
    end = Math.max(end, timing.endTime);
    if (node.type === "cpu") cpu += timing.endTime - timing.startTime;
    else if (node.request)
      requests.push(
        `      ${Math.round(timing.startTime).toString().padStart(5)}${Math.round(timing.endTime).toString().padStart(6)} ${node.request.priority.padEnd(9)}${(node.request.transferSize / 1024).toFixed(1).padStart(6)} KB  ${node.request.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 80)}`,
      );
  }
  console.log(
    `  simulated ${label}: ends ${Math.round(end)} ms, CPU ${Math.round(cpu)} ms, ${requests.length} requests`,
  );
  for (const line of requests) console.log(line);
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
