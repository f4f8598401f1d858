import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { copyBatch, type TableRows } from "./bulk-copy.ts";

/** Rows of a raw `execute` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Inserts rows (drizzle's property names) as one JSON array: a column a row leaves out takes the
 * column's static default when it has one, else NULL (as a multi-row VALUES insert would).
 */
export async function insertRecords(
  db: Db | Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const column = columns[key];
      let value = row[key];
      if (value === undefined && column.default !== undefined && !is(column.default, SQL))
        value = column.default;
      record[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return record;
  });
  const names = sql.raw(keys.map((key) => `"${columns[key].name}"`).join(", "));
  const name = sql.raw(`"${getTableName(table)}"`);
  await db.execute(
    sql`insert into ${name} (${names}) select ${names} from json_populate_recordset(null::${name}, ${JSON.stringify(records)}::json)`,
  );
}

/**
 * Drops the products' secondary indexes (not the primary key or unique ones) and returns their
 * definitions, for finishFastLoad to build them again: one sorted build per index costs a
 * fraction of a million row-by-row insertions into each.
 */
export async function dropProductIndexes(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid = 'products'::regclass and not i.indisprimary and not i.indisunique`);
  const rows = rowsOf<{ name: string; definition: string }>(result);
  for (const row of rows) await db.execute(sql.raw(`drop index if exists ${row.name}`));
  return rows.map((row) => row.definition);
}

/**
 * After a fast load: the indexes again, then what the products' triggers maintain: the search
 * vocabulary (every word: search_words and search_other_words, migrations 0001 and 0038) from the new texts' distinct space-separated chunks (the parser
 * never joins words across a space, so their lexemes are the texts' lexemes, for a fraction of
 * the work), and the listing counts (migration 0029) as a whole.
 */
export async function finishFastLoad(
  db: Db,
  indexes: string[],
  chunks: string[],
  alsoAnalyze: readonly string[] = [],
): Promise<void> {
  // One transaction, so the memory setting holds for every build (a pool has several sessions).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const definition of indexes) await tx.execute(sql.raw(definition));
    for (let i = 0; i < chunks.length; i += 20_000)
      await tx.execute(sql`
        with lexemes as (
          select distinct lexeme
          from json_array_elements_text(${JSON.stringify(chunks.slice(i, i + 20_000))}::json) as chunk,
            unnest(tsvector_to_array(to_tsvector('simple'::regconfig, chunk))) as lexeme
        ), words as (
          insert into search_words (word)
          select lexeme from lexemes where length(lexeme) between 3 and 40 and lexeme ~ '[a-z]'
          on conflict do nothing
        )
        insert into search_other_words (word)
        select lexeme from lexemes where not (length(lexeme) between 3 and 40 and lexeme ~ '[a-z]')
        on conflict do nothing`);
    // The listing counts (migration 0029), the sellers' (ADR 0137), the live listings' attribute
    // values (ADR 0098) and words (ADR 0147), the bottlings' linked listings (ADR 0149), as their
    // triggers would have kept them, where the database has them.
    for (const rebuild of [
      "listing_counts_rebuild",
      "search_live_words_rebuild",
      "seller_listing_counts_rebuild",
      "live_attribute_values_rebuild",
      "bottling_linked_counts_rebuild",
    ]) {
      const found = await tx.execute(sql`select 1 from pg_proc where proname = ${rebuild}`);
      if (rowsOf(found).length) await tx.execute(sql.raw(`select ${rebuild}()`));
    }
  });
  await db.execute(sql`analyze products`);
  for (const table of alsoAnalyze) await db.execute(sql.raw(`analyze ${table}`));
}

/**
 * Drops the secondary indexes (not primary keys, not unique ones) of the given tables and returns
 * their definitions for finishFastLoad: the collector tables of a bulk load (attribute values,
 * bottling links, results) are built once at the end, like the products' indexes.
 */
export async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<string[]> {
  const definitions: string[] = [];
  for (const table of tables) {
    const result = await db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid = ${table}::regclass and not i.indisprimary and not i.indisunique`);
    const rows = rowsOf<{ name: string; definition: string }>(result);
    for (const row of rows) await db.execute(sql.raw(`drop index if exists ${row.name}`));
    definitions.push(...rows.map((row) => row.definition));
  }
  return definitions;
}

/**
 * Batches written while the next one is built: each in its own transaction with COPY (bulk-copy.ts;
 * triggers and foreign keys off in a fast load: the rows are valid by construction), at most
 * `writers` at once, their progress reported in batch order whichever ends first.
 */
export function createBatchWriter(db: Db, options: { writers: number; fast: boolean }) {
  const writing: Promise<void>[] = [];
  return {
    async write(tables: readonly TableRows[], written?: () => void): Promise<void> {
      if (writing.length >= options.writers) await writing.shift();
      const stored = copyBatch(db, tables, { fast: options.fast });
      const previous = writing.at(-1) ?? Promise.resolve();
      const done = Promise.all([previous, stored]).then(() => written?.());
      // A failure is thrown when its turn is awaited; until then it must not count as unhandled.
      done.catch(() => undefined);
      writing.push(done);
    },
    /** Every batch written (the first failure thrown). */
    async drain(): Promise<void> {
      for (const batch of [...writing]) await batch;
      writing.length = 0;
    },
    /** Every batch ended, failed or not (before the indexes are rebuilt after a failure). */
    async settle(): Promise<void> {
      await Promise.allSettled(writing);
      writing.length = 0;
    },
  };
}
