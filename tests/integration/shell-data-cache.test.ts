import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import { createNotificationListener } from "#server/db/listen.ts";
import { createShellDataCache } from "#server/db/notify-cache.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { categoryChains } from "#server/modules/catalog/index.ts";
import { createCmsService } from "#server/modules/cms/index.ts";
import { createCatalogService } from "#server/modules/listing-reads/index.ts";
import { createListsService } from "#server/modules/lists/index.ts";
import { createSettingsService } from "#server/modules/settings/index.ts";
import { insertCategory } from "#server/test/fixtures.ts";

/**
 * Shell data from memory (ADR 0028): settings, currencies, the category tree and banners are read
 * once per process and read again after any change, however it was made (the owning tables'
 * triggers NOTIFY shell_data). On PostgreSQL a second instance hears the change too.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.exec(`
    insert into settings (name, locale, value) values ('contacts', null, '{"phone": "111"}');
    insert into currencies (code, symbol_after, decimals, rate, is_default, position)
      values ('CZK', ' Kč', 0, 1, true, 1), ('EUR', ' €', 2, 25, false, 2);
  `);
});

afterAll(async () => {
  await database?.dispose();
});

/** The database seen through a counter of the statements the services start (`select`, `execute`). */
function counted(db: Db) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if ((property !== "select" && property !== "execute") || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        counter.selects += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, counter };
}

/** One process's shell-data services over `source`, with its own listener and cache. */
async function instance(source: Database, applicationName?: string) {
  const { db, counter } = counted(source.db);
  const listener = createNotificationListener({ database: source, applicationName });
  const cache = createShellDataCache({ database: source, listener });
  await cache.start();
  return {
    db,
    counter,
    cache,
    settings: createSettingsService(db, cache),
    lists: createListsService(db, cache),
    catalog: createCatalogService(db, cache),
    cms: createCmsService(db, cache),
  };
}

type Instance = Awaited<ReturnType<typeof instance>>;

/** What a page's frame reads of the shell data. */
async function frame(site: Instance) {
  const [settings, tree, currencies, maintenance, banners, category] = await Promise.all([
    site.settings.list("cs"),
    site.catalog.categoryTree("cs"),
    site.lists.currencies(),
    site.settings.isMaintenance(),
    site.cms.posters("cs"),
    // A category page's category and path come from the same kept rows.
    site.catalog.findCategory(1, "cs"),
  ]);
  return { settings, tree, currencies, maintenance, banners, category };
}

const phone = async (site: Instance) =>
  ((await site.settings.get<{ phone: string }>("contacts", "cs")) ?? { phone: null }).phone;

