import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase, SHELL_DATA_CHANNEL } from "./client.ts";
import {
  genericPlans,
  MAX_PREPARED_PER_CONNECTION,
  POSTGRES_SESSION_OPTIONS,
  PreparingClient,
} from "./prepared-client.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

/**
 * On PostgreSQL (TEST_DATABASE_URL): the pool's connection prepares a parameterised statement once
 * and reuses it, leaves statements without parameters (which may be several) unprepared, and
 * keeps no more than its cap of names while still answering every statement. The database's two
 * pools plan for the values (the main one) or once (genericPlans), ADR 0063.
 */
const url = process.env.TEST_DATABASE_URL;
let client: PreparingClient;

beforeAll(async () => {
  if (!url) return;
  client = new PreparingClient({ connectionString: url, options: POSTGRES_SESSION_OPTIONS });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
});

const prepared = async () =>
  (await client.query("select statement from pg_prepared_statements order by statement")).rows.map(
    (row: { statement: string }) => row.statement,
  );

describe.skipIf(!url)("PostgreSQL statements prepared once per connection", () => {
  it("prepares a parameterised statement under one name and answers it each time", async () => {
    const text = "select $1::int + 1 as n";
    expect((await client.query({ text }, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ text, rowMode: "array" }, [41])).rows).toEqual([[42]]);
    expect((await client.query(text, [2])).rows).toEqual([{ n: 3 }]);
    expect(await prepared()).toEqual([text]);
  });

  it("keeps the name a caller gave its statement (a Drizzle `.prepare(name)`)", async () => {
    const text = "select $1::int * 2 as n";
    expect((await client.query({ name: "doubled", text }, [21])).rows).toEqual([{ n: 42 }]);
    expect((await client.query({ name: "doubled", text }, [4])).rows).toEqual([{ n: 8 }]);
    const { rows } = await client.query("select name from pg_prepared_statements where statement = $1", [
      text,
    ]);
    expect(rows).toEqual([{ name: "doubled" }]);
  });

  it("sends statements without parameters as they are, several at once included", async () => {
    await client.query("create temporary table prepared_test (n int); insert into prepared_test values (7)");
    expect((await client.query("select n from prepared_test")).rows).toEqual([{ n: 7 }]);
    expect(await prepared()).not.toContain("select n from prepared_test");
  });

  it("plans each run for its values", async () => {
    expect((await client.query("show plan_cache_mode")).rows).toEqual([
      { plan_cache_mode: "force_custom_plan" },
    ]);
  });

  it("stops naming at the cap and still answers the statements past it", async () => {
    for (let index = 0; index <= MAX_PREPARED_PER_CONNECTION; index++) {
      const { rows } = await client.query(`select $1::int as n, ${index} as i`, [index]);
      expect(rows).toEqual([{ n: index, i: index }]);
    }
    // The statement its caller named ("doubled") is not one of the client's names.
    const named = (await prepared()).filter((text: string) => text !== "select $1::int * 2 as n");
    expect(named.length).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

const rowOf = async (on: Pick<Db, "execute">, statement: SQL) =>
  ((await on.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows[0];

describe.skipIf(!url)("a PostgreSQL database's two pools", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const mode = (on: Pick<Db, "execute">, n: number) =>
    rowOf(on, sql`select current_setting('plan_cache_mode') as mode, ${n}::int as n`);

  it("plans the database's statements for their values and genericPlans(db)'s once", async () => {
    const generic = genericPlans(database.db);
    expect(genericPlans(database.db)).toBe(generic);
    expect(await mode(database.db, 1)).toEqual({ mode: "force_custom_plan", n: 1 });
    expect(await mode(generic, 2)).toEqual({ mode: "force_generic_plan", n: 2 });
    expect(await mode(database.db, 3)).toEqual({ mode: "force_custom_plan", n: 3 });
  });

  it("prepares a generic-plan statement once and runs its one plan for every value", async () => {
    const generic = genericPlans(database.db);
    // One connection's statements, read in the same transaction as they ran.
    const plans = await generic.transaction(async (tx) => {
      for (let n = 1; n <= 6; n++) await rowOf(tx, sql`select ${n}::int + 100 as prepared_probe`);
      return rowOf(
        tx,
        sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%prepared_probe%'`,
      );
    });
    expect(plans).toEqual({ generic_plans: 6, custom_plans: 0 });
  });

  it("plans no parallel workers on either pool (a search's stretches must run in order, ADR 0045)", async () => {
    for (const on of [database.db, genericPlans(database.db)])
      expect(await rowOf(on, sql`show max_parallel_workers_per_gather`)).toEqual({
        max_parallel_workers_per_gather: "0",
      });
  });

  it("knows its sessions' backends and reports the shell-data changes they send themselves", async () => {
    const heard: (string | undefined)[] = [];
    const stop = database.sessions.onOwnNotification((payload) => heard.push(payload));
    try {
      const { pid } = (await rowOf(database.db, sql`select pg_backend_pid() as pid`)) as { pid: number };
      expect(database.sessions.isOwn(pid)).toBe(true);
      expect(database.sessions.isOwn(-1)).toBe(false);
      await database.db.execute(sql`select pg_notify(${SHELL_DATA_CHANNEL}, 'own change')`);
      expect(heard).toContain("own change");
    } finally {
      stop();
    }
  });
});

describe("the embedded database", () => {
  it("has no second pool: genericPlans(db) is the database itself", async () => {
    const database = await openDatabase({ engine: "pglite" });
    try {
      expect(genericPlans(database.db)).toBe(database.db);
    } finally {
      await database.close();
    }
    // Opening an embedded database runs every migration: seconds, more on a loaded machine.
  }, 120_000);
});
