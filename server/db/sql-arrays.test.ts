import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./rows.ts";
import { intArray, textArray } from "./sql-arrays.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

/** The array parameters reach PostgreSQL as the values given, whatever they hold. */
describe("array parameters", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("binds integers, leaving out what is not one", async () => {
    const rows = rowsOf<{ n: number }>(
      await db.db.execute(sql`select unnest(${intArray([3, 1, 2.5, Number.NaN, 7])}) as n`),
    );
    expect(rows.map((row) => Number(row.n))).toEqual([3, 1, 7]);
    const none = rowsOf(await db.db.execute(sql`select 1 where 1 = any(${intArray([])})`));
    expect(none).toEqual([]);
  });

  it("binds texts with commas, quotes, backslashes, braces and spaces as they are", async () => {
    const values = ["a,b", 'say "hi"', "back\\slash", "{braces}", " spaced ", "NULL", ""];
    const rows = rowsOf<{ t: string }>(await db.db.execute(sql`select unnest(${textArray(values)}) as t`));
    expect(rows.map((row) => row.t)).toEqual(values);
  });
});