describe("shell data from memory", () => {
  it("reads settings, currencies, the category tree and banners once across many pages", async () => {
    const site = await instance(database);
    const first = await frame(site);
    const afterFirst = site.counter.selects;
    expect(afterFirst).toBe(5);
    for (let page = 0; page < 20; page++) expect(await frame(site)).toEqual(first);
    expect(site.counter.selects).toBe(afterFirst);
    expect(first.currencies.map((currency) => currency.code)).toEqual(["CZK", "EUR"]);
    // Shared between requests, so nobody may change it.
    expect(() => (first.currencies as { code: string }[]).push({ code: "USD" })).toThrow(TypeError);
    await site.cache.stop();
  });

  it("shows a change on the next read, whatever made it: a service, direct SQL, a transaction", async () => {
    const site = await instance(database);
    expect(await phone(site)).toBe("111");

    await database.exec(`update settings set value = '{"phone": "222"}' where name = 'contacts'`);
    expect(await phone(site)).toBe("222");

    await site.settings.update("contacts", null, { phone: "333" }, { id: 1, name: "Test" });
    expect(await phone(site)).toBe("333");

    await database.exec(`update currencies set rate = 24.5 where code = 'EUR'`);
    expect((await site.lists.currencies()).find((currency) => currency.code === "EUR")?.rate).toBe(24.5);

    const category = await insertCategory(database.db, { nameCs: "Koňaky", slugCs: "konaky" });
    expect((await site.catalog.categoryTree("cs")).map((node) => node.name)).toContain("Koňaky");
    expect((await site.catalog.findCategory(category!.id, "cs"))?.name).toBe("Koňaky");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update categories set is_active = false where id = ${category!.id}`);
    });
    expect((await site.catalog.categoryTree("cs")).map((node) => node.name)).not.toContain("Koňaky");
    expect(await site.catalog.findCategory(category!.id, "cs")).toBeNull();

    await database.exec(
      `insert into banners (group_key, locale, title, path, image) values ('banner.promo', 'cs', 'Léto', '/b', 'leto.jpg')`,
    );
    expect((await site.cms.posters("cs"))["banner.promo"].map((banner) => banner.title)).toEqual(["Léto"]);
    await database.exec(`delete from banners`);
    expect((await site.cms.posters("cs"))["banner.promo"]).toEqual([]);
    await site.cache.stop();
  });

  it("shows a scheduled banner when its time comes and hides it when it ends, without reading again", async () => {
    const site = await instance(database);
    const now = Date.now();
    const hour = 3_600_000;
    const at = (offset: number) => new Date(now + offset).toISOString();
    await database.exec(`
      insert into banners (group_key, locale, title, path, image, active_from, active_to) values
        ('banner.promo', 'cs', 'Vánoce', '/b', 'vanoce.jpg', '${at(hour)}', '${at(3 * hour)}'),
        ('banner.promo', 'cs', 'Stálý', '/b', 'staly.jpg', null, null);
    `);
    const titles = async (offset: number) =>
      (await site.cms.posters("cs", new Date(now + offset)))["banner.promo"].map((banner) => banner.title);
    expect(await titles(0)).toEqual(["Stálý"]);
    const reads = site.counter.selects;
    expect(await titles(2 * hour)).toEqual(["Vánoce", "Stálý"]);
    expect(await titles(4 * hour)).toEqual(["Stálý"]);
    expect(site.counter.selects).toBe(reads);
    await database.exec(`delete from banners`);
    await site.cache.stop();
  });

  it("keeps the categories' parents for the chains of ancestors, and reads them again after a change", async () => {
    const site = await instance(database);
    const chain = async (id: number) => (await categoryChains(site.db, [id])).get(id);
    const spirits = (await insertCategory(database.db, { nameCs: "Destiláty", slugCs: "destilaty" }))!;
    const brandy = (await insertCategory(database.db, { parentId: spirits.id, depth: 2, slugCs: "brandy" }))!;
    expect(await chain(brandy.id)).toEqual([brandy.id, spirits.id]);
    const reads = site.counter.selects;
    for (let page = 0; page < 5; page++) expect(await chain(brandy.id)).toEqual([brandy.id, spirits.id]);
    expect(site.counter.selects).toBe(reads);

    // Moved by hand: the trigger's NOTIFY drops the kept parents.
    const wines = (await insertCategory(database.db, { nameCs: "Vína", slugCs: "vina" }))!;
    await database.exec(`update categories set parent_id = ${wines.id} where id = ${brandy.id}`);
    expect(await chain(brandy.id)).toEqual([brandy.id, wines.id]);
    await site.cache.stop();

    // Nobody listening (a script): a category the kept copy does not know is read, not guessed.
    const port = (await insertCategory(database.db, { parentId: wines.id, depth: 2, slugCs: "portske" }))!;
    expect(await chain(port.id)).toEqual([port.id, wines.id]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: a second instance hears the change, and reads from the database while it cannot hear",
    async () => {
      const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const other = await openDatabase({ engine: "postgres", url, poolSize: 2 });
      const applicationName = `shell_data_test_${randomBytes(4).toString("hex")}`;
      try {
        const here = await instance(database);
        const there = await instance(other, applicationName);
        await database.exec(`update settings set value = '{"phone": "400"}' where name = 'contacts'`);
        expect(await phone(here)).toBe("400");
        expect(await phone(there)).toBe("400");
        const reads = there.counter.selects;

        // Written here: the other instance's listener hears it, a moment later.
        await database.exec(`update settings set value = '{"phone": "401"}' where name = 'contacts'`);
        await vi.waitFor(async () => expect(await phone(there)).toBe("401"));
        expect(there.counter.selects).toBe(reads + 1);

        // Its listener's connection is cut: until it is back, every read asks the database, and
        // what was kept before is not trusted after.
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
            [applicationName],
          );
        } finally {
          await admin.end();
        }
        await vi.waitFor(async () => {
          const before = there.counter.selects;
          await phone(there);
          expect(there.counter.selects).toBe(before + 1);
        });
        await database.exec(`update settings set value = '{"phone": "402"}' where name = 'contacts'`);
        expect(await phone(there)).toBe("402");
        // Back: values are kept again.
        await vi.waitFor(
          async () => {
            await phone(there);
            const before = there.counter.selects;
            expect(await phone(there)).toBe("402");
            expect(there.counter.selects).toBe(before);
          },
          { timeout: 10_000 },
        );
        await here.cache.stop();
        await there.cache.stop();
      } finally {
        await other.close();
      }
    },
  );
});
