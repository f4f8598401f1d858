import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { ratingsOf } from "./ratings-of.ts";
import { userRatings } from "./tables.ts";

/** The badges read several people's ratings at once (issue 36): the same figures the profile shows. */
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe("ratingsOf", () => {
  it("answers the average to one decimal and the count, and nothing for someone nobody rated", async () => {
    const [rated, unrated, emptied] = await insertBidders(database.db, 3);
    await database.db.insert(userRatings).values([
      { userId: rated.user.id, reviewCount: 3, starsSum: 14 },
      { userId: emptied.user.id, reviewCount: 0, starsSum: 0 },
    ]);
    const ratings = await ratingsOf(database.db, [rated.user.id, unrated.user.id, emptied.user.id]);
    expect(ratings.get(rated.user.id)).toEqual({ average: 4.7, count: 3 });
    expect(ratings.has(unrated.user.id)).toBe(false);
    expect(ratings.has(emptied.user.id)).toBe(false);
  });
});
