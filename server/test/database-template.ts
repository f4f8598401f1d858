import { randomBytes } from "node:crypto";
import { openDatabase } from "../db/client.ts";
import { adminQuery, TEMPLATE_DATABASE_ENV } from "../db/test-database.ts";

/**
 * Vitest's global setup (vitest.config.ts): on PostgreSQL (TEST_DATABASE_URL set), one database
 * migrated once for the whole run, which openTestDatabase copies for every test file with
 * `CREATE DATABASE ... TEMPLATE` instead of migrating each copy from nothing. The workers read
 * its name from the environment, which they inherit; it is dropped when the run ends. On the
 * embedded database there is nothing to do here (each worker makes its own dump).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `rarita_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const drop = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 1 });
    await database.close();
    // Nobody may connect to it any more: a session on a template makes copying it fail.
    await adminQuery(serverUrl, `alter database ${name} with allow_connections false`);
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  process.env[TEMPLATE_DATABASE_ENV] = name;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_ENV];
    await drop();
  };
}
