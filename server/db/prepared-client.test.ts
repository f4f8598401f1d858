import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PREPARED_PER_CONNECTION, POSTGRES_SESSION_OPTIONS, PreparingClient } from "./prepared-client.ts";

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
