import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResultsQuery } from "#core/schemas/results.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { allowingStaleReads, attachReplica } from "#server/db/replica.ts";
import { createHttpApp, type PageHandler } from "#server/http/app.ts";
import { createLogger } from "#server/logger.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { saleResults } from "#server/modules/sale-results/tables.ts";
import type { TestApi } from "#server/test/api-harness.ts";
import { createTestApi } from "#server/test/api-harness.ts";
import { createCleanups, waitUntil } from "#server/test/crash-helpers.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { testReplicatedServers } from "#server/test/postgres-cluster.ts";
import { freePort } from "#server/test/server-process.ts";

/**
 * Reads from a streaming replica (DATABASE_REPLICA_URL, issue 38 item 9, ADR 0099): a primary
 * and its hot standby of their own (pg_basebackup), the app on both. With the standby's replay
 * paused, a listing a browser just created is missing from an anonymous visitor's category page,
 * search and archive (they read the replica) and present for the browser that wrote (it reads the
 * primary); once replay resumes, the anonymous pages show it too.
 */

const cleanups = createCleanups();
const logger = createLogger("silent");
let database: Database;
let api: TestApi;
let standby: pg.Client;
let app: ReturnType<typeof createHttpApp>;
let categoryId = 0;
let primaryUrl = "";

/** The pages under test, as their loaders read them (app/routes/catalog, app/routes/results). */
const pages: PageHandler = async (request, { services }) => {
  const url = new URL(request.url);
  if (request.method === "POST" && url.pathname === "/sell") {
    // The browser's write: a listing in the category, its search text as the listings keep it.
    const { id } = await insertProduct(services.db, {
      categoryId,
      nameCs: `Replika ${url.searchParams.get("n")}`,
    });
    await services.catalog.refreshSearchText({ productIds: [id] });
    await services.db.insert(saleResults).values({
      productId: id,
      kind: "auction",
      categoryId,
      nameCs: `Replika ${url.searchParams.get("n")}`,
      pathCs: `/x/${id}`,
      pathEn: `/x/${id}`,
      priceMinor: 100_000,
      soldAt: new Date(),
      searchText: `replika ${url.searchParams.get("n")}`,
    });
    return Response.json({ id });
  }
  const locale = "cs" as const;
  if (url.pathname === "/category") {
    const { page } = await services.catalog.listingPage({ locale, categoryId });
    return Response.json(page.items.map((item) => item.id));
  }
  if (url.pathname === "/search") {
    const { page } = await services.catalog.listingPage({ locale, q: url.searchParams.get("q") ?? "" });
    return Response.json(page.items.map((item) => item.id));
  }
  const archive = await services.saleResults.archive(parseResultsQuery(new URLSearchParams()), {
    locale,
    categoryIds: [categoryId],
  });
  return Response.json(archive.rows.map((row) => row.productId));
};

async function paused() {
  await standby.query("select pg_wal_replay_pause()");
  await waitUntil("the standby's replay to pause", async () => {
    const { rows } = await standby.query<{ state: string }>(
      "select pg_get_wal_replay_pause_state() as state",
    );
    return rows[0].state === "paused";
  });
}

async function ids(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<number[]> {
  const response = await app.request(path, { headers: cookie ? { cookie, ...headers } : headers });
  expect(response.status).toBe(200);
  return response.json();
}

/** Waits until the standby has replayed everything the primary wrote so far. */
async function caughtUp() {
  const { rows } = await database.pool!.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
  await waitUntil("the standby to replay the primary's WAL", async () => {
    const replayed = await standby.query<{ done: boolean }>(
      "select pg_last_wal_replay_lsn() >= $1::pg_lsn as done",
      [rows[0].lsn],
    );
    return replayed.rows[0].done;
  });
}

beforeAll(async () => {
  const servers = await testReplicatedServers(cleanups);
  const admin = new pg.Client({ connectionString: servers.primary });
  await admin.connect();
  await admin.query("create database rarita_replica");
  await admin.end();
  primaryUrl = servers.primary.replace(/\/postgres$/, "/rarita_replica");
  const standbyUrl = servers.standby.replace(/\/postgres$/, "/rarita_replica");
  database = await openDatabase({ engine: "postgres", url: primaryUrl });
  cleanups.add(() => database.close());
  await attachReplica(database, { url: standbyUrl, logger });
  standby = new pg.Client({ connectionString: standbyUrl });
  await waitUntil("the replica's copy of the database", () =>
    standby.connect().then(
      () => true,
      () => false,
    ),
  );
  cleanups.add(() => standby.end());
  api = await createTestApi(
    { DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: standbyUrl, READ_PRIMARY_AFTER_WRITE_SECONDS: "60" },
    { database },
  );
  cleanups.add(() => api.close());
  app = createHttpApp({ config: api.config, logger, services: api.services, pageHandler: pages });
  categoryId = (await insertCategory(database.db)).id;
  await caughtUp();
}, 90_000);

afterAll(async () => {
  await standby.query("select pg_wal_replay_resume()").catch(() => {});
  await cleanups.run();
});

describe("reads from a streaming replica", () => {
  it("shows a browser its own new listing at once, and everybody else once the replica has it", async () => {
    const { token } = await api.createUser();
    await paused();
    const sold = await app.request("/sell?n=prvni", {
      method: "POST",
      headers: { origin: api.config.publicUrl },
    });
    expect(sold.status).toBe(200);
    const { id } = (await sold.json()) as { id: number };
    const cookie = (sold.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toBe("wrote=1");

    // The anonymous visitor reads the paused replica: not there yet.
    expect(await ids("/category")).not.toContain(id);
    expect(await ids("/search?q=replika%20prvni")).not.toContain(id);
    expect(await ids("/archive")).not.toContain(id);
    // The browser that wrote reads the primary.
    expect(await ids("/category", cookie)).toContain(id);
    expect(await ids("/search?q=replika%20prvni", cookie)).toContain(id);
    expect(await ids("/archive", cookie)).toContain(id);
    // An API client with a bearer token keeps no cookie: it reads the primary.
    expect(await ids("/category", undefined, { authorization: `Bearer ${token}` })).toContain(id);

    await standby.query("select pg_wal_replay_resume()");
    await waitUntil("the anonymous category page to show the listing", async () =>
      (await ids("/category")).includes(id),
    );
    expect(await ids("/search?q=replika%20prvni")).toContain(id);
    expect(await ids("/archive")).toContain(id);
  });

  it("reads the primary when the replica does not answer", async () => {
    const { id } = await insertProduct(database.db, { categoryId });
    const outcomes: string[] = [];
    // The same primary, its replica at a port nobody listens on.
    const other = await openDatabase({ engine: "postgres", url: primaryUrl });
    cleanups.add(() => other.close());
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/rarita_replica`;
    await attachReplica(other, { url: nowhere, logger, count: (outcome) => outcomes.push(outcome) });
    const found = await allowingStaleReads(() =>
      other.readDb!.select({ id: products.id }).from(products).where(eq(products.id, id)),
    );
    expect(found).toEqual([{ id }]);
    expect(outcomes.at(-1)).toBe("fallback");
  });
});
