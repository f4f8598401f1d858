import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { getTableColumns, getTableName, is, SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "../client.ts";

/** One table's rows of a batch (drizzle's property names). */
export type TableRows = readonly [PgTable, readonly Record<string, unknown>[]];

/** A field of COPY's text format: backslash, tab, newline and carriage return escaped. */
function field(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
    : value;
}

/**
 * A COPY statement's column list and its data in the text format, with the same values as
 * insertRecords (bulk-load.ts) sends: a column a row leaves out takes the column's static default
 * when it has one, else NULL; each value as drizzle would send it (a date as ISO text, JSON as text).
 */
export function copyData(table: PgTable, rows: readonly Record<string, unknown>[]) {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const lines: string[] = [];
  for (const row of rows) {
    const fields: string[] = [];
    for (const key of keys) {
      const column = columns[key];
      let value = row[key];
      if (value === undefined && column.default !== undefined && !is(column.default, SQL))
        value = column.default;
      fields.push(
        value === undefined || value === null ? "\\N" : field(String(column.mapToDriverValue(value))),
      );
    }
    lines.push(fields.join("\t"));
  }
  const names = keys.map((key) => `"${columns[key].name}"`).join(", ");
  return { statement: `copy "${getTableName(table)}" (${names})`, text: `${lines.join("\n")}\n` };
}

/** The load's settings for one batch's transaction. */
function settings(fast: boolean): string[] {
  // No wait for the WAL's flush at each commit (a crash loses the last batches, never consistency),
  // and in a fast load no triggers or foreign-key checks: the rows are valid by construction.
  return [
    "set local synchronous_commit = off",
    ...(fast ? ["set local session_replication_role = replica"] : []),
  ];
}

/**
 * Writes a batch's tables in one transaction with COPY, the server's own bulk path (no JSON to
 * parse, no parameter to bind): PGlite reads the rows from its `/dev/blob` device, PostgreSQL
 * from the connection (COPY FROM STDIN). Tables in the given order (parents first).
 */
export async function copyBatch(db: Db, tables: readonly TableRows[], options: { fast: boolean }) {
  // The driver's own client, drizzle's public `$client` (a PGlite instance or a pg pool).
  const client = (db as unknown as { $client: unknown }).$client;
  const parts = tables.filter(([, rows]) => rows.length).map(([table, rows]) => copyData(table, rows));
  if (client instanceof PGlite) {
    await client.transaction(async (tx) => {
      for (const statement of settings(options.fast)) await tx.exec(statement);
      for (const part of parts)
        await tx.query(`${part.statement} from '/dev/blob'`, [], { blob: new Blob([part.text]) });
    });
    return;
  }
  if (!(client instanceof pg.Pool)) throw new Error("copyBatch needs PGlite or a pg pool");
  const connection = await client.connect();
  let failure: unknown;
  try {
    await connection.query("begin");
    for (const statement of settings(options.fast)) await connection.query(statement);
    for (const part of parts)
      await pipeline(Readable.from([part.text]), connection.query(copyFrom(`${part.statement} from stdin`)));
    await connection.query("commit");
  } catch (error) {
    failure = error;
    await connection.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    // A connection that failed mid-COPY is not given back to the pool.
    connection.release(failure instanceof Error ? failure : undefined);
  }
}
