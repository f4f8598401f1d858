import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createNotificationListener } from "#server/db/listen.ts";
import { createHttpApp } from "#server/http/app.ts";
import { createPageCache } from "#server/http/page-cache.ts";
import { createLogger } from "#server/logger.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { createServices } from "#server/services.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { PUBLIC_CHANGES_CHANNEL } from "./public-changes.ts";

/**
 * Two instances on one PostgreSQL database, each with its own services (its own LISTEN connection
 * and announcements) and anonymous page cache (ADR 0027): a write answered by one clears the
 * other's copies. An accepted bid does so through the auction event it commits, without a
 * `public_changes` announcement of its own; every other write is announced (ADR 0056). PostgreSQL
 * only: the embedded database serves one process.
 */

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
/** The payload of bid_listed_copy()'s own NOTIFY (migration 0037), sent a second after a bid. */
const LISTED_COPY = "listed-copy";
/** The test's own NOTIFY on the channel, after which whatever a request sent has been heard. */
const MARKER = "test-marker";

let api: TestApi;
let answering: ReturnType<typeof createHttpApp>;
let other: ReturnType<typeof createHttpApp>;
let otherServices: ReturnType<typeof createServices>;
let stopHearing: () => Promise<void>;
/** The payloads heard on `public_changes`, in order. */
const heard: string[] = [];
/** The answering instance's calls of announce(). */
let announced = 0;
let categoryId: number;
let auctionId: number;
let bidders: Awaited<ReturnType<typeof insertBidders>>;

/** Stands in for React Router: the product's price and category, read fresh at each render. */
async function renderPage(request: Request): Promise<Response> {
  const productId = Number(new URL(request.url).pathname.split("/")[1]);
  const [row] = await api.db
    .select({ price: products.currentPriceMinor, category: categories.nameCs })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  return new Response(`<html><p>price ${row?.price ?? "none"}</p><p>category ${row?.category}</p></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** An instance: the HTTP app with its page cache, cleared by what its services hear. */
async function instance(services: ReturnType<typeof createServices>, onAnnounce = () => {}) {
  const pageCache = createPageCache({
    announce: () => {
      onAnnounce();
      services.publicChanges.announce();
    },
  });
  await services.publicChanges.subscribe(pageCache.clear);
  return createHttpApp({
    config: api.config,
    logger: createLogger("silent"),
    services,
    pageCache,
    pageHandler: renderPage,
  });
}

beforeAll(async () => {
  api = await createTestApi();
  otherServices = createServices({
    database: api.database,
    config: api.config,
    logger: createLogger("silent"),
    jobs: api.jobs,
  });
  answering = await instance(api.services, () => {
    announced += 1;
  });
  other = await instance(otherServices);
  const listener = createNotificationListener({ database: api.database });
  stopHearing = await listener.listen(PUBLIC_CHANGES_CHANNEL, (payload) => heard.push(payload ?? ""));
  await insertAuctionSettings(api.db);
  categoryId = (await insertCategory(api.db, { nameCs: "Rumy" }))!.id;
  bidders = await insertBidders(api.db, 2);
  auctionId = (await insertAuction(api.db, { sellerId: bidders[0].user.id, categoryId }))!.id;
}, 60_000);

afterAll(async () => {
  await stopHearing?.();
  await otherServices?.stopLiveStreams();
  await api?.services.stopLiveStreams();
  await api?.close();
});

const productPath = () => `/${auctionId}/rumy/havana-club`;
const visit = (app: typeof other) => app.request(productPath(), { headers: { "User-Agent": CHROME } });

/** Visits the other instance's page until it comes from its cache; returns that page. */
async function keptByTheOther(): Promise<string> {
  await (await visit(other)).text();
  const kept = await visit(other);
  expect(kept.headers.get("x-page-cache")).toBe("hit");
  return kept.text();
}

/** Renames the category through the answering instance: a write with no NOTIFY of its own. */
async function renameCategory(nameCs: string) {
  const { token } = await api.createUser({ role: "editor" });
  const saved = await answering.request(`/api/admin/catalog/categories/${categoryId}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      nameCs,
      nameEn: "Rums",
      slugCs: "rumy",
      slugEn: "rums",
      descriptionCs: null,
      descriptionEn: null,
      isActive: true,
      premoderated: false,
    }),
  });
  expect(saved.status).toBe(200);
}

/** The instances' announcements heard so far (not the listed copy's NOTIFY, nor the marker). */
const announcements = () => heard.filter((payload) => payload !== LISTED_COPY && payload !== MARKER);

/** Sends the marker and waits until it is heard: every NOTIFY committed before it was heard too. */
async function hearEverythingSentSoFar() {
  const markers = heard.filter((payload) => payload === MARKER).length;
  await api.db.execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, ${MARKER})`);
  await vi.waitFor(() => expect(heard.filter((payload) => payload === MARKER).length).toBe(markers + 1));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on PostgreSQL", () => {
  it("a write without a NOTIFY of its own is announced, and the other instance's copy goes", async () => {
    expect(await keptByTheOther()).toContain("category Rumy<");
    const [calls, before] = [announced, announcements().length];
    await renameCategory("Rumy z Karibiku");
    expect(announced).toBe(calls + 1);
    await vi.waitFor(async () => {
      expect(await (await visit(other)).text()).toContain("category Rumy z Karibiku");
    });
    await vi.waitFor(() => expect(announcements().length).toBe(before + 1));
  });

  it("an accepted bid announces nothing more, and its auction event still clears the other instance", async () => {
    expect(await keptByTheOther()).toContain("price none");
    await hearEverythingSentSoFar();
    const [calls, before] = [announced, announcements().length];
    const bid = await answering.request(`/api/auctions/${auctionId}/bids`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bidders[1].token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 100_000 }),
    });
    expect(bid.status).toBe(201);
    // The page cache announces (or not) before the answer leaves.
    expect(announced).toBe(calls);
    await vi.waitFor(async () => {
      expect(await (await visit(other)).text()).toContain("price 100000");
    });
    await hearEverythingSentSoFar();
    expect(announcements()).toHaveLength(before);
  });
});
