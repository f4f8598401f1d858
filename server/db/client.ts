import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import { openPools, registerGenericPlans } from "./prepared-client.ts";
import * as schema from "./schema.ts";
import { applySqlSources } from "./sql-sources.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Runs raw SQL (several statements allowed); used by tests and maintenance scripts. */
  exec(sql: string): Promise<void>;
  /** Runs `hook` first when the database closes (a listener's own connection, server/db/listen.ts). */
  onClose(hook: () => Promise<void>): void;
  /**
   * The pool's sessions on the shell-data channel (PostgreSQL; server/db/notify-cache.ts): each
   * pooled session LISTENs, so a change a session of this process commits is heard by that session
   * before its statement returns, not a moment later on the listener's connection. PGlite hears
   * its own NOTIFYs through `listen`; there these report nothing.
   */
  sessions: {
    /** A change a session of this pool committed (its own NOTIFY); returns the handler's removal. */
    onOwnNotification(handler: (payload: string | undefined) => void): () => void;
    /** Whether a backend's process id is one of this pool's sessions (whose NOTIFYs it reports itself). */
    isOwn(processId: number): boolean;
  };
  /** The connection pool's sessions (PostgreSQL; the metrics' gauge): none on the embedded engine. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * The main pool itself (PostgreSQL), for a library that talks to pg directly: the rate limits'
   * store (ADR 0095). None on the embedded engine.
   */
  pool?: pg.Pool;
  /**
   * Reads that may be a second stale (ADR 0099): a streaming replica's in a request that allows
   * them, the primary's elsewhere (server/db/replica.ts). Unset without DATABASE_REPLICA_URL:
   * the read paths then use `db`.
   */
  readDb?: Db;
  close(): Promise<void>;
};

/** The channel the shell data's triggers announce changes on (migration 0026_shell_data_notify, server/db/notify-cache.ts). */
export const SHELL_DATA_CHANNEL = "shell_data";

/**
 * The pool's sessions as shell-data listeners: each LISTENs when it connects and reports the
 * NOTIFYs it sent itself (those of other sessions reach the process through its listener).
 */
function poolSessions() {
  const handlers = new Set<(payload: string | undefined) => void>();
  const processIds = new Set<number>();
  return {
    async connected(client: pg.ClientBase) {
      // The backend's process id, as PostgreSQL reports it on the notifications this session sends.
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      const processId = rows[0].pid;
      processIds.add(processId);
      client.once("end", () => processIds.delete(processId));
      client.on("notification", (message) => {
        if (message.channel !== SHELL_DATA_CHANNEL || message.processId !== processId) return;
        for (const handler of handlers) handler(message.payload);
      });
      await client.query(`LISTEN ${SHELL_DATA_CHANNEL}`);
    },
    onOwnNotification(handler: (payload: string | undefined) => void) {
      const entry = (payload: string | undefined) => handler(payload);
      handlers.add(entry);
      return () => void handlers.delete(entry);
    },
    isOwn: (processId: number) => processIds.has(processId),
  };
}

