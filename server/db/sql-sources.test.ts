import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySqlSources, readSqlSources, type SqlSource } from "./sql-sources.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

/**
 * The runner of server/db/sql/ (ADR 0064) on a migrated database: a start applies only the sources
 * whose text changed, and a source that fails applies nothing (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

function source(name: string, text: string): SqlSource {
  return { name, text, hash: createHash("sha256").update(text).digest("hex") };
}

/** A probe function answering `value`, as a source would define it. */
const probe = (value: string) =>
  source(
    "functions/sql_sources_probe.sql",
    `-- A probe.\nCREATE OR REPLACE FUNCTION sql_sources_probe() RETURNS text LANGUAGE sql AS $$ SELECT '${value}' $$;\n-- ends in a comment`,
  );

async function probeAnswer(): Promise<string> {
  const result = await database.db.execute(sql`select sql_sources_probe() as answer`);
  return (result as unknown as { rows: { answer: string }[] }).rows[0].answer;
}

describe("applying server/db/sql/", () => {
  it("runs nothing again on a start when no source changed", async () => {
    expect(await applySqlSources(database.db, database.exec)).toEqual([]);
  });

  it("applies a new or changed source, and only that one", async () => {
    const sources = readSqlSources();
    expect(await applySqlSources(database.db, database.exec, [...sources, probe("first")])).toEqual([
      "functions/sql_sources_probe.sql",
    ]);
    expect(await probeAnswer()).toBe("first");
    expect(await applySqlSources(database.db, database.exec, [...sources, probe("first")])).toEqual([]);

    expect(await applySqlSources(database.db, database.exec, [...sources, probe("second")])).toEqual([
      "functions/sql_sources_probe.sql",
    ]);
    expect(await probeAnswer()).toBe("second");
  });

  it("leaves everything as it was when one of the changed sources fails", async () => {
    const broken = source(
      "triggers/broken.sql",
      "CREATE OR REPLACE TRIGGER broken AFTER INSERT ON no_such_table",
    );
    await expect(applySqlSources(database.db, database.exec, [probe("third"), broken])).rejects.toThrow();
    expect(await probeAnswer()).toBe("second");
    // Still not recorded: the next start tries the changed probe again.
    expect(await applySqlSources(database.db, database.exec, [probe("third")])).toEqual([
      "functions/sql_sources_probe.sql",
    ]);
    expect(await probeAnswer()).toBe("third");
  });
});
