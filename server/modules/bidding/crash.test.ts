import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { createLogger } from "../../logger.ts";
import { createServices } from "../../services.ts";
import {
  createStubBuild,
  freePort,
  killServerProcess,
  type ServerProcess,
  startServerProcess,
} from "../../test/server-process.ts";
import { bids, productStatusChanges } from "../catalog/tables.ts";
import { messages } from "../messages/tables.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "./test-fixtures.ts";

/**
 * The real server under bidding load, killed with SIGKILL: every bid it acknowledged (201) must be
 * there after the restart, and the auction must still close exactly once. On the embedded engine
 * (a temporary DATA_DIR) and, with TEST_DATABASE_URL, on a fresh PostgreSQL database.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Where the server keeps its data: a DATA_DIR, plus a fresh database on PostgreSQL. */
async function prepareStorage() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-crash-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (!serverUrl) return { dataDir, databaseUrl: "" };
  const name = `rarita_crash_${randomBytes(5).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

/** The same database in this process (the server must not run on the embedded engine meanwhile). */
async function withDatabase<T>(
  storage: { dataDir: string; databaseUrl: string },
  work: (database: Database) => Promise<T>,
) {
  const database = storage.databaseUrl
    ? await openDatabase({ engine: "postgres", url: storage.databaseUrl, poolSize: 2 })
    : await openDatabase({ engine: "pglite", dataDir: storage.dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe("a crash under bidding load", () => {
  it("keeps every acknowledged bid and still closes the auction exactly once", async () => {
    const storage = await prepareStorage();
    const build = createStubBuild();
    cleanups.push(build.remove);

    // The auction, its seller and 30 bidders with sessions. No soft close here: the test moves
    // the end itself, and bids near it must not push it away.
    const setup = await withDatabase(storage, async ({ db }) => {
      await insertAuctionSettings(db, 0);
      const [seller] = await insertBidders(db, 1);
      const bidders = await insertBidders(db, 30);
      const auction = await insertAuction(db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
      return { auctionId: auction.id, sellerId: seller.user.id, tokens: bidders.map((b) => b.token) };
    });

    const port = await freePort();
    const env = {
      BUILD_DIR: build.name,
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const start = async () => {
      const server = startServerProcess(env);
      cleanups.push(() => killServerProcess(server));
      await server.waitForOutput("Rarita is running");
      return server;
    };
    const api = `http://127.0.0.1:${port}/api/auctions/${setup.auctionId}`;

    // Bidders bid as fast as they can; the server is killed while requests are in flight.
    let server: ServerProcess = await start();
    const acknowledged: number[] = [];
    let known = 100_000;
    let stop = false;
    const bidding = Promise.all(
      setup.tokens.map(async (token, index) => {
        while (!stop) {
          const amount = known + 5_000 * (index % 3);
          try {
            const response = await fetch(`${api}/bids`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
              body: JSON.stringify({ amount }),
            });
            const body = await response.json();
            if (response.status === 201) {
              acknowledged.push(body.bids[0].id);
              known = Math.max(known, body.auction.minimumNextBidMinor);
            } else if (body.minimumMinor) known = Math.max(known, body.minimumMinor);
          } catch {
            // The server is gone: whatever was not answered was never promised.
            return;
          }
        }
      }),
    );
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    server.child.kill("SIGKILL");
    await server.exited;
    stop = true;
    await bidding;
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // Restarted: every acknowledged bid is in the history, and the history adds up.
    server = await start();
    const history = await (await fetch(`${api}/bids`)).json();
    const stored = new Set(history.bids.map((bid: { id: number }) => bid.id));
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    expect(history.auction.bidCount).toBe(history.bids.length);
    const amounts = history.bids.map((bid: { amountMinor: number }) => bid.amountMinor).reverse();
    // Never down (a tie of equal maxima shows the same amount twice: the earlier one leads).
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeGreaterThanOrEqual(amounts[i - 1]);
    expect(history.auction.priceMinor).toBe(amounts[amounts.length - 1]);
    server.child.kill("SIGTERM");
    await server.exited;

    // The end comes a few seconds after the next start; its close job is queued meanwhile.
    await withDatabase(storage, async (database) => {
      const config = loadConfig({ NODE_ENV: "test", DATA_DIR: storage.dataDir, LOG_LEVEL: "silent" });
      const logger = createLogger("silent");
      const jobs = createJobRunner({ database, logger, background: false });
      const services = createServices({ database, config, logger, jobs });
      await jobs.start();
      expect(await services.bidding.moveEnd(setup.auctionId, new Date(Date.now() + 4000))).toBe(true);
      await jobs.stop();
    });
    server = await start();
    let decided: { auction: { status: string } } | null = null;
    const closeDeadline = Date.now() + 60_000;
    while (Date.now() < closeDeadline) {
      decided = await (await fetch(`${api}/bids`)).json();
      if (decided?.auction.status !== "active") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(decided?.auction.status).toBe("sold");
    // Killed right after the decision, and started again: nothing is decided twice.
    server.child.kill("SIGKILL");
    await server.exited;
    server = await start();
    server.child.kill("SIGTERM");
    await server.exited;

    await withDatabase(storage, async ({ db }) => {
      const changes = await db
        .select()
        .from(productStatusChanges)
        .where(eq(productStatusChanges.productId, setup.auctionId));
      expect(changes.map((c) => c.toStatus)).toEqual(["sold"]);
      const won = await db.select().from(messages).where(eq(messages.event, "won"));
      const sold = await db.select().from(messages).where(eq(messages.event, "sold"));
      expect([won.length, sold.length]).toEqual([1, 1]);
      const top = await db
        .select({ id: bids.id })
        .from(bids)
        .where(and(eq(bids.productId, setup.auctionId), eq(bids.kind, "manual")));
      expect(top.length).toBeGreaterThanOrEqual(acknowledged.length);
    });
  }, 240_000);
});
