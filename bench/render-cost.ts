/**
 * Node's CPU per page render, two or more web builds side by side (issue 18; not part of `npm
 * test`): each build gets its own HTTP app (the production middleware, no page cache) in this one
 * process, on the same services and database, and the pages are requested one at a time, the
 * builds taking turns, so a busy machine slows them alike. CPU is this process's
 * (`process.cpuUsage`: the render, the middleware and the database driver; PostgreSQL's side is in
 * page-cost.ts). Min, p10, p25 and median over `--requests` after 15 warm-up requests.
 *
 *   BUILD_DIR=before npx react-router build   # e.g. from `git archive <commit>` in /tmp
 *   BUILD_DIR=after npx react-router build
 *   NODE_ENV=production DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_cost \
 *     node bench/render-cost.ts --builds builds/before,builds/after [--pages /2/rum,/] [--requests 100]
 *     [--profile /tmp/render-profiles]   # one .cpuprofile per page, for Chrome DevTools or speedscope
 *     [--save /tmp/render-html]          # each build's HTML of each page
 *
 * NODE_ENV=production matters: without it React's development build renders.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type * as ReactRouter from "react-router";
import type { ServerBuild } from "react-router";
import { requestContextKey } from "#core/web/request-context.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createHttpApp } from "#server/http/app.ts";
import { handlerByArea } from "#server/http/route-areas.ts";
import type { AppVariables } from "#server/http/types.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

const { values } = parseArgs({
  options: {
    builds: { type: "string", default: "build" },
    pages: { type: "string", default: "/2/rum,/" },
    requests: { type: "string", default: "100" },
    /** A directory for one V8 CPU profile per page, of the measured renders only (no start-up, no warm-up). */
    profile: { type: "string" },
    /** A directory for each build's HTML of each page (to compare bytes and markup). */
    save: { type: "string" },
  },
});
if (process.env.NODE_ENV !== "production")
  throw new Error("Run with NODE_ENV=production (React's production build).");
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name a seeded PostgreSQL database (see page-cost.ts).");

const database = await openDatabase({ engine: "postgres", url });
const logger = createLogger("silent");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-render-cost-"));
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const jobs = createJobRunner({ database, logger, background: false });
const services = createServices({ database, config, logger, jobs });
const appContext = requestContextKey<AppVariables>();

/**
 * The react-router a build's server loads: the one beside the build (a worktree's node_modules,
 * which may hold another release), not this script's; its handler and context class.
 */
async function reactRouterOf(buildPath: string): Promise<typeof ReactRouter> {
  const resolved = createRequire(path.resolve(buildPath, "server/index.js")).resolve("react-router");
  return import(pathToFileURL(resolved).href);
}

async function appFor(buildPath: string) {
  const entry = pathToFileURL(path.resolve(buildPath, "server/index.js")).href;
  const { createRequestHandler, RouterContextProvider } = await reactRouterOf(buildPath);
  const build = (await import(entry)) as ServerBuild;
  const handle = handlerByArea(build, (areaBuild) => createRequestHandler(areaBuild, "production"));
  return createHttpApp({
    config,
    logger,
    services,
    pageHandler: (request, variables) => {
      const context = new RouterContextProvider();
      context.set(appContext, variables);
      return handle(request, context);
    },
  });
}

/** A browser's User-Agent: a crawler's render skips the age gate. */
const HEADERS = { Accept: "text/html", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0" };

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.floor(sorted.length * share)].toFixed(2).padStart(6);
  return `min ${sorted[0].toFixed(2).padStart(6)}  p10 ${at(0.1)}  p25 ${at(0.25)}  median ${at(0.5)}`;
}

const builds = values.builds.split(",");
const apps = await Promise.all(builds.map(appFor));
const requests = Number(values.requests);
console.log(`load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]} before; Node CPU ms per request`);
const profiler = values.profile ? new Session() : null;
profiler?.connect();
await profiler?.post("Profiler.enable");
await profiler?.post("Profiler.setSamplingInterval", { interval: 100 });
for (const page of values.pages.split(",")) {
  const bytes: number[] = [];
  const name =
    page
      .replace(/[^a-z0-9]+/gi, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 40) || "home";
  const render = async (k: number) => {
    const response = await apps[k].request(`http://127.0.0.1${page}`, { headers: HEADERS });
    const body = await response.arrayBuffer();
    bytes[k] = body.byteLength;
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    if (values.save && samplesTaken(k) === requests - 1) {
      fs.mkdirSync(values.save, { recursive: true });
      fs.writeFileSync(path.join(values.save, `${name}.${path.basename(builds[k])}.html`), Buffer.from(body));
    }
  };
  const samples: number[][] = apps.map(() => []);
  const samplesTaken = (k: number) => samples[k].length;
  for (let i = 0; i < 15; i++) for (let k = 0; k < apps.length; k++) await render(k);
  await profiler?.post("Profiler.start");
  for (let i = 0; i < requests; i++)
    for (let k = 0; k < apps.length; k++) {
      const started = process.cpuUsage();
      await render(k);
      const used = process.cpuUsage(started);
      samples[k].push((used.user + used.system) / 1000);
    }
  if (profiler && values.profile) {
    const { profile } = await profiler.post("Profiler.stop");
    fs.mkdirSync(values.profile, { recursive: true });
    fs.writeFileSync(path.join(values.profile, `${name}.cpuprofile`), JSON.stringify(profile));
  }
  for (let k = 0; k < apps.length; k++)
    console.log(
      `${page.padEnd(24)} ${builds[k].padEnd(16)} ${String(bytes[k]).padStart(7)} B  ${summary(samples[k])}`,
    );
}
console.log(`load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]} after`);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
