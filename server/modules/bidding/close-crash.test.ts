import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import {
  createCleanups,
  createCrashServer,
  prepareCrashStorage,
  stopGracefully,
  waitUntil,
  withDatabase,
  withServices,
} from "#server/test/crash-helpers.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { messages } from "../messages/tables.ts";
import { CLOSE_QUEUE } from "./queues.ts";

/**
 * Many auctions end at once (a round of monthly auctions); the server is killed with SIGKILL while
 * their close jobs run, and started again on the same storage. Every auction must end up closed
 * exactly once: one state transition, one "won" message to its winner, one "sold" message to its
 * seller, one mail queued to the winner. On the embedded engine and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
const cleanups = createCleanups();
afterAll(() => cleanups.run());

const AUCTIONS = 60;
const FINISHED = ["completed", "cancelled", "failed"];

describe("a crash while auctions close", () => {
  it("closes every auction exactly once after the restart", async () => {
    const storage = await prepareCrashStorage(cleanups);

    // Each auction has its own bidder, whose bid wins it; all end a moment after the server starts.
    const setup = await withServices(storage, async ({ database: { db }, services }) => {
      await insertAuctionSettings(db, 0);
      const [seller] = await insertBidders(db, 1);
      const bidders = await insertBidders(db, AUCTIONS);
      const auctions = [];
      for (const bidder of bidders) {
        const auction = await insertAuction(db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
        const bid = await services.bidding.placeBid({
          productId: auction.id,
          bidder: { id: bidder.user.id, emailConfirmed: true, adultConfirmed: true },
          amountMinor: 100_000,
        });
        expect(bid.ok).toBe(true);
        auctions.push({ id: auction.id, winnerId: bidder.user.id, winnerEmail: bidder.user.email });
      }
      // One end for all: their close jobs are all due when the server has started.
      const endsAt = new Date(Date.now() + 1000);
      for (const auction of auctions) expect(await services.bidding.moveEnd(auction.id, endsAt)).toBe(true);
      return { sellerId: seller.user.id, auctions };
    });
    const ids = setup.auctions.map((a) => a.id);

    // The server kills itself right after its fifth close has committed (a fail point, honoured
    // only with NODE_ENV=test and on this first run), while other close jobs are in flight: a
    // crash mid-round however loaded the machine.
    const app = await createCrashServer(storage, cleanups, { LOG_LEVEL: "info" });
    let server = app.run({ NODE_ENV: "test", TEST_CRASH_AFTER_AUCTION_CLOSES: "5" });
    expect((await server.exited).signal).toBe("SIGKILL");
    // Killed mid-way: at least its five closes committed (at most the 3 beside them in flight), the
    // rest still open. Counted in the database: the log's own lines may not reach stdout before a
    // SIGKILL (the logger writes asynchronously).
    const closed = await withDatabase(storage, async ({ db }) =>
      db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.status, "sold"))),
    );
    expect(closed.length).toBeGreaterThanOrEqual(5);
    expect(closed.length).toBeLessThan(AUCTIONS);

    // Restarted: the queued close jobs run; those the crash interrupted are left to the sweep.
    server = await app.start();
    await waitUntil(
      "every auction closed",
      async () => {
        for (const id of ids) {
          const state = await (await fetch(`${app.origin}/api/auctions/${id}/bids`)).json();
          if (state.auction.status === "active") return false;
        }
        return true;
      },
      { timeoutMs: 150_000, intervalMs: 500 },
    );
    await stopGracefully(server);

    // The close jobs the kill interrupted may have committed their close: they run again once
    // their heartbeat has lapsed, and must then change nothing. Let every close job finish (on a
    // `stately` queue pg-boss also waits for its next stats round, up to a minute or two more).
    await withServices(
      storage,
      async ({ jobs }) => {
        await waitUntil(
          "every close job finished",
          async () => (await jobs.list(CLOSE_QUEUE)).every((job) => FINISHED.includes(job.state)),
          { timeoutMs: 300_000, intervalMs: 1000 },
        );
      },
      {},
      { background: true },
    );

    await withDatabase(storage, async ({ db }) => {
      const rows = await db
        .select({ id: products.id, status: products.status, winnerId: products.winnerId })
        .from(products)
        .where(inArray(products.id, ids));
      expect(rows.map((r) => [r.id, r.status, r.winnerId]).sort()).toEqual(
        setup.auctions.map((a) => [a.id, "sold", a.winnerId]).sort(),
      );

      // One transition per auction.
      const changes = await db
        .select({ productId: productStatusChanges.productId, count: sql<number>`count(*)::int` })
        .from(productStatusChanges)
        .where(and(inArray(productStatusChanges.productId, ids), eq(productStatusChanges.toStatus, "sold")))
        .groupBy(productStatusChanges.productId);
      expect(changes).toHaveLength(AUCTIONS);
      expect(changes.every((c) => c.count === 1)).toBe(true);

      // One "won" and one "sold" message per auction.
      for (const event of ["won", "sold"]) {
        const told = await db
          .select({
            productId: sql<number>`(${messages.payload}->>'productId')::int`,
            count: sql<number>`count(*)::int`,
          })
          .from(messages)
          .where(eq(messages.event, event))
          .groupBy(sql`1`);
        expect(told.map((t) => t.productId).sort()).toEqual([...ids].sort());
        expect(told.every((t) => t.count === 1)).toBe(true);
      }

      // One mail queued to each winner (they bid on nothing else).
      const mails = await db.execute<{ to: string; count: number }>(
        sql`select data->>'to' as "to", count(*)::int as count from pgboss.job where name = 'mail.send' group by 1`,
      );
      const mailCount = new Map(
        (mails as unknown as { rows: { to: string; count: number }[] }).rows.map((m) => [m.to, m.count]),
      );
      for (const auction of setup.auctions) expect(mailCount.get(auction.winnerEmail)).toBe(1);
    });
  }, 600_000);
});
