import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#core/i18n/index.ts";
import { SESSION_COOKIE } from "#core/web/session-cookie.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import {
  type CrashStorage,
  createCleanups,
  prepareCrashStorage,
  waitUntil,
  withServices,
} from "#server/test/crash-helpers.ts";
import { type Browser, call, type Instance, startInstance, watchStream } from "#server/test/instances.ts";
import {
  hasPostgresServerPrograms,
  type StoppablePostgresServer,
  stoppablePostgresServer,
} from "#server/test/postgres-cluster.ts";
import { createStubBuild } from "#server/test/server-process.ts";

/**
 * A server process's metrics under a burst of requests (issue 38, "how it is checked": `/metrics`
 * moving while load runs), and the same server while its PostgreSQL goes away and comes back (issue 38, "how it is checked"):
 * `/health/ready` says 503 while the database is stopped and 200 once it is back, the process stays
 * live, requests that need the database are answered (an error, translated) instead of hanging,
 * and afterwards it writes again and its live streams hear of it (the pool and the LISTEN
 * connection both reconnected). It stops its database, so it runs on a throwaway cluster of its
 * own (server/test/postgres-cluster.ts), whatever TEST_DATABASE_URL says; skipped on a machine
 * without PostgreSQL's server programs.
 */

type AuctionEvent = { bids: { id: number }[] };
const METRICS_TOKEN = "health-postgres-metrics-token";

const cleanups = createCleanups();
let postgres: StoppablePostgresServer;
let storage: CrashStorage;
let server: Instance;
let auctionId = 0;
let bidder: Browser;
let rival: Browser;
let late: Browser;

beforeAll(async () => {
  if (!hasPostgresServerPrograms()) return;
  postgres = await stoppablePostgresServer(cleanups);
  storage = await prepareCrashStorage(cleanups, postgres.url);
  // Running again before the clean-ups drop the database, should a test fail while it is stopped.
  cleanups.add(() => postgres.start());
  await withServices(storage, async ({ database: { db } }) => {
    await insertAuctionSettings(db, 0);
    const [seller, first, second, third] = await insertBidders(db, 4);
    bidder = { cookie: `${SESSION_COOKIE}=${first.token}` };
    rival = { cookie: `${SESSION_COOKIE}=${second.token}` };
    late = { cookie: `${SESSION_COOKIE}=${third.token}` };
    auctionId = (await insertAuction(db, { sellerId: seller.user.id, startPriceMinor: 100_000 })).id;
  });
  const build = createStubBuild();
  cleanups.add(build.remove);
  server = await startInstance("a", storage, cleanups, { BUILD_DIR: build.name, METRICS_TOKEN });
}, 180_000);
afterAll(() => cleanups.run(), 60_000);

const status = async (path: string) => (await call(server, "GET", path)).status;
const bid = (amount: number, who = bidder) =>
  call(server, "POST", `/api/auctions/${auctionId}/bids`, who, { amount });

