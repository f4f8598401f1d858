/**
 * Bidding benchmark (issues 6 and 18; not part of `npm test`): accepted bids per second and their
 * latency (p50, p95, p99) on one hot auction with 50 concurrent bidders, each bidding the current
 * minimum, through the real server's API (POST /api/auctions/{id}/bids); refused bids are counted
 * and timed separately. Every bid is decided under the auction's row lock, so this measures the one
 * thing that cannot scale out: the serialised decision of one auction. bench/README.md has the
 * latest figures.
 *
 *   node bench/bidding.ts [--mode amount|minimum] [--ceiling-steps 5] [--bidders 50] [--viewers 0] [--seconds 15] [--warmup 3] [--port 3391]
 *     [--parts api,service,reference]   (a subset of the three runs, e.g. to alternate two trees' API runs)
 *     [--instances 2]   (PostgreSQL: two servers on the database, the bidders and viewers taking turns; ADR 0095)
 *   DATABASE_URL=postgres://…/rarita_bench_bids node bench/bidding.ts …   (a fresh, empty database)
 *
 * `--mode amount` (the default): each bid names the amount the bidder last saw as the minimum, so
 * 50 bidders race for one price. `--mode minimum`: each bid is "bid the current minimum" (ADR 0044)
 * with a ceiling `--ceiling-steps` (5) steps above the minimum the bidder last saw: the amount is fixed under the
 * lock, so a bid is refused only when the minimum has run past its ceiling.
 *
 * Each bidder bids exactly the lowest acceptable amount it knows, and learns the new one from every
 * answer it gets (an accepted bid's `minimumNextBidMinor`, a refusal's `minimumMinor`). A bidder
 * whose bid leads does not bid against itself: it waits, as a bidder watching the live page does,
 * until another bidder's bid is accepted, and takes that answer's minimum. With 50 bidders racing
 * for one price only one can win it; the others are refused below the minimum and bid again at once.
 *
 * Then, after the server has stopped, on the same database: the same bidders through the bidding
 * service in this process (`placeBid`, no HTTP and no session lookup) on a second auction, and the
 * reference with the same loops: each locks that auction's row, writes it and commits, nothing
 * else (one statement, `update products … where id = $1`): the floor that the row lock and the
 * commit cost any accepted bid of one auction, with no HTTP, session, rules or history rows.
 *
 * Each run also says where a request's CPU went during the window, on PostgreSQL on this machine
 * (read from Linux's /proc): the server process, the database's backends, and this process (the
 * bidders; in process, the bidding service too). On a machine whose cores these share, the sum
 * bounds the rate.
 *
 * The embedded engine runs on a new temporary data directory, removed afterwards. The server runs
 * with a stand-in web build (only /api is requested), its log silenced. Only localhost is contacted.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { bidStepFor } from "#core/rules/bid-step.ts";
import type { MailTransport } from "#server/adapters/mail.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { BID_STEPS } from "#server/db/seed/settings-data.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { createStubBuild, startServerProcess } from "#server/test/server-process.ts";
import { type CpuProbe, type CpuUse, cpuProbe } from "./cpu-probe.ts";

const { values } = parseArgs({
  options: {
    bidders: { type: "string", default: "50" },
    viewers: { type: "string", default: "0" },
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3391" },
    mode: { type: "string", default: "amount" },
    "ceiling-steps": { type: "string", default: "5" },
    parts: { type: "string", default: "api,service,reference" },
    /** Servers on the database (INSTANCES, ADR 0095), on ports --port, --port + 1…: the bidders and viewers take turns. */
    instances: { type: "string", default: "1" },
    /** Writes each run's figures to this file too (bench/run.ts reads it). */
    json: { type: "string" },
  },
});
/** Which runs: `api`, `service` (in process), `reference` (comma-separated; all three by default). */
const parts = new Set(values.parts.split(","));
if (values.mode !== "amount" && values.mode !== "minimum") throw new Error("--mode is amount or minimum");
const mode: "amount" | "minimum" = values.mode;
/** "Bid the minimum": the ceiling is this many steps above the minimum the bidder last saw. */
const CEILING_STEPS = Number(values["ceiling-steps"]);
const ceilingAbove = (knownMinor: number) => {
  let ceiling = knownMinor;
  for (let step = 0; step < CEILING_STEPS; step++) ceiling += bidStepFor(ceiling, BID_STEPS);
  return ceiling;
};
/** What a bidder who last saw `knownMinor` as the minimum sends, in the mode of the run. */
const bidOf = (knownMinor: number) =>
  mode === "minimum"
    ? { minimum: true as const, notAboveMinor: ceilingAbove(knownMinor) }
    : { amountMinor: knownMinor };
