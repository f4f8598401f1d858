import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./client.ts";

export type TestDatabase = Database & {
  /** Closes the connection and, on PostgreSQL, drops the database. Safe to call twice. */
  dispose(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres), a new
 * database `rarita_test_<random>` created on that server and dropped by dispose(). Test files run
 * in parallel, each on its own database.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ engine: "pglite" });
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
  await adminQuery(serverUrl, `create database ${name}`);
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

/** Runs one statement on the server's maintenance database; retries while template1 is busy (parallel CREATE DATABASE). */
async function adminQuery(serverUrl: string, statement: string): Promise<void> {
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
