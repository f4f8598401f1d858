import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { suppliesLiveBetween } from "./new-supplies.ts";

/**
 * What the stock watchdogs' minute reads (watchdog/sweep.ts): the offers that went live in a
 * window, newest first, at most so many. On a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
let database: TestDatabase;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 12, minutes));
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const category = await insertCategory(db, { depth: 1, nameCs: "Rum", slugCs: "rum-ns" });
  const offer = async (name: string, values: Omit<Parameters<typeof insertProduct>[1], "categoryId">) => {
    ids[name] = (await insertProduct(db, { ...values, categoryId: category.id, nameCs: name })).id;
  };
  // Went live at its creation (no activation date) or at its activation.
  await offer("before", { createdAt: at(0) });
  await offer("first", { createdAt: at(10) });
  await offer("activated", { createdAt: at(0), activationAt: at(20) });
  await offer("last", { createdAt: at(30) });
  await offer("after", { createdAt: at(50) });
  await offer("ended", { createdAt: at(25), status: "ended" });
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

describe("suppliesLiveBetween", () => {
  it("gives the live offers that went live after the start and by the end, newest first", async () => {
    const found = await suppliesLiveBetween(database.db, { after: at(5), until: at(30), limit: 10 });
    expect(found.map((row) => row.id)).toEqual([ids.last, ids.activated, ids.first]);
    expect(found[1].appearedAt).toEqual(at(20));
  });

  it("gives the newest ones only when there are more than the limit", async () => {
    const found = await suppliesLiveBetween(database.db, { after: at(5), until: at(60), limit: 2 });
    expect(found.map((row) => row.id)).toEqual([ids.after, ids.last]);
  });
});
