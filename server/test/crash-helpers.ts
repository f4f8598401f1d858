import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createJobRunner, type JobRunner } from "../jobs/runner.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import {
  createStubBuild,
  freePort,
  killServerProcess,
  type ServerProcess,
  startServerProcess,
} from "./server-process.ts";

/**
 * Helpers for crash tests: the real server process on a data directory (and, with
 * TEST_DATABASE_URL, a fresh PostgreSQL database), killed with SIGKILL and started again on the
 * same storage. What the killed process promised must be there after the restart, and what it
 * was doing must happen exactly once.
 *
 * Every helper registers its clean-up with a `Cleanups` list; the test file runs it in afterAll.
 */
export type Cleanups = {
  add(cleanup: () => Promise<void> | void): void;
  /** Runs every clean-up, last added first. */
  run(): Promise<void>;
};

export function createCleanups(): Cleanups {
  const list: (() => Promise<void> | void)[] = [];
  return {
    add: (cleanup) => void list.push(cleanup),
    async run() {
      for (const cleanup of list.splice(0).reverse()) await cleanup();
    },
  };
}

/** The PostgreSQL server of the test run, or undefined for the embedded engine only. */
export const testServerUrl = process.env.TEST_DATABASE_URL;

/** Where a crash test's server keeps its data: a DATA_DIR, plus its own database on PostgreSQL. */
export type CrashStorage = { dataDir: string; databaseUrl: string };

async function adminQuery(serverUrl: string | undefined, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A temporary DATA_DIR, and with TEST_DATABASE_URL (or the PostgreSQL server `serverUrl`) a fresh
 * database (dropped afterwards).
 */
export async function prepareCrashStorage(
  cleanups: Cleanups,
  serverUrl: string | undefined = testServerUrl,
): Promise<CrashStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-crash-"));
  cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (!serverUrl) return { dataDir, databaseUrl: "" };
  const name = `rarita_crash_${randomBytes(5).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  cleanups.add(() => adminQuery(serverUrl, `drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

/**
 * The same database, opened in this process (on the embedded engine the server must not run
 * meanwhile: the data directory lock refuses a second opener).
 */
export async function withDatabase<T>(storage: CrashStorage, work: (database: Database) => Promise<T>) {
  const database = storage.databaseUrl
    ? await openDatabase({ engine: "postgres", url: storage.databaseUrl, poolSize: 2 })
    : await openDatabase({ engine: "pglite", dataDir: storage.dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

export type CrashServices = ReturnType<typeof createServices>;

/**
 * The application's services on the crash test's storage, in this process, with a job runner that
 * does not run jobs in the background: what `work` queues stays queued for the server process.
 * With `background: true` the runner works like the server's (workers, supervisor, schedules), to
 * let jobs left by a killed process finish.
 */
export async function withServices<T>(
  storage: CrashStorage,
  work: (context: { database: Database; services: CrashServices; jobs: JobRunner }) => Promise<T>,
  env: Record<string, string> = {},
  { background = false }: { background?: boolean } = {},
) {
  return withDatabase(storage, async (database) => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: storage.dataDir, LOG_LEVEL: "silent", ...env });
    const logger = createLogger("silent");
    const jobs = createJobRunner({ database, logger, background });
    const services = createServices({ database, config, logger, jobs });
    await jobs.start();
    try {
      return await work({ database, services, jobs });
    } finally {
      await jobs.stop();
    }
  });
}

export type CrashServer = {
  port: number;
  /** http://127.0.0.1:port */
  origin: string;
  /** Starts the server process on the storage and waits until it listens. */
  start(): Promise<ServerProcess>;
  /**
   * Starts it without waiting, with `extra` settings for this run only: for a process that may end
   * (a fail point) before it listens.
   */
  run(extra?: Record<string, string>): ServerProcess;
};

/**
 * The real server (`node server/main.ts`) on the storage, on one port for all of its restarts,
 * with a stand-in web build (the crash tests call /api only). `env` adds settings (SMTP_URL ...).
 */
export async function createCrashServer(
  storage: CrashStorage,
  cleanups: Cleanups,
  env: Record<string, string> = {},
): Promise<CrashServer> {
  const build = createStubBuild();
  cleanups.add(build.remove);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const fullEnv = {
    BUILD_DIR: build.name,
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    ...env,
  };
  return {
    port,
    origin,
    run(extra = {}) {
      const server = startServerProcess({ ...fullEnv, ...extra });
      cleanups.add(() => killServerProcess(server));
      return server;
    },
    async start() {
      const server = startServerProcess(fullEnv);
      cleanups.add(() => killServerProcess(server));
      await server.waitForOutput("Rarita is running");
      return server;
    },
  };
}

/** SIGKILL: no shutdown handler runs, nothing is flushed; resolves when the process is gone. */
export async function crash(server: ServerProcess): Promise<void> {
  server.child.kill("SIGKILL");
  await server.exited;
}

/** SIGTERM and wait: the orderly shutdown (jobs stopped, database closed). */
export async function stopGracefully(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  await server.exited;
}

/**
 * Polls `check` until it returns something other than undefined/false, or fails after
 * `timeoutMs` naming `what` (and the last value seen). For states, never for fixed sleeps.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