const bidderCount = Number(values.bidders);
const viewerCount = Number(values.viewers);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const port = Number(values.port);
const instanceCount = Number(values.instances);
if (instanceCount > 1 && !process.env.DATABASE_URL)
  throw new Error("--instances needs DATABASE_URL (PostgreSQL)");
const databaseUrl = process.env.DATABASE_URL ?? "";
const engine = databaseUrl ? "PostgreSQL" : "PGlite";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-bench-bids-"));
const build = createStubBuild();
const cleanUp = () => {
  build.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];
const open = () =>
  databaseUrl
    ? openDatabase({ engine: "postgres", url: databaseUrl, poolSize: 10 })
    : openDatabase({ engine: "pglite", dataDir });

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};
const row = (name: string, list: number[], elapsed: number) =>
  `| ${name.padEnd(36)} | ${(list.length / elapsed).toFixed(1).padStart(7)} | ${pct(list, 50).toFixed(1).padStart(6)} | ${pct(list, 95).toFixed(1).padStart(6)} | ${pct(list, 99).toFixed(1).padStart(6)} |`;
const header = () => {
  console.log(`| ${"".padEnd(36)} |   per s | p50 ms | p95 ms | p99 ms |`);
  console.log(`| ${"-".repeat(36)} | ------: | -----: | -----: | -----: |`);
};

/**
 * Runs `loops` loops of `once` until the measured window (after the warm-up) is over; `once` learns
 * whether its call counts. Returns the window's length, each counted call's latency and, with a
 * probe, the CPU used in the window.
 */
async function measure(
  loops: number,
  once: (index: number, counted: () => boolean) => Promise<void>,
  onStop?: () => void,
  probe?: CpuProbe | null,
) {
  let measuring = false;
  let stop = false;
  const latencies: number[] = [];
  const counted = () => measuring;
  const run = async (index: number) => {
    while (!stop) {
      const started = performance.now();
      const inWindow = measuring;
      await once(index, counted);
      if (inWindow && measuring) latencies.push(performance.now() - started);
    }
  };
  let cpu: CpuUse | null = null;
  const timer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
    const before = await probe?.snapshot();
    measuring = true;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    measuring = false;
    const elapsed = (performance.now() - started) / 1000;
    if (probe && before) cpu = probe.between(before, await probe.snapshot());
    stop = true;
    onStop?.();
    return elapsed;
  })();
  const [elapsed] = await Promise.all([timer, ...Array.from({ length: loops }, (_, i) => run(i))]);
  return { elapsed, latencies, cpu: cpu as CpuUse | null };
}

/**
 * A JSON POST on a kept-alive connection, by node:http: the bidders share this machine's cores with
 * the server and the database, and fetch() cost them about twice the CPU per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: bidderCount });
/** What the bidders read of an answer: an accepted bid's state, or a refusal's reason and minimum. */
type BidAnswerBody = {
  auction?: { minimumNextBidMinor: number | null; bidCount?: number };
  you?: { leading: boolean };
  minimumMinor?: number;
  error?: string;
};
function post(url: string, token: string, payload: object) {
  const body = JSON.stringify(payload);
  return new Promise<{ status: number; body: BidAnswerBody }>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        authorization: `Bearer ${token}`,
      },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
      response.on("error", reject);
    });
    request.end(body);
  });
}

/** One bid's answer, as a bidder reads it. */
type Answer = { accepted: boolean; minimumMinor: number | null; leading: boolean; reason: string };

/**
 * 50 bidders each bidding the lowest acceptable amount they know: every answer tells the new
 * minimum; a bidder whose bid leads waits until someone else's bid is accepted (what the live page
 * would show it) and takes that answer's minimum. Returns the window, the accepted and refused
 * bids' latencies and the refusals by reason.
 */
