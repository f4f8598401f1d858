/**
 * Bidding benchmark (issue 6; not part of `npm test`): bids per second and bid latency (p50, p95,
 * p99) on one hot auction with 50 concurrent bidders, through the real server's API
 * (POST /api/auctions/{id}/bids), while viewers follow the auction's live stream. Every bid takes
 * the auction's row lock, so this measures the one thing that cannot scale out: the serialised
 * decision of one auction. bench/README.md has the latest figures.
 *
 *   node bench/bidding.ts [--bidders 50] [--viewers 20] [--seconds 15] [--warmup 3] [--port 3391]
 *   DATABASE_URL=postgres://…/rarita_bench_bids node bench/bidding.ts …   (a fresh, empty database)
 *
 * The embedded engine runs on a new temporary data directory, removed afterwards. The server runs
 * with a stand-in web build (only /api is requested), its log silenced. Each bidder loops: it bids
 * what it believes the minimum is or up to nine steps more (a third of them with a maximum), and a
 * refusal below the minimum tells it the real one; both answers count as requests, the accepted
 * ones as bids. Only localhost is contacted.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/client.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { createStubBuild, startServerProcess } from "#server/test/server-process.ts";

const { values } = parseArgs({
  options: {
    bidders: { type: "string", default: "50" },
    viewers: { type: "string", default: "20" },
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3391" },
  },
});
const bidderCount = Number(values.bidders);
const viewerCount = Number(values.viewers);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL ?? "";
const engine = databaseUrl ? "PostgreSQL" : "PGlite";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-bids-"));
const build = createStubBuild();
const cleanUp = () => {
  build.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

// The auction (a day to go: no soft close in play), its seller and the bidders with sessions.
const database = databaseUrl
  ? await openDatabase({ engine: "postgres", url: databaseUrl, poolSize: 2 })
  : await openDatabase({ engine: "pglite", dataDir });
await insertAuctionSettings(database.db);
const [seller] = await insertBidders(database.db, 1);
const bidders = await insertBidders(database.db, bidderCount);
const auction = await insertAuction(database.db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
await database.close();

const server = startServerProcess({
  BUILD_DIR: build.name,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
try {
  await server.waitForOutput("Rarita is running");
  const api = `http://127.0.0.1:${port}/api/auctions/${auction.id}`;

  // Viewers: live streams counting the events they receive.
  let events = 0;
  const viewers = Array.from({ length: viewerCount }, () => new AbortController());
  for (const controller of viewers) {
    void fetch(`${api}/stream`, { signal: controller.signal })
      .then(async (response) => {
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          events += decoder.decode(value).split("event: auction").length - 1;
        }
      })
      .catch(() => {});
  }

  let known = 100_000;
  let measuring = false;
  let stop = false;
  const latencies: number[] = [];
  const acceptedLatencies: number[] = [];
  const outcomes = new Map<number, number>();
  const step = 5_000;
  await Promise.all([
    ...bidders.map(async ({ token }, index) => {
      let round = 0;
      while (!stop) {
        round += 1;
        // Spread over ten steps, as eager bidders do: several of the bids racing for one price can
        // then win in turn instead of all but one being refused.
        const amount = known + step * ((index * 7 + round * 3) % 10);
        const max = index % 3 === 0 ? amount + step * (1 + ((index + round) % 5)) : undefined;
        const started = performance.now();
        const response = await fetch(`${api}/bids`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(max ? { amount, max } : { amount }),
        });
        const body = await response.json();
        const elapsed = performance.now() - started;
        if (response.status === 201) known = Math.max(known, body.auction.minimumNextBidMinor);
        else if (body.minimumMinor) known = Math.max(known, body.minimumMinor);
        if (!measuring) continue;
        latencies.push(elapsed);
        if (response.status === 201) acceptedLatencies.push(elapsed);
        outcomes.set(response.status, (outcomes.get(response.status) ?? 0) + 1);
      }
    }),
    (async () => {
      await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
      const eventsBefore = events;
      measuring = true;
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      measuring = false;
      stop = true;
      const elapsed = (performance.now() - started) / 1000;
      const pct = (list: number[], p: number) => {
        const sorted = [...list].sort((a, b) => a - b);
        return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
      };
      const row = (name: string, list: number[]) =>
        `| ${name.padEnd(22)} | ${(list.length / elapsed).toFixed(1).padStart(6)} | ${pct(list, 50).toFixed(0).padStart(6)} | ${pct(list, 95).toFixed(0).padStart(6)} | ${pct(list, 99).toFixed(0).padStart(6)} |`;
      const load = os.loadavg()[0].toFixed(1);
      console.log(
        `\n${engine}: ${bidderCount} bidders, ${viewerCount} live viewers, ${seconds} s after ${warmup} s warm-up (load ${load})`,
      );
      console.log("| requests               |  per s | p50 ms | p95 ms | p99 ms |");
      console.log("| ---------------------- | -----: | -----: | -----: | -----: |");
      console.log(row("all bid requests", latencies));
      console.log(row("accepted bids (201)", acceptedLatencies));
      console.log(
        `answers: ${[...outcomes].map(([status, count]) => `${status}×${count}`).join(", ")}; live events received: ${events - eventsBefore} (${((events - eventsBefore) / elapsed / Math.max(1, viewerCount)).toFixed(1)}/s per viewer)`,
      );
    })(),
  ]);
  for (const controller of viewers) controller.abort();

  const history = await (await fetch(`${api}/bids`)).json();
  const consistent = history.auction.bidCount === history.bids.length;
  console.log(
    `auction: ${history.auction.bidCount} bids in the history, price ${history.auction.priceMinor / 100} Kč; count ${consistent ? "consistent" : "INCONSISTENT"}`,
  );
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  cleanUp();
}
