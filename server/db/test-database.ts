import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openDatabase } from "./client.ts";

/**
 * A migrated PostgreSQL database that openTestDatabase copies (`CREATE DATABASE ... TEMPLATE`)
 * instead of running every migration again: set by the Vitest run's global setup
 * (server/test/database-template.ts), which makes it once and drops it at the end.
 */
export const TEMPLATE_DATABASE_ENV = "RARITA_TEST_TEMPLATE_DATABASE";

export type TestDatabase = Database & {
  /** Closes the connection and, on PostgreSQL, drops the database. Safe to call twice. */
  dispose(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres), a new
 * database `rarita_test_<random>` created on that server and dropped by dispose(). Test files run
 * in parallel, each on its own database.
 *
 * Each starts as a copy of one migrated database rather than running the ~65 migrations itself
 * (seconds per file on a loaded 2-core machine): PGlite from a dump made once per process,
 * PostgreSQL from the run's template database when the global setup made one. The migrations and
 * SQL sources still run on the copy and find nothing to do, so a stale template cannot go unnoticed.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ engine: "pglite", initialDataDir: await pgliteTemplate() });
    let disposed = false;
    return {
      ...database,
      async dispose() {
        if (disposed) return;
        disposed = true;
        await database.close();
      },
    };
  }

  const name = `rarita_test_${randomBytes(6).toString("hex")}`;
  const template = process.env[TEMPLATE_DATABASE_ENV];
  await adminQuery(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 4 });
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    throw error;
  }
  let disposed = false;
  return {
    ...database,
    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        await database.close();
      } finally {
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * The data directory of a migrated in-memory PGlite, made on first use in this process (Vitest's
 * workers keep their modules from file to file, so about once per worker and run). Loading it
 * skips initdb and the migrations, which were most of a file's setup.
 */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const database = await openDatabase({ engine: "pglite" });
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      // Written out of the WAL into the tables' files, so a copy starts without replaying it.
      await client.exec("checkpoint");
      return await client.dumpDataDir("none");
    } finally {
      await database.close();
    }
  })().catch((error) => {
    pgliteDump = undefined;
    throw error;
  });
  return pgliteDump;
}

/** Runs one statement on the server's maintenance database; retries while template1 is busy (parallel CREATE DATABASE). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      await client.query(statement);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 55006: object in use (the template database is being copied by a concurrent CREATE DATABASE).
      if (code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
