/**
 * `node bench/api.ts --layers`: what each layer of the HTTP chain (server/http/app.ts) costs on an
 * API route, in CPU per request. The app runs in this process on an in-memory PGlite with the
 * demo data; requests go through `app.fetch` one after another (no sockets: the node-server
 * adapter and the kernel are not in these figures, bench/api.ts measures them). For each layer
 * the app is built without it, and its cost is the difference to the full chain.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { seedDemoIfEmpty } from "#server/db/seed/index.ts";
import { createHttpApp, HTTP_LAYERS, type HttpLayer } from "#server/http/app.ts";
import { createPageCache } from "#server/http/page-cache.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import { fmt, loadAverage } from "./http-load.ts";

type App = ReturnType<typeof createHttpApp>;

/** CPU microseconds per request over `requests` sequential requests (after a warm-up). */
async function cpuPerRequest(app: App, url: string, requests: number): Promise<number> {
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      // The node-server adapter's bindings: the socket's address, as a real connection has it.
      const response = await app.fetch(new Request(url), {
        incoming: { socket: { remoteAddress: "127.0.0.1" } },
      });
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await run(Math.min(2000, requests));
  const before = process.cpuUsage();
  await run(requests);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
}

export async function measureLayers(requests: number, paths: string[] | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-layers-"));
  const database = await openDatabase({ engine: "pglite" });
  // The production level and output (server/main.ts: pino's asynchronous destination), to
  // /dev/null. The request log itself sits in front of the chain (withRequestLog, ADR 0061), so
  // it is not in these figures: the "requestLog" layer is the request's id and logger only.
  const logger = createLogger("info", pino.destination({ dest: "/dev/null", sync: false }));
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1" });
  await seedDemoIfEmpty(database.db, { dataDir, logger: createLogger("silent") });
  const jobs = createJobRunner({ database, logger, background: false });
  const services = createServices({ database, config, logger, jobs });
  const pageCache = createPageCache({});
  const build = (omitLayers: HttpLayer[]) =>
    createHttpApp({ config, logger, services, pageCache, omitLayers });

  console.log(`In process, ${requests} sequential requests per variant, load ${loadAverage()} before`);
  const variants: [string, App][] = [
    ["full", build([])],
    ["none", build([...HTTP_LAYERS])],
    ...HTTP_LAYERS.map((layer): [string, App] => [layer, build([layer])]),
  ];
  for (const route of paths ?? ["/api/lists/currencies", "/api/lists/countries/cs"]) {
    const url = `http://127.0.0.1${route}`;
    // The best of 3 interleaved runs per variant: the machine's noise only ever adds time.
    const best = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      for (const [name, app] of variants) {
        const cost = await cpuPerRequest(app, url, requests);
        best.set(name, Math.min(best.get(name) ?? cost, cost));
      }
    }
    const full = best.get("full") ?? 0;
    console.log(
      `\n${route}: full chain ${fmt(full, 1)} µs, without every layer ${fmt(best.get("none") ?? 0, 1)} µs`,
    );
    console.log("| layer | µs/request | share of the chain |");
    console.log("| --- | ---: | ---: |");
    for (const layer of HTTP_LAYERS) {
      const cost = full - (best.get(layer) ?? 0);
      console.log(`| ${layer} | ${fmt(cost, 1)} | ${fmt((cost / full) * 100)} % |`);
    }
  }
  console.log(`\nload ${loadAverage()} after`);
  await jobs.stop?.();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
