import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import {
  GENERIC_PLAN,
  GENERIC_PLAN_NAME,
  genericPlans,
  MAX_PREPARED_PER_CONNECTION,
  POSTGRES_SESSION_OPTIONS,
  PreparingClient,
} from "./prepared-client.ts";

/**
 * On PostgreSQL (TEST_DATABASE_URL): the pool's connection prepares a parameterised statement once
 * and reuses it, leaves statements without parameters (which may be several) unprepared, and
 * keeps no more than its cap of names while still answering every statement.
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

  it("sends statements without parameters as they are, several at once included", async () => {
    await client.query("create temporary table prepared_test (n int); insert into prepared_test values (7)");
    expect((await client.query("select n from prepared_test")).rows).toEqual([{ n: 7 }]);
    expect(await prepared()).toEqual(["select $1::int + 1 as n"]);
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
    expect((await prepared()).length).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

describe.skipIf(!url)("PostgreSQL statements marked for a generic plan", () => {
  const mode = async (text: string) =>
    (await client.query({ text }, ["x"])).rows[0] as { mode: string; workers: string };
  const marked = `${GENERIC_PLAN}select current_setting('plan_cache_mode') as mode, $1::text as x`;
  const plain = "select current_setting('plan_cache_mode') as mode, $1::text as x";

  it("runs a marked statement with a generic plan and the others with custom plans", async () => {
    expect((await mode(marked)).mode).toBe("force_generic_plan");
    expect((await mode(marked)).mode).toBe("force_generic_plan");
    expect((await mode(plain)).mode).toBe("force_custom_plan");
    expect((await mode(marked)).mode).toBe("force_generic_plan");
    const byName = await client.query(
      {
        name: `${GENERIC_PLAN_NAME}test`,
        text: "select current_setting('plan_cache_mode') as mode, $1::int as n",
      },
      [1],
    );
    expect(byName.rows).toEqual([{ mode: "force_generic_plan", n: 1 }]);
    expect((await mode(plain)).mode).toBe("force_custom_plan");
  });

  it("sets the mode again after a rollback undid it", async () => {
    await client.query("begin");
    expect((await mode(marked)).mode).toBe("force_generic_plan");
    await client.query("rollback");
    expect((await client.query("show plan_cache_mode")).rows[0].plan_cache_mode).toBe("force_custom_plan");
    expect((await mode(marked)).mode).toBe("force_generic_plan");
    await client.query("begin");
    expect((await mode(plain)).mode).toBe("force_custom_plan");
    await client.query("rollback");
    expect((await mode(plain)).mode).toBe("force_custom_plan");
  });

  it("plans no parallel workers (a search's stretches must run in order, ADR 0045)", async () => {
    expect((await client.query("show max_parallel_workers_per_gather")).rows).toEqual([
      { max_parallel_workers_per_gather: "0" },
    ]);
  });
});

describe.skipIf(!url)("the mode set in a named statement's own round trip (ADR 0058)", () => {
  // A connection of its own: the one above has used up its names, and unnamed statements take the SET's own round trip.
  let client: PreparingClient;
  beforeAll(async () => {
    client = new PreparingClient({ connectionString: url, options: POSTGRES_SESSION_OPTIONS });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });
  const mode = async (text: string) =>
    (await client.query({ text }, ["x"])).rows[0] as { mode: string; workers: string };
  const marked = `${GENERIC_PLAN}select current_setting('plan_cache_mode') as mode, $1::text as x`;
  const plain = "select current_setting('plan_cache_mode') as mode, $1::text as x";

  it("sets the mode in the statement's own round trip (one ReadyForQuery, ADR 0058)", async () => {
    const connection = (client as unknown as { connection: import("node:events").EventEmitter }).connection;
    let answers = 0;
    const count = () => answers++;
    connection.on("readyForQuery", count);
    try {
      expect((await mode(plain)).mode).toBe("force_custom_plan");
      answers = 0;
      expect((await mode(marked)).mode).toBe("force_generic_plan");
      expect((await mode(plain)).mode).toBe("force_custom_plan");
      expect(answers).toBe(2);
    } finally {
      connection.off("readyForQuery", count);
    }
  });

  it("sets the mode in the round trip of a statement its caller named", async () => {
    const connection = (client as unknown as { connection: import("node:events").EventEmitter }).connection;
    expect((await mode(plain)).mode).toBe("force_custom_plan");
    let answers = 0;
    const count = () => answers++;
    connection.on("readyForQuery", count);
    try {
      const text = "select current_setting('plan_cache_mode') as mode, $1::int as n";
      const byName = await client.query({ name: `${GENERIC_PLAN_NAME}own_round_trip`, text }, [1]);
      expect(byName.rows).toEqual([{ mode: "force_generic_plan", n: 1 }]);
      expect(answers).toBe(1);
    } finally {
      connection.off("readyForQuery", count);
    }
  });

  it("forgets the mode when a statement after a switch fails (the failure undid the SET)", async () => {
    expect((await mode(plain)).mode).toBe("force_custom_plan");
    const failing = `${GENERIC_PLAN}select 1 / $1::int as n`;
    await expect(client.query(failing, [0])).rejects.toThrow(/division by zero/);
    expect((await client.query("show plan_cache_mode")).rows[0].plan_cache_mode).toBe("force_custom_plan");
    expect((await client.query(failing, [1])).rows).toEqual([{ n: 1 }]);
    expect((await mode(marked)).mode).toBe("force_generic_plan");
    expect((await mode(plain)).mode).toBe("force_custom_plan");
  });

  it("reports a statement that does not parse the same way each time, after a switch too", async () => {
    const broken = `${GENERIC_PLAN}select $1::int frm nowhere`;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await mode(plain)).mode).toBe("force_custom_plan");
      await expect(client.query(broken, [1])).rejects.toThrow(/syntax error/);
    }
    expect((await mode(marked)).mode).toBe("force_generic_plan");
  });

  it("passes a callback's answer once, also when the statement sets the mode", async () => {
    expect((await mode(plain)).mode).toBe("force_custom_plan");
    const answers: unknown[] = [];
    await new Promise<void>((resolve) =>
      client.query({ text: marked }, ["x"], (error: Error | undefined, result: { rows: unknown[] }) => {
        answers.push(error ?? result.rows);
        resolve();
      }),
    );
    expect(answers).toEqual([[{ mode: "force_generic_plan", x: "x" }]]);
  });
});

describe.skipIf(!url)("a database whose statements are all marked (genericPlans)", () => {
  let pool: pg.Pool;
  let db: Db;
  beforeAll(() => {
    pool = new pg.Pool({
      connectionString: url,
      max: 1,
      Client: PreparingClient,
      options: POSTGRES_SESSION_OPTIONS,
    });
    db = drizzle({ client: pool }) as unknown as Db;
  });
  afterAll(async () => {
    await pool?.end();
  });
  const mode = async (on: Pick<Db, "execute">, n: number) => {
    const result = await on.execute(sql`select current_setting('plan_cache_mode') as mode, ${n}::int as n`);
    return (result as unknown as { rows: unknown[] }).rows[0];
  };

  it("runs its statements with a generic plan, the plain database's with custom plans", async () => {
    const marked = genericPlans(db);
    expect(genericPlans(db)).toBe(marked);
    expect(await mode(marked, 1)).toEqual({ mode: "force_generic_plan", n: 1 });
    expect(await mode(db, 2)).toEqual({ mode: "force_custom_plan", n: 2 });
    expect(await mode(marked, 3)).toEqual({ mode: "force_generic_plan", n: 3 });
  });

  it("runs a transaction on it unmarked, on a connection of the pool", async () => {
    const inside = await genericPlans(db).transaction((tx) => mode(tx, 4));
    expect(inside).toEqual({ mode: "force_custom_plan", n: 4 });
    expect(await mode(genericPlans(db), 5)).toEqual({ mode: "force_generic_plan", n: 5 });
  });
});
