import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "#server/runtime-flags.ts";

/**
 * Helpers for tests that run the real server process (`node server/main.ts`): its start-up
 * checks, exit codes, stderr lines and shutdown can only be observed from outside.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The environment for child processes: no database URLs, no inherited Node options or build dir. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _db,
    TEST_DATABASE_URL: _test,
    NODE_OPTIONS: _opts,
    BUILD_DIR: _build,
    ...env
  } = process.env;
  // One process, as before WORKERS (ADR 0035) existed; tests of several workers ask for them.
  return { ...env, NODE_ENV: "production", LOG_LEVEL: "silent", SEED_DEMO: "false", WORKERS: "1", ...extra };
}

/** A TCP port that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout contains `text` (rejects if the process exits first). */
  waitForOutput(text: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Spawns `node server/main.ts` with the given environment (on top of childEnv()). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(projectRoot, "server/main.ts")], {
    cwd: projectRoot,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters: { text: string; resolve(): void }[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const waiter of waiters.filter((w) => stdout.includes(w.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForOutput(text) {
      if (stdout.includes(text)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ text, resolve });
        void exited.then(({ code }) =>
          reject(new Error(`the server exited (code ${code}) before printing "${text}": ${stderr}`)),
        );
      });
    },
  };
}

/** Kills a server process that is still running (test clean-up). */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  await server.exited;
}

/**
 * A stand-in web build under builds/ (BUILD_DIR=<name>) so the server starts without running
 * `react-router build` first: React Router reads the build on the first page request only, and
 * these tests call /api alone. Returns the BUILD_DIR value and a remover.
 */
export function createStubBuild(): { name: string; remove(): void } {
  const name = `test-stub-${process.pid}-${randomBytes(4).toString("hex")}`;
  const dir = path.join(projectRoot, "builds", name);
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "server/index.js"),
    "// A stand-in build for server process tests: pages are never requested.\nexport const routes = {};\n",
  );
  return { name, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
