import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "#server/db/seed/index.ts";
import { SHILL_FRIEND_EMAIL, SHILL_NEWCOMER_EMAIL } from "#server/db/seed/shill-patterns.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { createLogger } from "#server/logger.ts";
import { users } from "../users/tables.ts";
import { runDetection } from "./detect.ts";
import { shillSignals } from "./tables.ts";

/**
 * The check against the seeded demo database: the shill patterns the demo lays down
 * (server/db/seed/shill-patterns.ts) appear with their evidence, and the ordinary demo bidding of
 * every other account raises no signal.
 */

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-shill-"));
  await seedDemoIfEmpty(database.db, { dataDir, logger: createLogger("silent") });
}, 300_000);

afterAll(async () => {
  await database?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo data", () => {
  it("shows the seeded patterns with their evidence and nothing about ordinary bidders", async () => {
    await runDetection(database.db, new Date());
    const accounts = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [SHILL_FRIEND_EMAIL, SHILL_NEWCOMER_EMAIL, "prodejce@rarita.test"]));
    const id = (email: string) => accounts.find((account) => account.email === email)?.id;
    const signals = await database.db.select().from(shillSignals);
    const about = (bidder: string | undefined) =>
      signals
        .filter((signal) => signal.bidderId === id(bidder ?? ""))
        .map((signal) => signal.kind)
        .sort();
    expect(about(SHILL_FRIEND_EMAIL)).toEqual(["never_wins", "shared_address", "shared_device"]);
    expect(about(SHILL_NEWCOMER_EMAIL)).toEqual(["late_new_account"]);
    const friendSignals = signals.filter((signal) => signal.bidderId === id(SHILL_FRIEND_EMAIL));
    expect(new Set(friendSignals.map((signal) => signal.sellerId))).toEqual(
      new Set([id("prodejce@rarita.test")]),
    );
    expect(friendSignals.find((signal) => signal.kind === "never_wins")?.evidence).toMatchObject({
      raised: 5,
      won: 0,
    });
    const others = signals.filter(
      (signal) => signal.bidderId !== id(SHILL_FRIEND_EMAIL) && signal.bidderId !== id(SHILL_NEWCOMER_EMAIL),
    );
    expect(others).toEqual([]);
    // A second run finds the same and stores nothing more.
    const again = await runDetection(database.db, new Date());
    expect(again).toMatchObject({ created: 0, reopened: 0 });
    expect(await database.db.select({ id: shillSignals.id }).from(shillSignals)).toHaveLength(signals.length);
    const late = signals.find((signal) => signal.bidderId === id(SHILL_NEWCOMER_EMAIL));
    expect(late?.evidence).toMatchObject({ lateBids: 2, closestSeconds: expect.any(Number) });
  });
});