async function bidAtTheMinimum(
  bid: (index: number, amountMinor: number) => Promise<Answer>,
  probe?: CpuProbe | null,
) {
  const known = Array.from({ length: bidderCount }, () => startPriceMinor);
  const leading = known.map(() => false);
  const defer = () => {
    let resolve!: (minimum: number) => void;
    const promise = new Promise<number>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  let outbid = defer();
  const accepted: number[] = [];
  const refused: number[] = [];
  const refusals = new Map<string, number>();
  const { elapsed, cpu } = await measure(
    bidderCount,
    async (index, counted) => {
      if (leading[index]) {
        known[index] = Math.max(known[index], await outbid.promise);
        leading[index] = false;
      }
      const started = performance.now();
      const answer = await bid(index, known[index]);
      const latency = performance.now() - started;
      if (answer.minimumMinor !== null) known[index] = Math.max(known[index], answer.minimumMinor);
      if (answer.accepted) {
        leading[index] = answer.leading;
        // Whoever led before has now been outbid: tell them the new minimum.
        const waiting = outbid;
        outbid = defer();
        waiting.resolve(answer.minimumMinor ?? 0);
        if (counted()) accepted.push(latency);
      } else if (counted()) {
        refused.push(latency);
        refusals.set(answer.reason, (refusals.get(answer.reason) ?? 0) + 1);
      }
    },
    () => outbid.resolve(0),
    probe,
  );
  return { elapsed, accepted, refused, refusals, cpu };
}

/** Each run's figures, for --json: decisions (accepted and refused bids) per second and their latency. */
const summaries: Record<string, unknown>[] = [];

function report(title: string, result: Awaited<ReturnType<typeof bidAtTheMinimum>>) {
  const decisions = [...result.accepted, ...result.refused];
  summaries.push({
    title,
    seconds: result.elapsed,
    accepted: result.accepted.length,
    refused: result.refused.length,
    decisionsPerSecond: decisions.length / result.elapsed,
    acceptedPerSecond: result.accepted.length / result.elapsed,
    p50: pct(decisions, 50),
    p95: pct(decisions, 95),
    p99: pct(decisions, 99),
  });
  console.log(`\n${title}`);
  header();
  console.log(row("accepted bids", result.accepted, result.elapsed));
  console.log(row("refused bids", result.refused, result.elapsed));
  console.log(row("all bid requests (decisions)", [...result.accepted, ...result.refused], result.elapsed));
  console.log(
    `refusals: ${[...result.refusals].map(([reason, count]) => `${reason}×${count}`).join(", ") || "none"}`,
  );
  const requests = result.accepted.length + result.refused.length;
  if (!result.cpu || requests === 0) return;
  const ms = (cpuSeconds: number) => ((cpuSeconds * 1000) / requests).toFixed(2);
  const { server, postgres, here } = result.cpu;
  console.log(
    `CPU per bid request (ms): ${server > 0 ? `server ${ms(server)}, ` : ""}PostgreSQL ${ms(postgres)}, this process ${ms(here)}; all ${ms(server + postgres + here)}`,
  );
}

// The auction (a day to go: no soft close in play), its seller and the bidders with sessions.
const setup = await open();
await insertAuctionSettings(setup.db);
const [seller] = await insertBidders(setup.db, 1);
const bidders = await insertBidders(setup.db, bidderCount);
const startPriceMinor = 100_000;
const auction = await insertAuction(setup.db, { sellerId: seller.user.id, startPriceMinor });
await setup.close();

const loadBefore = loadavg();
const servers = !parts.has("api")
  ? []
  : Array.from({ length: instanceCount }, (_, instance) =>
      startServerProcess({
        BUILD_DIR: build.name,
        DATA_DIR: path.join(dataDir, `instance-${instance}`),
        DATABASE_URL: databaseUrl,
        PORT: String(port + instance),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        INSTANCES: String(instanceCount),
        // What every instance must share (server/config-instances.ts); a lone server draws its own.
        ...(instanceCount > 1
          ? {
              ALTCHA_HMAC_KEY: "bench-bidding-altcha-key-0123456789abcdef",
              FINGERPRINT_HMAC_KEY: "bench-bidding-fingerprint-key-0123456789",
              AGE_CHECK_SALT: "bench-bidding-age-check-salt-0123456789",
            }
          : {}),
        // The viewers come from 200 addresses, as a proxy in front would say (X-Forwarded-For): from
        // one address the server opens 20 live streams at most (server/lib/stream-slots.ts).
        TRUSTED_PROXIES: "loopback",
        // e.g. SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's time goes.
        ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
      }),
    );
if (servers.length > 0)
  try {
    for (const server of servers) await server.waitForOutput("Rarita is running");
    /** The auction's API on the instance that bidder or viewer `index` talks to (round robin). */
    const apiOf = (index: number) =>
      `http://127.0.0.1:${port + (index % instanceCount)}/api/auctions/${auction.id}`;
    const api = apiOf(0);

    // Viewers: live streams counting the events they receive, and when each showed which bid count.
    let events = 0;
    const viewers = Array.from({ length: viewerCount }, () => new AbortController());
    const seen = viewers.map((): [number, number][] => []);
    for (const [index, controller] of viewers.entries()) {
      const address = `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      void fetch(`${apiOf(index)}/stream`, {
        signal: controller.signal,
        headers: { "x-forwarded-for": address },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`a viewer's stream: ${response.status}`);
          const reader = response.body!.getReader();
          const decoder = new TextDecoder();
          let buffered = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            const at = performance.now();
            buffered += decoder.decode(value, { stream: true });
            const messages = buffered.split("\n\n");
            buffered = messages.pop() ?? "";
            for (const message of messages) {
              if (!message.includes("event: auction")) continue;
              events += 1;
              const data = message.split("\n").find((line) => line.startsWith("data: "));
              const bidCount = data ? JSON.parse(data.slice(6)).live?.bidCount : undefined;
              if (typeof bidCount === "number") seen[index].push([at, bidCount]);
            }
          }
        })
        .catch((error) => {
          if (!controller.signal.aborted) console.error(String(error));
        });
    }
    /** When each accepted bid's answer came back, by the auction's bid count after it. */
    const acceptedAt = new Map<number, number>();

    const probe = await cpuProbe(
      databaseUrl,
      servers.map((server) => server.child.pid ?? 0),
    );
    const result = await bidAtTheMinimum(async (index, amountMinor) => {
      const bid = bidOf(amountMinor);
      const payload = "minimum" in bid ? bid : { amount: bid.amountMinor };
      const { status, body } = await post(`${apiOf(index)}/bids`, bidders[index].token, payload);
      const accepted = status === 201;
      if (accepted && typeof body.auction?.bidCount === "number")
        acceptedAt.set(body.auction.bidCount, performance.now());
      return {
        accepted,
        minimumMinor: (accepted ? body.auction?.minimumNextBidMinor : body.minimumMinor) ?? null,
        leading: body.you?.leading ?? false,
        reason: body.error ?? "",
      };
    }, probe);
    await probe?.close();
    // A last second for the streams to deliver the last bids, then the delay of each accepted bid
    // to each viewer: from its answer to the first event showing its count (or a later one).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stoppedAt = performance.now();
    for (const controller of viewers) controller.abort();
    const delays: number[] = [];
    let missed = 0;
    for (const [count, at] of acceptedAt) {
      if (at > stoppedAt - 1_000) continue;
      for (const events of seen) {
        const shown = events.find(([, bidCount]) => bidCount >= count);
        if (shown) delays.push(Math.max(0, shown[0] - at));
        else missed += 1;
      }
    }
    const live =
      viewerCount > 0
        ? {
            bids: delays.length + missed > 0 ? (delays.length + missed) / viewerCount : 0,
            withinOneSecond:
              delays.filter((delay) => delay <= 1_000).length / Math.max(1, delays.length + missed),
            p50: pct(delays, 50),
            p95: pct(delays, 95),
            max: delays.reduce((largest, delay) => Math.max(largest, delay), 0),
            missed,
          }
        : null;
    report(
      `${engine}, through the API of ${instanceCount} instance${instanceCount > 1 ? "s" : ""}, mode ${mode}${mode === "minimum" ? ` (ceiling +${CEILING_STEPS} steps)` : ""}: ${bidderCount} bidders each bidding the current minimum, ${viewerCount} live viewers, ${seconds} s after ${warmup} s warm-up (1-min load ${loadBefore} before, ${loadavg()} after)`,
      result,
    );
    console.log(`live events received: ${events}`);
    if (live)
      console.log(
        `each accepted bid to each of the ${viewerCount} viewers (${live.bids} bids): ${(100 * live.withinOneSecond).toFixed(1)} % within 1 s, p50 ${live.p50.toFixed(0)} ms, p95 ${live.p95.toFixed(0)} ms, max ${live.max.toFixed(0)} ms, ${live.missed} never shown`,
      );
    Object.assign(summaries[summaries.length - 1], {
      part: "api",
      viewers: viewerCount,
      liveEvents: events,
      live,
    });

    const history = await (await fetch(`${api}/bids`)).json();
    const consistent = history.auction.bidCount === history.bids.length;
    console.log(
      `auction: ${history.auction.bidCount} bids in the history, price ${history.auction.priceMinor / 100} Kč; count ${consistent ? "consistent" : "INCONSISTENT"}`,
    );
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
    for (const server of servers) await server.exited;
  }

