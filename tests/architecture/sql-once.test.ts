import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSqlSources, sqlSourcesFolder } from "#server/db/sql-sources.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";

/**
 * SQL that lives once (ADR 0064): every function, trigger and view the database runs is defined in
 * one file under server/db/sql/, never in a migration, and what the database has after the
 * migrations is what those files say (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER = path.join(ROOT, "server");
const relative = (file: string) => path.relative(ROOT, file);

const DEFINITION =
  /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?(function|procedure|trigger|view|materialized\s+view)\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi;

function files(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** Every definition in the server's SQL files: "function bid_decision" -> the files defining it. */
function definitions(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files(SERVER, /\.sql$/)) {
    // Comments may name a definition's statement ("as CREATE TRIGGER did in 0001"): not a definition.
    const text = fs.readFileSync(file, "utf8").replace(/--.*$/gm, "");
    for (const match of text.matchAll(DEFINITION)) {
      const key = `${match[1].toLowerCase().replace(/\s+/g, " ")} ${match[2]}`;
      const where = found.get(key) ?? [];
      if (!where.includes(relative(file))) where.push(relative(file));
      found.set(key, where);
    }
  }
  return found;
}

/** The body between `AS $$` and `$$` of each function a source defines, by name. */
function sourceFunctionBodies(): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const source of readSqlSources()) {
    const pattern = /create\s+or\s+replace\s+function\s+"?(\w+)"?[\s\S]*?\bas\s+\$\$([\s\S]*?)\$\$/gi;
    for (const match of source.text.matchAll(pattern)) bodies.set(match[1], match[2]);
  }
  return bodies;
}

describe("SQL that lives once", () => {
  it("defines each function, trigger and view in one file, under server/db/sql/", () => {
    const found = definitions();
    expect(found.size).toBeGreaterThan(20);
    const twice = [...found].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
    const outside = [...found].filter(([, [where]]) => !where.startsWith("server/db/sql/"));
    expect(outside).toEqual([]);
  });

  it("finds bid_decision defined in one file of the server", () => {
    const defining = files(SERVER, /\.(sql|ts)$/).filter((file) =>
      /FUNCTION\s+bid_decision\b/.test(fs.readFileSync(file, "utf8")),
    );
    expect(defining.map(relative)).toEqual(["server/db/sql/functions/bid_decision.sql"]);
  });

  it("writes every source so that it can run again: CREATE OR REPLACE, and no transaction of its own", () => {
    const sources = readSqlSources();
    expect(sources.length).toBe(files(sqlSourcesFolder, /\.sql$/).length);
    for (const source of sources) {
      const text = source.text.replace(/--.*$/gm, "");
      expect(text, source.name).not.toMatch(
        /\bcreate\s+(?!or\s+replace\b)(function|procedure|trigger|view)\b/i,
      );
      expect(text, source.name).not.toMatch(/^\s*(begin|commit|rollback)\s*;/im);
    }
  });

  describe("the migrated database", () => {
    let database: TestDatabase;
    const rows = async <Row>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it("has exactly the sources' functions, each with the source's body", async () => {
      const functions = await rows<{ name: string; body: string }>(sql`
        select p.proname as name, p.prosrc as body
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`);
      const bodies = sourceFunctionBodies();
      expect(functions.map((f) => f.name)).toEqual([...bodies.keys()].sort());
      for (const { name, body } of functions) expect(body, name).toBe(bodies.get(name));
    });

    it("has exactly the sources' triggers and views", async () => {
      const triggers = await rows<{ name: string }>(
        sql`select tgname as name from pg_trigger where not tgisinternal order by 1`,
      );
      const views = await rows<{ name: string }>(
        sql`select viewname as name from pg_views where schemaname = 'public' order by 1`,
      );
      const defined = [...definitions().keys()];
      const named = (kind: string) =>
        defined
          .filter((key) => key.startsWith(`${kind} `))
          .map((key) => key.slice(kind.length + 1))
          .sort();
      expect(triggers.map((t) => t.name)).toEqual(named("trigger"));
      expect(views.map((v) => v.name)).toEqual(named("view"));
    });

    it("records each source as applied in its current text", async () => {
      const recorded = await rows<{ name: string; hash: string }>(
        sql`select name, hash from drizzle.sql_sources order by name`,
      );
      const current = readSqlSources()
        .map(({ name, hash }) => ({ name, hash }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(recorded).toEqual(current);
    });
  });
});
