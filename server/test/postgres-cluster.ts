import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Cleanups } from "./crash-helpers.ts";
import { freePort } from "./server-process.ts";

/**
 * A PostgreSQL server for a test that needs one when the run has none (`npm test` runs Vitest on
 * the embedded database, without TEST_DATABASE_URL): a throwaway cluster made with initdb from
 * the Debian packages (/usr/lib/postgresql/<version>/bin, or PG_BINDIR), started on a free port
 * of 127.0.0.1, stopped and removed by the clean-ups. PostgreSQL refuses to run as root: under
 * root (a container's CI) it runs as the `postgres` user the packages create.
 *
 * Returns the server's maintenance URL (postgres://postgres@127.0.0.1:<port>/postgres), or
 * TEST_DATABASE_URL itself when the run has one.
 */
export async function testPostgresServer(cleanups: Cleanups): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const cluster = newClusterDir(cleanups);
  initCluster(cluster, "data");
  return startServer(cluster, "data", cleanups);
}

/** Whether this machine has PostgreSQL's server programs, for a test that must own its server. */
export function hasPostgresServerPrograms(): boolean {
  try {
    return fs.existsSync(path.join(postgresBinDir(), "postgres"));
  } catch {
    return false;
  }
}

/** A server of the test's own that it can stop and start again, on the same port and data. */
export type StoppablePostgresServer = {
  /** The maintenance URL (database `postgres`). */
  url: string;
  /** A fast shutdown (as `pg_ctl stop -m fast`): sessions are ended, new connections refused. */
  stop(): Promise<void>;
  /** Starts it again when it is stopped; resolves when it takes connections. */
  start(): Promise<void>;
};

/**
 * A throwaway cluster as testPostgresServer's, whatever TEST_DATABASE_URL says (a test that stops
 * its database must not stop the run's): for what the application does while PostgreSQL is away.
 */
export async function stoppablePostgresServer(cleanups: Cleanups): Promise<StoppablePostgresServer> {
  const cluster = newClusterDir(cleanups);
  initCluster(cluster, "data");
  const port = await freePort();
  let running = await spawnServer(cluster, "data", port);
  let stopped = false;
  cleanups.add(() => stopServer(running.server, running.exited));
  return {
    url: running.url,
    async stop() {
      stopped = true;
      await stopServer(running.server, running.exited);
    },
    async start() {
      if (!stopped) return;
      running = await spawnServer(cluster, "data", port);
      stopped = false;
    },
  };
}

/**
 * A primary and its streaming standby (hot, read-only), both throwaway clusters of their own
 * whatever TEST_DATABASE_URL says: the primary made as testPostgresServer's, with WAL for a
 * replica and replication connections from 127.0.0.1 allowed, the standby copied from it by
 * pg_basebackup (-R: it follows the primary from the copy on). Returns both maintenance URLs.
 */
export async function testReplicatedServers(
  cleanups: Cleanups,
): Promise<{ primary: string; standby: string }> {
  const cluster = newClusterDir(cleanups);
  initCluster(cluster, "primary");
  // initdb's own file already allows it with --auth=trust; said here because the standby needs it.
  fs.appendFileSync(
    path.join(cluster.dir, "primary", "pg_hba.conf"),
    "host replication postgres 127.0.0.1/32 trust\n",
  );
  const primary = await startServer(cluster, "primary", cleanups, ["-c", "wal_level=replica"]);
  const { port } = new URL(primary);
  execFileSync(
    path.join(cluster.bin, "pg_basebackup"),
    [
      "-R",
      "-X",
      "stream",
      "-D",
      path.join(cluster.dir, "standby"),
      "-h",
      "127.0.0.1",
      "-p",
      port,
      "-U",
      "postgres",
    ],
    { stdio: "pipe", ...cluster.owner },
  );
  const standby = await startServer(cluster, "standby", cleanups, ["-c", "hot_standby=on"]);
  return { primary, standby };
}

type Cluster = { bin: string; owner: { uid: number; gid: number } | undefined; dir: string };

/** A temporary directory for clusters, owned by the user PostgreSQL runs as; removed by the clean-ups. */
function newClusterDir(cleanups: Cleanups): Cluster {
  const bin = postgresBinDir();
  const owner = process.getuid?.() === 0 ? systemUser("postgres") : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-pg-"));
  cleanups.add(() => fs.rmSync(dir, { recursive: true, force: true }));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  return { bin, owner, dir };
}

function initCluster({ bin, owner, dir }: Cluster, name: string) {
  // No fsync: the test kills application processes, never this server, and initdb is then ~2x faster.
  execFileSync(
    path.join(bin, "initdb"),
    [
      "-D",
      path.join(dir, name),
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ],
    { stdio: "pipe", ...owner },
  );
}

/** Starts the cluster `name` on a free port of 127.0.0.1; stopped by the clean-ups. Returns its URL. */
async function startServer(cluster: Cluster, name: string, cleanups: Cleanups, args: string[] = []) {
  const { server, exited, url } = await spawnServer(cluster, name, await freePort(), args);
  cleanups.add(() => stopServer(server, exited));
  return url;
}

/** Runs the cluster `name` on `port` of 127.0.0.1; resolves when it takes connections. */
async function spawnServer({ bin, owner, dir }: Cluster, name: string, port: number, args: string[] = []) {
  const server = spawn(
    path.join(bin, "postgres"),
    [
      ...["-D", path.join(dir, name), "-p", String(port), "-k", dir],
      ...["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off"],
      ...["-c", "max_connections=200", ...args],
    ],
    { stdio: ["ignore", "ignore", "pipe"], ...owner },
  );
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitForConnections(url, exited, () => log);
  return { server, exited, url };
}

/** SIGINT is PostgreSQL's fast shutdown: sessions are ended, nothing waits for them. */
async function stopServer(server: ChildProcess, exited: Promise<void>) {
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGINT");
  await exited;
}

async function waitForConnections(url: string, exited: Promise<void>, log: () => string) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`the test PostgreSQL server stopped at start: ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`the test PostgreSQL server did not start: ${error} ${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** PG_BINDIR, else the newest /usr/lib/postgresql/<version>/bin with an initdb (Debian, Ubuntu). */
function postgresBinDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin/initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(
      "No PostgreSQL server binaries: install Debian's postgresql package, set PG_BINDIR, or set TEST_DATABASE_URL",
    );
  return path.join(root, versions[0], "bin");
}

/** A system user's ids from /etc/passwd (Node has no getpwnam). */
function systemUser(name: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`Running as root, and there is no "${name}" user to run PostgreSQL as`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}
