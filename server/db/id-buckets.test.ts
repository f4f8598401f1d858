import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_BUCKET, idBucketsVector, idRangeQuery } from "./id-buckets.ts";
import { rowsOf } from "./rows.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

/** The finest buckets a query's words stand for: `'~i15.30'` is the 8 finest from 240. */
function finestUnits(query: string): number[] {
  return query.split(" | ").flatMap((term) => {
    const [, bits, bucket] = /^'~i(\d+)\.(\d+)'$/.exec(term) ?? [];
    const width = 2 ** (Number(bits) - 12);
    return Array.from({ length: width }, (_, index) => Number(bucket) * width + index);
  });
}

describe("a range of ids as buckets", () => {
  it("covers every id of the range once, by the widest buckets that fit", () => {
    const ranges: [number, number][] = [
      [0, 1],
      [0, 5_000_000],
      [881_935, 1_000_241],
      [4_095, 4_096],
      [ID_BUCKET * 7, ID_BUCKET * 64 - 1],
      [123_456, 7_654_321],
    ];
    for (const [after, upTo] of ranges) {
      const query = idRangeQuery(after, upTo);
      const units = finestUnits(query ?? "");
      const first = Math.floor((after + 1) / ID_BUCKET);
      const last = Math.floor(upTo / ID_BUCKET);
      expect(units).toEqual(Array.from({ length: last - first + 1 }, (_, index) => first + index));
    }
    // 56 finest buckets aligned on 8 and 64: one of 2^18 and none finer.
    expect(idRangeQuery(ID_BUCKET * 64 - 1, ID_BUCKET * 128 - 1)).toBe("'~i18.1'");
    expect(idRangeQuery(881_935, 1_000_241)?.split(" | ")).toEqual([
      "'~i12.215'",
      "'~i15.27'",
      "'~i15.28'",
      "'~i15.29'",
      "'~i12.240'",
      "'~i12.241'",
      "'~i12.242'",
      "'~i12.243'",
      "'~i12.244'",
    ]);
  });

  it("gives up on an empty range, and on one that needs too many words", () => {
    expect(idRangeQuery(10, 10)).toBeNull();
    expect(idRangeQuery(0, 2 ** 31 - 1)).toBeNull();
  });
});

describe("the buckets in the database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("match the ids of the range, and only ids of its buckets", async () => {
    const ids = [1, 4_095, 4_096, 4_097, 40_000, 262_143, 262_144, 881_936, 900_000, 1_000_241, 1_400_000];
    for (const [after, upTo] of [
      [4_096, 900_000],
      [0, 262_143],
      [881_935, 1_000_241],
    ] as const) {
      const query = idRangeQuery(after, upTo) ?? "";
      const result = await database.db.execute(sql`
        select id from unnest(${`{${ids.join(",")}}`}::int[]) as id
        where ${idBucketsVector(sql`id`)} @@ ${query}::tsquery order by id`);
      const found = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
      // Every id of the range, and beyond it only ids of the range's end buckets.
      expect(found).toEqual(
        ids.filter(
          (id) =>
            Math.floor(id / ID_BUCKET) >= Math.floor((after + 1) / ID_BUCKET) &&
            Math.floor(id / ID_BUCKET) <= Math.floor(upTo / ID_BUCKET),
        ),
      );
      expect(found).toEqual(expect.arrayContaining(ids.filter((id) => id > after && id <= upTo)));
    }
  });
});
