import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_SPECS } from "#core/schemas/settings.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { settings } from "../modules/settings/tables.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

/**
 * Migrations that change data rather than shape, run again on a migrated database holding the
 * data they were written for (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const migration = (name: string) =>
  readFileSync(new URL(`./migrations/${name}.sql`, import.meta.url), "utf8");

async function storedDeals() {
  const [row] = await database.db.select().from(settings).where(eq(settings.name, "deals"));
  return row.value as Record<string, unknown>;
}

describe("0049: the deals setting's reminder hours", () => {
  it("fills the defaults into a setting stored without them and keeps what the operator set", async () => {
    const { payReminderHours: _p, shipReminderHours: _s, releaseReminderHours: _r, ...older } = DEALS;
    await database.db
      .insert(settings)
      .values({ name: "deals", locale: null, value: { ...older, enabled: true, payDays: 5 } })
      .onConflictDoUpdate({
        target: [settings.name, settings.locale],
        set: { value: { ...older, enabled: true, payDays: 5 } },
      });
    await database.db.execute(sql.raw(migration("0049_deals_setting_defaults")));
    const value = await storedDeals();
    expect(value).toMatchObject({
      enabled: true,
      payDays: 5,
      payReminderHours: [24, 12],
      shipReminderHours: [24],
      releaseReminderHours: [48],
    });
    // What the back office's form saves back unchanged is a valid setting.
    expect(SETTING_SPECS.deals.schema.safeParse(value).success).toBe(true);
  });

  it("leaves a setting that has its reminder hours as it is", async () => {
    const chosen = { ...DEALS, payReminderHours: [6], shipReminderHours: [], releaseReminderHours: [72, 24] };
    await database.db.update(settings).set({ value: chosen }).where(eq(settings.name, "deals"));
    await database.db.execute(sql.raw(migration("0049_deals_setting_defaults")));
    expect(await storedDeals()).toEqual(chosen);
  });
});

describe("0052: the deals setting's pickup deadline", () => {
  const run = async () => {
    for (const statement of migration("0052_deals_pickup_deadline").split("--> statement-breakpoint"))
      await database.db.execute(sql.raw(statement));
  };

  it("fills the defaults into a setting stored without them and keeps what the operator set", async () => {
    const { pickupDays: _d, pickupReminderHours: _h, ...older } = DEALS;
    await database.db
      .update(settings)
      .set({ value: { ...older, enabled: true, shipReminderHours: [6] } })
      .where(eq(settings.name, "deals"));
    await run();
    const value = await storedDeals();
    expect(value).toMatchObject({
      enabled: true,
      shipReminderHours: [6],
      pickupDays: 14,
      pickupReminderHours: [48],
    });
    expect(SETTING_SPECS.deals.schema.safeParse(value).success).toBe(true);
  });

  it("leaves a setting that has its pickup deadline as it is", async () => {
    const chosen = { ...DEALS, pickupDays: 7, pickupReminderHours: [] };
    await database.db.update(settings).set({ value: chosen }).where(eq(settings.name, "deals"));
    await run();
    expect(await storedDeals()).toEqual(chosen);
  });
});

describe("0054: the deals setting's return deadlines", () => {
  const run = () => database.db.execute(sql.raw(migration("0054_deals_return_settings")));

  it("fills the defaults into a setting stored without them and keeps what the operator set", async () => {
    const { returnShipDays: _s, returnConfirmDays: _c, ...older } = DEALS;
    await database.db
      .update(settings)
      .set({ value: { ...older, enabled: true, pickupDays: 9 } })
      .where(eq(settings.name, "deals"));
    await run();
    const value = await storedDeals();
    expect(value).toMatchObject({ enabled: true, pickupDays: 9, returnShipDays: 7, returnConfirmDays: 14 });
    expect(SETTING_SPECS.deals.schema.safeParse(value).success).toBe(true);
  });

  it("leaves a setting that has its return deadlines as it is", async () => {
    const chosen = { ...DEALS, returnShipDays: 5, returnConfirmDays: 20 };
    await database.db.update(settings).set({ value: chosen }).where(eq(settings.name, "deals"));
    await run();
    expect(await storedDeals()).toEqual(chosen);
  });
});
