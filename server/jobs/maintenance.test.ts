import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../db/test-database.ts";
import { insertCategory } from "../test/fixtures.ts";
import { registerDatabaseMaintenance, VACUUM_QUEUE, vacuumSoon } from "./maintenance.ts";
import { createJobRunner, type JobRunner } from "./runner.ts";

let database: TestDatabase;
let jobs: JobRunner;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.dispose();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.runIf(!process.env.TEST_DATABASE_URL)("database maintenance on PGlite", () => {
  it("vacuums and analyzes once soon after the start, and every night at 03:30 Prague time", async () => {
    jobs = createJobRunner({ database, logger: silent });
    expect(await registerDatabaseMaintenance(jobs, database)).toBe(true);
    await jobs.start();
    await insertCategory(database.db);

    // Exclusive queue: of two requests at once (two starts, a start and the nightly tick) one is kept.
    const ids = await Promise.all([vacuumSoon(jobs, database, 0), vacuumSoon(jobs, database, 0)]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await vi.waitFor(async () => expect((await jobs.list(VACUUM_QUEUE))[0]?.state).toBe("completed"), {
      timeout: 20_000,
      interval: 100,
    });
    const [stats] = await rows<{ last_vacuum: Date | null; last_analyze: Date | null }>(
      sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'categories'`,
    );
    expect(stats.last_vacuum).not.toBeNull();
    expect(stats.last_analyze).not.toBeNull();
    expect(await rows(sql`select cron, timezone from pgboss.schedule where name = ${VACUUM_QUEUE}`)).toEqual([
      { cron: "30 3 * * *", timezone: "Europe/Prague" },
    ]);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("database maintenance on PostgreSQL", () => {
  it("leaves vacuuming to autovacuum: no queue, no schedule", async () => {
    jobs = createJobRunner({ database, logger: silent, background: false });
    expect(await registerDatabaseMaintenance(jobs, database)).toBe(false);
    await jobs.start();
    expect(await vacuumSoon(jobs, database, 0)).toBeNull();
    expect(await rows(sql`select name from pgboss.queue where name = ${VACUUM_QUEUE}`)).toEqual([]);
  });
});
