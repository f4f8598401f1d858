/**
 * How long the production server takes to start: `node server/main.ts` on an embedded database
 * already migrated (a temporary DATA_DIR, migrated by a first start that is not counted), from the
 * spawn until `/api/health` answers, then SIGTERM. What every restart, browser test server and
 * crash test waits for (ADR 0125).
 *
 * The references, taking turns with it in the same run: `node -e ""` (a Node process's own start
 * and exit) and a bare node:http server (bench/bare-server.ts) until it answers.
 *
 *   node bench/start.ts [--runs 5]
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadAverage } from "./http-load.ts";
import { spawnProductionServer, stopProcess } from "./production-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
const port = 3990;

/** Polls `url` every 20 ms until it answers 200; the milliseconds since `since`. */
async function answeredAfter(url: string, child: ChildProcess, since: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the process exited (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return performance.now() - since;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function timeServer(dataDir: string) {
  const since = performance.now();
  const child = spawnProductionServer(port, { HOST: "127.0.0.1", DATA_DIR: dataDir, WORKERS: "1" });
  try {
    return await answeredAfter(`http://127.0.0.1:${port}/api/health`, child, since);
  } finally {
    await stopProcess(child);
  }
}

function timeBareNode() {
  const since = performance.now();
  execFileSync(process.execPath, ["-e", ""]);
  return performance.now() - since;
}

async function timeBareServer(answerFile: string) {
  const since = performance.now();
  const child = spawn(process.execPath, [path.join(root, "bench/bare-server.ts"), String(port), answerFile], {
    stdio: "ignore",
  });
  try {
    return await answeredAfter(`http://127.0.0.1:${port}/`, child, since);
  } finally {
    await stopProcess(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (label: string, xs: number[]) =>
  `${label.padEnd(34)} median ${median(xs).toFixed(0).padStart(5)} ms  (${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)})`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-start-"));
try {
  const answerFile = path.join(work, "answer.json");
  fs.writeFileSync(
    answerFile,
    JSON.stringify({ status: 200, headers: [["content-type", "text/plain"]], body: "" }),
  );
  const dataDir = path.join(work, "data");
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
  const loadBefore = loadAverage();
  const migration = await timeServer(dataDir);
  const server: number[] = [];
  const bareNode: number[] = [];
  const bareServer: number[] = [];
  for (let run = 0; run < runs; run++) {
    server.push(await timeServer(dataDir));
    bareNode.push(timeBareNode());
    bareServer.push(await timeBareServer(answerFile));
  }
  console.log(
    `commit ${commit}, node ${process.version}, ${runs} runs taking turns, 1-min load ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log(`first start (migrations): ${migration.toFixed(0)} ms`);
  console.log(line("server, migrated embedded database", server));
  console.log(line("bare node:http server", bareServer));
  console.log(line("node -e ''", bareNode));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
