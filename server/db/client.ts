import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Runs raw SQL (several statements allowed); used by tests and maintenance scripts. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type OpenOptions =
  | { engine: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined means an in-memory database (tests). */
  | { engine: "pglite"; dataDir?: string };

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

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.engine === "postgres") {
    await probePostgres(options.url);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    return {
      db,
      engine: "postgres",
      exec: async (sql) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }

  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = acquireDataDirLock(options.dataDir);
  try {
    // Every extension a migration creates must be loaded into PGlite here (search: unaccent, pg_trgm).
    const client = await PGlite.create(options.dataDir ? path.join(options.dataDir, "db") : undefined, {
      extensions: { unaccent, pg_trgm },
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      engine: "pglite",
      exec: async (sql) => void (await client.exec(sql)),
      close: async () => {
        try {
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
