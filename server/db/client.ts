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

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.engine === "postgres") {
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
