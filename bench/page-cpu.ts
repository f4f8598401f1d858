/**
 * The browser's main-thread CPU of loading a page (issue 40, item 5; not part of `npm test`), for
 * two servers taking turns load by load: Chromium's own counters (CDP `Performance.getMetrics`
 * with thread ticks: the main thread's CPU time, so another process's load on the machine counts
 * far less than in wall-clock figures such as Lighthouse's TBT). Each load is a fresh context, a
 * phone-sized window (412 × 823), the visitor's overlays answered, measured after `networkidle`
 * and half a second. Prints the medians and every load, in ms: script, all tasks, layout, style.
 *
 *   node bench/page-cpu.ts --url http://127.0.0.1:3700 [--ref http://127.0.0.1:3710]
 *     [--pages /,/3/whisky] [--loads 11]
 *
 * --ref: the reference (e.g. the build before a change) on the same data, asked in turn with --url.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { type Browser, chromium } from "@playwright/test";
import { ANSWERED, addSiteCookies, CHROMIUM_LAUNCH } from "../tests/browser-setup.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    ref: { type: "string" },
    pages: { type: "string", default: "/,/3/whisky" },
    loads: { type: "string", default: "11" },
  },
});
const servers = [values.url, ...(values.ref ? [values.ref] : [])].map((url) => url.replace(/\/$/, ""));
const KINDS = {
  script: "ScriptDuration",
  tasks: "TaskDuration",
  layout: "LayoutDuration",
  style: "RecalcStyleDuration",
};
type Load = Record<keyof typeof KINDS, number>;

async function measure(browser: Browser, base: string, path: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await addSiteCookies(context, base, ANSWERED);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const { metrics } = await cdp.send("Performance.getMetrics");
    const byName = new Map(metrics.map((metric) => [metric.name, metric.value]));
    return Object.fromEntries(
      Object.entries(KINDS).map(([kind, name]) => [kind, (byName.get(name) ?? Number.NaN) * 1000]),
    ) as Load;
  } finally {
    await context.close();
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const loadAverage = () => os.loadavg()[0].toFixed(2);

console.log(`load ${loadAverage()} before, ${new Date().toISOString()}`);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const path of values.pages.split(",")) {
    const results = servers.map((): Load[] => []);
    // The servers take turns load by load, so a busy moment hits both alike.
    for (let i = 0; i < Number(values.loads); i++)
      for (const [index, base] of servers.entries()) results[index].push(await measure(browser, base, path));
    for (const [index, base] of servers.entries()) {
      const cells = (Object.keys(KINDS) as (keyof Load)[]).map(
        (kind) =>
          `${kind} ${median(results[index].map((load) => load[kind])).toFixed(0)} [${results[index].map((load) => load[kind].toFixed(0)).join(" ")}]`,
      );
      console.log(`${base}${path}  ${cells.join("  ")}`);
    }
  }
} finally {
  await browser.close();
}
console.log(`load ${loadAverage()} after`);
