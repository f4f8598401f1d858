import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SQL, sql } from "drizzle-orm";

/**
 * Every PostgreSQL function, trigger and view of the app, each in one file under server/db/sql/
 * (ADR 0064): `CREATE OR REPLACE` statements that can run again at any time. The migrations hold
 * tables, indexes and data moves; these files hold the code that runs inside the database, in its
 * current version only, and the same text serves PGlite and PostgreSQL.
 */
export const sqlSourcesFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "sql");

/** The order of application: a trigger names its function, and a view may call a function. */
const KINDS = ["functions", "views", "triggers"] as const;

/** Some constant key, so that two processes starting at once apply the sources one after the other. */
const APPLY_LOCK = 64_0064;

/** What the runner reads through: the app's Drizzle database (client.ts, which calls the runner). */
type Reader = { execute(query: SQL): PromiseLike<unknown> };

export type SqlSource = {
  /** The path below server/db/sql/, e.g. "functions/bid_decision.sql". */
  name: string;
  text: string;
  /** SHA-256 of the text: what drizzle.sql_sources records once it is applied. */
  hash: string;
};

/** The sources in their order of application: by kind, then by file name. */
export function readSqlSources(folder = sqlSourcesFolder): SqlSource[] {
  return KINDS.flatMap((kind) => {
    const dir = path.join(folder, kind);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .map((file) => {
        const text = fs.readFileSync(path.join(dir, file), "utf8");
        return { name: `${kind}/${file}`, text, hash: createHash("sha256").update(text).digest("hex") };
      });
  });
}

/**
 * Applies, after the migrations, the sources whose text the database has not run yet (a new
 * database: all of them; an existing one: those changed since its last start) and records their
 * hashes in drizzle.sql_sources (migration 0039). Everything goes in one simple query, which
 * PostgreSQL runs as one transaction: a failing source leaves the database as it was, and the next
 * start tries again. Unchanged sources are not run again, so a start takes no lock on the tables
 * their triggers sit on. Returns the names applied.
 *
 * `exec` runs several statements in one simple query (pg's `pool.query(text)`, PGlite's `exec`).
 */
export async function applySqlSources(
  db: Reader,
  exec: (statements: string) => Promise<unknown>,
  sources: SqlSource[] = readSqlSources(),
): Promise<string[]> {
  const result = await db.execute(sql`select name, hash from drizzle.sql_sources`);
  const recorded = new Map(
    (result as unknown as { rows: { name: string; hash: string }[] }).rows.map((row) => [row.name, row.hash]),
  );
  const changed = sources.filter((source) => recorded.get(source.name) !== source.hash);
  if (changed.length === 0) return [];
  const records = changed.map(
    (source) =>
      `insert into drizzle.sql_sources (name, hash) values (${literal(source.name)}, ${literal(source.hash)})
       on conflict (name) do update set hash = excluded.hash, applied_at = now()`,
  );
  // A source may end in a comment: each piece ends on its own line before the separator.
  await exec(
    [`select pg_advisory_xact_lock(${APPLY_LOCK})`, ...changed.map((s) => s.text), ...records].join("\n;\n"),
  );
  return changed.map((source) => source.name);
}

/** A SQL string literal (file names and hex hashes; quotes doubled all the same). */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