/** Close hooks, run before the database itself closes; a failing hook does not keep it open. */
function closeHooks() {
  const hooks: (() => Promise<void>)[] = [];
  return {
    add: (hook: () => Promise<void>) => void hooks.push(hook),
    run: async () => void (await Promise.allSettled(hooks.splice(0).map((hook) => hook()))),
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type OpenOptions =
  | { engine: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir undefined means an in-memory database (tests). `unsafeNoFsync` gives up durability
   * against an OS crash or power cut (commits stay in the page cache): for benchmarks comparing
   * the cost of fsync only. Also set by RARITA_UNSAFE_NO_FSYNC=true in the environment.
   * `initialDataDir` (in memory only) starts from a dump of another PGlite's data directory
   * instead of an empty cluster: the tests' migrated template (server/db/test-database.ts). The
   * migrations and SQL sources still run, and do nothing when the dump already has them.
   */
  | { engine: "pglite"; dataDir?: string; unsafeNoFsync?: boolean; initialDataDir?: Blob };

/**
 * The PostgreSQL server named by a URL cannot be reached or refuses us (wrong host, port, password,
 * database): a configuration problem, reported in one line without the password.
 */
export class DatabaseUnreachableError extends Error {
  /** host:port/database, never the user or password. */
  readonly target: string;
  readonly reason: string;
  constructor(target: string, reason: string) {
    super(`Cannot connect to the PostgreSQL server at ${target}: ${reason}`);
    this.target = target;
    this.reason = reason;
  }
}

/** How long the first connection may take before the server counts as not answering. */
const CONNECT_TIMEOUT_MS = 10_000;

function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${database ? `/${database}` : ""}`;
  } catch {
    return "(unparsable URL)";
  }
}

function describeConnectError(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { severity?: string };
  // A server's own error (bad password, unknown database) carries no secrets; keep its words.
  if (e.severity) return `${e.message}${e.code ? ` (${e.code})` : ""}`;
  switch (e.code) {
    case "ECONNREFUSED":
      return "the server does not answer: connection refused (ECONNREFUSED)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host name cannot be resolved (${e.code})`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `the server cannot be reached (${e.code})`;
  }
  if (/timeout/i.test(e.message ?? "")) return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s (timeout)`;
  return (e.message ?? String(error)).split("\n")[0];
}

/** One connection and `select 1` before anything else, so a bad URL fails fast and clearly. */
async function probePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A socket error after connect must not become an uncaught exception.
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new DatabaseUnreachableError(describeTarget(url), describeConnectError(error));
  } finally {
    await client.end().catch(() => {});
  }
}

type EmscriptenOptions = Parameters<NodeFS["init"]>[1];
type PostgresModule = Parameters<NonNullable<EmscriptenOptions["preRun"]>[number]>[0];

/**
 * PGlite's data directory on the real file system, with fsync that reaches the disk.
 *
 * PGlite maps PostgreSQL's files onto Node's fs through Emscripten's NODEFS, which implements no
 * fsync: PostgreSQL's fsync() and fdatasync() return success without a system call, so even with
 * fsync=on a commit would sit in the kernel's page cache, lost on an OS crash or power cut. This
 * file system adds the missing operation (fs.fsyncSync on the real descriptor, errors passed back
 * to PostgreSQL, which then refuses to go on rather than pretend). Directories are synced too:
 * PostgreSQL fsyncs a directory after creating or renaming a file in it.
 */
class DurableNodeFS extends NodeFS {
  async init(pg: PGlite, emscriptenOptions: EmscriptenOptions) {
    const result = await super.init(pg, emscriptenOptions);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: PostgresModule) => {
        const emscripten = mod as unknown as {
          NODEFS: { stream_ops: Record<string, unknown>; tryFSOperation<T>(operation: () => T): T };
        };
        const { NODEFS } = emscripten;
        // NODEFS.stream_ops is the object every open file's stream_ops points to.
        NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd === undefined) return 0;
          NODEFS.tryFSOperation(() => fs.fsyncSync(stream.nfd as number));
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * PGlite starts PostgreSQL with -F (fsync off); without it every commit waits for its WAL. The
 * WAL is synced with fsync(), not the default fdatasync(): Emscripten's fdatasync is a stub that
 * never reaches the file system (NODEFS's fsync, added above, does).
 */
function durableStartParams() {
  return [...PGlite.defaultStartParams.filter((p) => p !== "-F"), "-c", "wal_sync_method=fsync"];
}

/** In DATA_DIR: the embedded database was synced to disk whole once (see openDatabase). */
const SYNCED_MARKER = "db-synced";

/** fsync of every file and directory below `dir`, children before their directory. */
function syncTree(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The sessions of the pools, added up (the metrics' gauge, ADR 0093). */
function poolStats(pools: pg.Pool[]): { total: number; idle: number; waiting: number } {
  const sum = (read: (pool: pg.Pool) => number) => pools.reduce((total, pool) => total + read(pool), 0);
  return {
    total: sum((pool) => pool.totalCount),
    idle: sum((pool) => pool.idleCount),
    waiting: sum((pool) => pool.waitingCount),
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.engine === "postgres") {
    await probePostgres(options.url);
    const sessions = poolSessions();
    // Statements are prepared once per connection; the main pool plans them for their values, the
    // generic one once (prepared-client.ts, ADR 0063).
    const { main: pool, generic } = openPools({
      url: options.url,
      max: options.poolSize ?? 10,
      // Before a new session serves anyone: it hears the shell data's changes it commits itself.
      onConnect: (client) => sessions.connected(client),
    });
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    registerGenericPlans(db, drizzleNodePg({ client: generic, schema }));
    await migrateNodePg(db as never, { migrationsFolder });
    await applySqlSources(db, (statements) => pool.query(statements));
    const hooks = closeHooks();
    return {
      db,
      engine: "postgres",
      exec: async (sql) => void (await pool.query(sql)),
      onClose: hooks.add,
      sessions,
      poolStats: () => poolStats([pool, generic]),
      pool,
      close: async () => {
        await hooks.run();
        await Promise.all([pool.end(), generic.end()]);
      },
    };
  }

  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = acquireDataDirLock(options.dataDir);
  try {
    const dbDir = options.dataDir ? path.join(options.dataDir, "db") : undefined;
    const durable = !!dbDir && !(options.unsafeNoFsync ?? process.env.RARITA_UNSAFE_NO_FSYNC === "true");
    const syncedMarker = options.dataDir ? path.join(options.dataDir, SYNCED_MARKER) : undefined;
    // Every extension a migration creates must be loaded into PGlite here (search: unaccent, pg_trgm).
    const client = await PGlite.create({
      fs: dbDir ? (durable ? new DurableNodeFS(dbDir) : new NodeFS(dbDir)) : undefined,
      extensions: { unaccent, pg_trgm },
      startParams: durable ? durableStartParams() : undefined,
      loadDataDir: options.initialDataDir,
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    await applySqlSources(db, (statements) => client.exec(statements));
    // initdb wrote a new catalog without WAL and without a working fsync, and a directory from
    // before durability was on was never synced: sync it whole once, so that an OS crash cannot
    // leave files that WAL replay cannot repair. The marker (itself synced) says it was done.
    if (durable && dbDir && syncedMarker && !fs.existsSync(syncedMarker)) {
      await client.exec("checkpoint");
      syncTree(dbDir);
      fs.writeFileSync(syncedMarker, "The embedded database in db/ was synced to disk whole once.\n");
      syncPath(syncedMarker);
      syncPath(path.dirname(syncedMarker));
    }
    const hooks = closeHooks();
    return {
      db,
      engine: "pglite",
      exec: async (sql) => void (await client.exec(sql)),
      onClose: hooks.add,
      sessions: { onOwnNotification: () => () => {}, isOwn: () => false },
      close: async () => {
        try {
          await hooks.run();
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