/** The metrics as Prometheus reads them. */
async function scrape(): Promise<string> {
  const response = await fetch(`${server.origin}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The sum of a metric's samples whose labels include `labels` (0 when there is none). */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) =>
      wanted.every((pair) => (line.match(/^[^{ ]*\{([^}]*)\}/)?.[1] ?? "").split(",").includes(pair)),
    )
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

const historyRows = async () =>
  ((await (await call(server, "GET", `/api/auctions/${auctionId}/bids`)).json()) as { bids: unknown[] }).bids
    .length;

describe.skipIf(!hasPostgresServerPrograms())("a server process on its own PostgreSQL", () => {
  it("counts a burst of requests in /metrics, by route, with the pool and the event loop beside", async () => {
    const BURST = 40;
    const route = { method: "POST", route: "/api/auctions/:id/bids" };
    const before = await scrape();
    // 40 bids at once, as many bidders' pages would send them: the first passes, the others are
    // refused (below the next minimum) or raise the leader's maximum; each is one request.
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => bid(100_000, i % 2 ? rival : bidder)),
    );
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const after = await scrape();
    const count = (text: string) => total(text, "rarita_http_request_duration_seconds_count", route);
    expect(count(after) - count(before)).toBe(BURST);
    // The histogram's last bucket holds every one of them too, and the bids by outcome add up.
    const infinite = (text: string) =>
      total(text, "rarita_http_request_duration_seconds_bucket", { ...route, le: "+Inf" });
    expect(infinite(after) - infinite(before)).toBe(BURST);
    expect(total(after, "rarita_bids_total") - total(before, "rarita_bids_total")).toBe(BURST);
    // All requests together grew at least as much (the first scrape is counted once it ended).
    expect(
      total(after, "rarita_http_request_duration_seconds_count") -
        total(before, "rarita_http_request_duration_seconds_count"),
    ).toBeGreaterThanOrEqual(BURST + 1);
    // The pool's sessions and the event loop's lag are reported.
    expect(total(after, "rarita_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(after).toMatch(/^rarita_db_pool_connections\{state="waiting"\} \d+$/m);
    expect(after).toMatch(/^rarita_nodejs_eventloop_lag_p99_seconds \d/m);
    for (const answer of answers) await answer.body?.cancel();
  }, 120_000);

  it("is not ready while the database is away, ready after, and writes again", async () => {
    expect(await status("/health/ready")).toBe(200);
    const rowsBefore = await historyRows();

    await postgres.stop();
    const stopped = await waitUntil("/health/ready to say 503", async () => {
      const response = await call(server, "GET", "/health/ready");
      return response.status === 503 && ((await response.json()) as { database?: string });
    });
    expect(stopped.database).toBe("unreachable");
    // Alive: a restart would not help, the balancer only has to send elsewhere.
    expect(await status("/health/live")).toBe(200);
    // Answered, not left hanging: the auction's history (public, read from the database) is an
    // error with its translated message and the request's id for support.
    const history = await call(server, "GET", `/api/auctions/${auctionId}/bids`, undefined);
    expect(history.status).toBeGreaterThanOrEqual(500);
    const body = (await history.json()) as { message: string; requestId: string };
    expect(body.message).toMatch(/\S/);
    expect(body.requestId).toBe(history.headers.get("x-request-id"));
    const czech = await fetch(`${server.origin}/api/auctions/${auctionId}/bids`, {
      headers: { "Accept-Language": "cs" },
    });
    const english = await fetch(`${server.origin}/api/auctions/${auctionId}/bids`, {
      headers: { "Accept-Language": "en" },
    });
    expect(czech.status).toBeGreaterThanOrEqual(500);
    expect(((await czech.json()) as { message: string }).message).not.toBe(
      ((await english.json()) as { message: string }).message,
    );
    // A page (the stub build has none: the server's own error answer, as for any page whose
    // session or data cannot be read) in the visitor's language with the request's id.
    // (A page's language is its path's: /en/… is English.)
    for (const [locale, path] of [
      ["cs", "/"],
      ["en", "/en/"],
    ] as const) {
      const page = await fetch(`${server.origin}${path}`);
      expect(page.status).toBe(500);
      expect(await page.text()).toBe(
        `${translate(locale, "errors.general")} (${page.headers.get("x-request-id")})`,
      );
    }
    // A write is refused as well (nothing placed: checked below by the history).
    const refused = await bid(101_000);
    expect(refused.status).toBeGreaterThanOrEqual(500);

    await postgres.start();
    await waitUntil("/health/ready to say 200 again", async () => (await status("/health/ready")) === 200);
    expect(await status("/health/live")).toBe(200);

    // A live stream opened now hears of a bid placed now: the LISTEN connection is back.
    const viewer = await watchStream<AuctionEvent>(server, `/api/auctions/${auctionId}/stream`);
    await waitUntil("the stream's first event", () => viewer.events.length > 0);
    const { minimumNextBidMinor } = (
      (await (await call(server, "GET", `/api/auctions/${auctionId}/bids`)).json()) as {
        auction: { minimumNextBidMinor: number };
      }
    ).auction;
    // A bidder new to the auction: the leader bidding again would only raise a private maximum.
    const placed = await bid(minimumNextBidMinor, late);
    expect(placed.status).toBe(201);
    const id = ((await placed.json()) as { bids: { id: number }[] }).bids.at(-1)!.id;
    await waitUntil(
      `bid ${id} on the live stream`,
      () => viewer.events.some((event) => event.data.bids.some((row) => row.id === id)),
      { timeoutMs: 30_000 },
    );
    await viewer.close();
    // The bid refused while PostgreSQL was away left nothing; the one after it is there.
    expect(await historyRows()).toBe(rowsBefore + 1);
  }, 180_000);
});
