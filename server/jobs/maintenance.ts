import { sql } from "drizzle-orm";
import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { Database } from "../db/client.ts";
import type { JobRunner } from "./runner.ts";

export const VACUUM_QUEUE = "maintenance.vacuum";

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** drizzle's execute() answers a result with `rows` on both drivers. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * PGlite has no autovacuum (docs/decisions/0002): without VACUUM dead rows pile up and the
 * visibility map stays empty, so the planner cannot use index-only scans; without ANALYZE it plans
 * with no statistics at all. On the embedded engine a job runs `VACUUM ANALYZE` every night and
 * once shortly after the start (the demo data has just been loaded, or the process was down at
 * night). PostgreSQL's autovacuum does this itself, so nothing is registered there.
 *
 * The queue is `exclusive`: at most one vacuum is queued or running, however many starts and
 * schedule ticks ask for one. Call before `jobs.start()`; returns whether anything was set up.
 */
export async function registerDatabaseMaintenance(
  jobs: JobRunner,
  database: Pick<Database, "engine" | "exec" | "db">,
): Promise<boolean> {
  if (database.engine !== "pglite") return false;
  jobs.define(VACUUM_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 3600,
  });
  jobs.work(VACUUM_QUEUE, async (_data, { signal }) => {
    // Table by table rather than one VACUUM of everything: the single embedded connection serves
    // requests between two tables, so a page waits for one table's vacuum at most (the catalogue's
    // products, the largest, take a fraction of a second on the demo data).
    const tables = await database.db.execute(
      sql`select schemaname as schema, relname as name from pg_stat_user_tables order by schemaname, relname`,
    );
    for (const { schema, name } of rowsOf<{ schema: string; name: string }>(tables)) {
      // A stopping process (ADR 0150) closes the embedded database after this table, not after all.
      if (signal.aborted) return;
      await database.exec(`VACUUM (ANALYZE) ${quoteIdent(schema)}.${quoteIdent(name)}`);
    }
  });
  // 03:30 Prague time: the quietest hour of a Czech marketplace.
  await jobs.schedule(VACUUM_QUEUE, "30 3 * * *", {}, { tz: PRAGUE_TIME_ZONE });
  return true;
}

/** After the start: one vacuum a minute from now, unless one is already queued. */
export async function vacuumSoon(jobs: JobRunner, database: Pick<Database, "engine">, afterSeconds = 60) {
  if (database.engine !== "pglite") return null;
  return jobs.send(VACUUM_QUEUE, {}, { startAfter: afterSeconds });
}