// The bidding service in this process (no HTTP, no sessions), on a second auction, then the
// reference: the same loops lock that auction's row, write it and commit, nothing else.
try {
  const database = await open();
  const logger = createLogger("silent");
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const mailTransport: MailTransport = { kind: "outbox", deliver: async () => {} };
  const jobs = createJobRunner({ database, logger, background: false });
  const services = createServices({ database, config, logger, jobs, mailTransport });
  await jobs.start();
  const second = await insertAuction(database.db, { sellerId: seller.user.id, startPriceMinor });
  if (parts.has("service")) await inProcess(services, second.id);
  if (parts.has("reference")) await reference(database, second.id);
  if (values.json)
    fs.writeFileSync(
      values.json,
      JSON.stringify({ engine, mode, bidders: bidderCount, runs: summaries }, null, 2),
    );
  await jobs.stop();
  await database.close();
} finally {
  cleanUp();
}

async function inProcess(services: ReturnType<typeof createServices>, productId: number) {
  const loadServiceBefore = loadavg();
  const probe = await cpuProbe(databaseUrl);
  const direct = await bidAtTheMinimum(async (index, amountMinor) => {
    const { user } = bidders[index];
    const answer = await services.bidding.placeBid({
      productId,
      // As the API passes the session's user: the answer then reads no name for the bidder's own row.
      bidder: { id: user.id, emailConfirmed: true, adultConfirmed: true, username: user.username },
      ...bidOf(amountMinor),
    });
    return answer.ok
      ? {
          accepted: true,
          minimumMinor: answer.live.minimumNextBidMinor,
          leading: answer.viewer.leading,
          reason: "",
        }
      : { accepted: false, minimumMinor: answer.minimumMinor ?? null, leading: false, reason: answer.reason };
  }, probe);
  await probe?.close();
  report(
    `${engine}, the bidding service in process (no HTTP), mode ${mode}: the same bidders on a second auction (1-min load ${loadServiceBefore} before, ${loadavg()} after)`,
    direct,
  );
}

async function reference(database: Awaited<ReturnType<typeof open>>, productId: number) {
  const loadRefBefore = loadavg();
  const reference = await measure(bidderCount, async () => {
    await database.db.execute(
      sql`update products set updated_at = clock_timestamp() where id = ${productId}`,
    );
  });
  console.log(
    `\nreference, ${engine}: ${bidderCount} loops, lock the auction's row, write it, commit (1-min load ${loadRefBefore} before, ${loadavg()} after)`,
  );
  header();
  console.log(row("row lock + write + commit", reference.latencies, reference.elapsed));
  summaries.push({
    part: "reference",
    title: "row lock + write + commit",
    seconds: reference.elapsed,
    perSecond: reference.latencies.length / reference.elapsed,
    p95: pct(reference.latencies, 95),
  });
}
