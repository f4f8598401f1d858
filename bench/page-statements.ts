/**
 * Statements per page (issue 18; not part of `npm test`): serves pages in-process through the web
 * build and counts the SQL statements each request sends to the database, on PGlite (in memory,
 * the demo data) or PostgreSQL (DATABASE_URL names an existing, empty database: the demo data is
 * seeded into it). The first request of each page warms what the process keeps in memory; the
 * figure is the median of the requests after it.
 *
 *   npm run build
 *   node bench/page-statements.ts [--requests 20] [--pages /2/rum,/,/en/2/rum]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_stmt node bench/page-statements.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { seedDemoIfEmpty } from "#server/db/seed/index.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import { inProcessPages } from "./in-process-pages.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20" },
    pages: { type: "string", default: "/2/rum,/,/en/2/rum" },
  },
});

/** Every statement a client sends (PostgreSQL's pg.Client, PGlite's query and exec), by text. */
let counting = false;
const seen: string[] = [];
function countQueries<T extends object>(proto: T, names: string[]) {
  for (const name of names) {
    const original = (proto as Record<string, (...args: unknown[]) => unknown>)[name];
    (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
      if (counting && text && !/^\s*(LISTEN|UNLISTEN)\b/i.test(text)) seen.push(text);
      return original.apply(this, args);
    };
  }
}
countQueries(pg.Client.prototype, ["query"]);
countQueries(PGlite.prototype, ["query", "exec"]);

const url = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-statements-"));
const database = url
  ? await openDatabase({ engine: "postgres", url })
  : await openDatabase({ engine: "pglite" });
const logger = createLogger("silent");
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
await seedDemoIfEmpty(database.db, { dataDir, logger });
const jobs = createJobRunner({ database, logger, background: false });
const services = createServices({ database, config, logger, jobs });
await jobs.start();

// BUILD_DIR's build (server/build-directory.ts), ./build without it.
const app = await inProcessPages({ config, logger, services });

const requests = Number(values.requests);
for (const page of (values.pages ?? "").split(",")) {
  const counts: number[] = [];
  let status = 0;
  let sample: string[] = [];
  for (let i = 0; i <= requests; i++) {
    seen.length = 0;
    counting = true;
    const response = await app.request(`http://127.0.0.1${page}`, { headers: { Accept: "text/html" } });
    await response.text();
    counting = false;
    status = response.status;
    counts.push(seen.length);
    if (i === requests) sample = [...seen];
  }
  const steady = counts.slice(1).sort((a, b) => a - b);
  console.log(
    `${page} (${status}): first request ${counts[0]} statements, then median ${steady[Math.floor(steady.length / 2)]} (min ${steady[0]}, max ${steady.at(-1)})`,
  );
  if (process.env.SHOW)
    for (const text of sample) console.log(`  ${text.replace(/\s+/g, " ").slice(0, 140)}`);
}
await jobs.stop?.();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
