/**
 * The production server as the benches start it (bench/page-cost.ts, bench/run.ts): `node
 * server/main.ts` of this checkout with NODE_ENV=production, no demo data and a quiet log, ready
 * once `/api/health` answers; and a child process stopped and awaited.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "#server/runtime-flags.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers 200, while `child` runs; two minutes at most. */
export async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`${url} did not answer`);
}

/** SIGTERM, then the process's exit. */
export function stopProcess(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Spawns the server on `port` with `env` (DATABASE_URL, DATA_DIR, PAGE_CACHE, WORKERS…) over this process's environment. */
export function spawnProductionServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "server/main.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
}

/**
 * Starts the server (spawnProductionServer) and resolves once it answers. `started` sees the
 * child first (to be stopped whatever happens next).
 */
export async function startProductionServer(
  port: number,
  env: Record<string, string>,
  started?: (child: ChildProcess) => void,
): Promise<ChildProcess> {
  const server = spawnProductionServer(port, env);
  started?.(server);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, server);
    await termsLoaded(port);
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
  return server;
}

/**
 * Waits until the live listing terms are in the server's memory (ADR 0129; /health/ready says
 * `terms`): until then the filtered pages take the SQL path, and the load itself takes CPU.
 */
async function termsLoaded(port: number): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`http://127.0.0.1:${port}/health/ready`)
      .then((response) => response.json() as Promise<{ terms?: string }>)
      .catch(() => ({ terms: "loading" }));
    if (answer.terms !== "loading") return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the live listing terms did not load within 10 minutes");
}
