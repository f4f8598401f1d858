/**
 * Paying a deal and the provider's webhook at 20 concurrent deals (issue 40, item 6; not part of
 * `npm test`): the production server (this checkout's `build/`, one process, the page cache off)
 * with the payment provider's simulator on PostgreSQL, and the latency of each request as the
 * buyer's browser and the provider see it, with the server's and PostgreSQL's CPU per request and
 * a bare node:http server (bench/bare-server.ts) answering the same bytes at the same concurrency
 * beside it.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_bench_100000 node bench/deal-payments.ts \
 *     [--deals 20] [--rounds 5] [--port 3780] [--json file]
 *     [--profile pay|webhook] [--profile-out /tmp/rarita-deal-payments.cpuprofile]
 *
 * --profile: a CPU profile of the server (bench/profile-window.ts) while the measured payments or
 * webhooks run, for Chrome DevTools or speedscope; PROFILE_WINDOW_INTERVAL_US=100 samples finer.
 *
 * The database needs the demo data (page-cost.ts seeds it with `seed:large`); each run uses
 * deals × (rounds + 1) active fixed-price classifieds that have no deal yet, of any seller (tens of
 * thousands at 100 000 products), opted in to payment through the site in SQL as
 * page-cost-deals.ts does.
 *
 * - **Paying**: a buyer of its own for each deal (a confirmed adult with a session, in SQL as
 *   bench/bidding.ts makes its bidders: one buyer may have five unpaid purchases) makes it through
 *   the site ("Koupit": the buy step read and its form posted), then, `--deals` at once, the
 *   buyers click "Pokračovat k platbě": the
 *   deal page's form posted (`intent=pay`, card), which locks the deal, records the charge and
 *   opens the provider's checkout session (an HTTP call to the simulator with its idempotency key),
 *   answered by a redirect to the provider's page. One round of fresh deals warms up first.
 * - **The webhook**: for each of those deals the provider's `checkout.session.completed` event,
 *   with the session as the simulator holds it and a new event id, signed as the simulator signs
 *   (`Stripe-Signature`, its own signWebhook with STRIPE_WEBHOOK_SECRET set for the run), POSTed
 *   `--deals` at once to `/api/deals/webhooks/stripe`: verified, stored once and queued for its
 *   job in one transaction. The sessions are not paid, so each job finds its charge still open
 *   and changes nothing: the answer's path is the same as for a paid one. Each event is then sent
 *   again (the provider's retry): answered without a second row, checked in the database.
 *
 * The provider's simulator runs in this process (in memory, without a webhook address: the bench
 * sends the webhooks) and the server talks to it as to the real provider (STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: the real adapter on the `stripe` SDK), as a site in
 * production talks to Stripe: the server's CPU is the site's alone. With the simulator in the
 * serving process (MARKETPLACE_SIMULATOR=true, the demo's way) a quarter of a payment's CPU was
 * the simulator writing its state file.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startMarketplaceSimulator } from "#server/adapters/marketplace/simulator/server.ts";
import { signWebhook } from "#server/adapters/marketplace/simulator/webhooks.ts";
import { openDatabase } from "#server/db/client.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { cpuProbe } from "./cpu-probe.ts";
import { type Recorded, startBare } from "./http-load.ts";
import { buy, SESSION_COOKIE, sellersClassifieds, switchDealsOn } from "./page-cost-deals.ts";
import { BROWSER } from "./page-cost-tools.ts";
import { startProductionServer, stopProcess } from "./production-server.ts";
import { profileWindowEnv, startProfile, stopProfile } from "./profile-window-control.ts";

const { values } = parseArgs({
  options: {
    deals: { type: "string", default: "20" },
    rounds: { type: "string", default: "5" },
    port: { type: "string", default: "3780" },
    json: { type: "string" },
    /** A CPU profile of the server during one phase (pay or webhook), for Chrome DevTools or speedscope. */
    profile: { type: "string" },
    "profile-out": { type: "string", default: "/tmp/rarita-deal-payments.cpuprofile" },
  },
});
if (values.profile && !["pay", "webhook"].includes(values.profile))
  throw new Error("--profile is pay or webhook");
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL must name a PostgreSQL database with the demo data");
const concurrent = Number(values.deals);
const rounds = Number(values.rounds);
const port = Number(values.port);
const simulatorPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const apiKey = `sk_test_bench_${randomBytes(12).toString("hex")}`;
const webhookSecret = `whsec_bench_${randomBytes(12).toString("hex")}`;

type Timed = { ms: number; status: number; location: string | null };

const loadavg = () => os.loadavg()[0].toFixed(2);

function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : Number.NaN;
}

function summary(times: Timed[]) {
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Runs `requests` in waves of `concurrent` at once; each one's time from its start to its answer read. */
async function inWaves(requests: (() => Promise<Response>)[]): Promise<Timed[]> {
  const times: Timed[] = [];
  for (let i = 0; i < requests.length; i += concurrent)
    times.push(
      ...(await Promise.all(
        requests.slice(i, i + concurrent).map(async (send) => {
          const started = performance.now();
          const response = await send();
          await response.arrayBuffer();
          return {
            ms: performance.now() - started,
            status: response.status,
            location: response.headers.get("location"),
          };
        }),
      )),
    );
  return times;
}

/** The deal page's "Pokračovat k platbě" (card), as the browser posts it. */
function payRequest(target: string, cookie: string, dealId: number) {
  return () =>
    fetch(`${target}/ucet/obchody/${dealId}`, {
      method: "POST",
      headers: {
        cookie,
        origin: target,
        "user-agent": BROWSER,
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ method: "card", intent: "pay" }),
      redirect: "manual",
    });
}

/** The provider's event for a checkout session as the simulator sends it, a new event id each call. */
async function completedEvent(sessionId: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${simulatorPort}/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  if (!response.ok) throw new Error(`the simulator's session ${sessionId}: ${response.status}`);
  const session = await response.json();
  return JSON.stringify(
    {
      id: `evt_bench_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "checkout.session.completed",
    },
    null,
    2,
  );
}

function webhookRequest(target: string, body: string) {
  return () =>
    fetch(`${target}/api/deals/webhooks/stripe`, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": signWebhook(webhookSecret, body),
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) rarita-bench",
      },
      body,
    });
}

/** The answer as it went over the wire, for bench/bare-server.ts to repeat (startBare). */
async function recorded(send: () => Promise<Response>): Promise<Recorded> {
  const response = await send();
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name))
      headers.push([name, value]);
  });
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()),
    headerBytes: 0,
  };
}

/** Starts or stops the server's profiler around `phase` when --profile names it. */
async function profiling(phase: string, step: "start" | "stop") {
  if (values.profile !== phase) return;
  if (step === "start") return startProfile(server);
  if (await stopProfile(server, values["profile-out"]))
    console.log(`profile of ${phase}: ${values["profile-out"]}`);
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-deal-payments-"));
const loadBefore = loadavg();
const simulator = await startMarketplaceSimulator({ port: simulatorPort, apiKey, webhookSecret });
const server = await startProductionServer(port, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  WORKERS: "1",
  PAGE_CACHE: "off",
  STRIPE_SECRET_KEY: apiKey,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: simulator.url,
  // bench/profile-window.ts: SIGUSR2 starts the profiler, the next one writes the profile.
  ...(values.profile ? profileWindowEnv(values["profile-out"]) : {}),
}).catch(async (error) => {
  await simulator.stop();
  throw error;
});
try {
  await switchDealsOn(base);
  const products = await sellersClassifieds(client, concurrent * (rounds + 1), {
    fresh: true,
    anySeller: true,
  });
  const database = await openDatabase({ engine: "postgres", url: databaseUrl, poolSize: 2 });
  const buyers = await insertBidders(database.db, products.length, {}, { seller: null });
  await database.close();
  const cookies = new Map<number, string>();
  const deals: number[] = [];
  for (const [index, productId] of products.entries()) {
    const cookie = `${SESSION_COOKIE}=${buyers[index].token}`;
    const dealId = await buy(base, cookie, productId);
    cookies.set(dealId, cookie);
    deals.push(dealId);
  }
  const [warmup, measured] = [deals.slice(0, concurrent), deals.slice(concurrent)];
  const payOf = (target: string, dealId: number) => payRequest(target, cookies.get(dealId)!, dealId);
  const check = (what: string, times: Timed[], status: number) => {
    const wrong = times.filter((t) => t.status !== status);
    if (wrong.length) throw new Error(`${what}: ${wrong.length} answers not ${status} (${wrong[0].status})`);
  };
  check("warm-up payments", await inWaves(warmup.map((id) => payOf(base, id))), 302);

  const probe = await cpuProbe(databaseUrl, server.pid);
  const before = await probe?.snapshot();
  await profiling("pay", "start");
  const pay = await inWaves(measured.map((id) => payOf(base, id)));
  await profiling("pay", "stop");
  const afterPay = await probe?.snapshot();
  check("payments", pay, 302);
  // To the provider's page, not the age check's or anywhere else.
  const elsewhere = pay.find((t) => !t.location?.startsWith(`http://127.0.0.1:${simulatorPort}/`));
  if (elsewhere) throw new Error(`a payment was sent to ${elsewhere.location}, not the provider's page`);

  const { rows } = await client.query<{ deal_id: number; charge_id: string }>(
    "select deal_id, charge_id from deal_charges where deal_id = any($1::int[]) and charge_id is not null",
    [measured],
  );
  if (rows.length !== measured.length) throw new Error(`${rows.length} charges for ${measured.length} deals`);
  const events = await Promise.all(rows.map((row) => completedEvent(row.charge_id)));
  const beforeHooks = await probe?.snapshot();
  await profiling("webhook", "start");
  const hooks = await inWaves(events.map((body) => webhookRequest(base, body)));
  await profiling("webhook", "stop");
  const afterHooks = await probe?.snapshot();
  check("webhooks", hooks, 200);
  // The provider's retries: answered, nothing stored twice.
  const retries = await inWaves(events.map((body) => webhookRequest(base, body)));
  check("webhook retries", retries, 200);
  const ids = events.map((body) => JSON.parse(body).id as string);
  const stored = await client.query<{ n: number }>(
    "select count(*)::int as n from deal_provider_events where event_id = any($1::text[])",
    [ids],
  );
  if (stored.rows[0].n !== ids.length)
    throw new Error(`${stored.rows[0].n} events stored for ${ids.length} sent`);
  await probe?.close();

  // The references: the same waves against a bare node:http process answering the same bytes.
  const payAnswer = await recorded(payOf(base, measured[0]));
  const hookAnswer = await recorded(webhookRequest(base, events[0]));
  const references: Record<string, ReturnType<typeof summary>> = {};
  for (const [name, answer, send] of [
    ["pay", payAnswer, (url: string) => payOf(url, measured[0])],
    ["webhook", hookAnswer, (url: string) => webhookRequest(url, events[0])],
  ] as const) {
    const bare = await startBare(port + 2, answer);
    try {
      await inWaves(Array.from({ length: concurrent }, () => send(bare.base)));
      references[name] = summary(
        await inWaves(Array.from({ length: measured.length }, () => send(bare.base))),
      );
    } finally {
      await bare.stop();
    }
  }

  const cpu = (from?: Awaited<ReturnType<NonNullable<typeof probe>["snapshot"]>>, to?: typeof from) =>
    probe && from && to ? probe.between(from, to) : null;
  const perRequest = (use: ReturnType<typeof cpu>, n: number) =>
    use ? { serverMs: (1000 * use.server) / n, postgresMs: (1000 * use.postgres) / n } : null;
  const result = {
    concurrent,
    deals: measured.length,
    loadBefore: Number(loadBefore),
    loadAfter: Number(loadavg()),
    pay: { ...summary(pay), cpu: perRequest(cpu(before, afterPay), pay.length), reference: references.pay },
    webhook: {
      ...summary(hooks),
      cpu: perRequest(cpu(beforeHooks, afterHooks), hooks.length),
      reference: references.webhook,
    },
    retries: summary(retries),
  };
  const row = (name: string, s: ReturnType<typeof summary>, use: ReturnType<typeof perRequest>) =>
    `| ${name.padEnd(34)} | ${String(s.requests).padStart(8)} | ${s.p50.toFixed(1).padStart(6)} | ${s.p95.toFixed(1).padStart(6)} | ${s.p99.toFixed(1).padStart(6)} | ${use ? `${use.serverMs.toFixed(2)} + ${use.postgresMs.toFixed(2)}` : "-"} |`;
  console.log(
    `Deals through the site, ${concurrent} at once, ${measured.length} deals after ${warmup.length} to warm up (1-min load ${result.loadBefore} before, ${result.loadAfter} after)`,
  );
  console.log(
    "| request                            | requests | p50 ms | p95 ms | p99 ms | CPU ms a request (server + PostgreSQL) |",
  );
  console.log(
    "| ---------------------------------- | -------: | -----: | -----: | -----: | --------------------------------------- |",
  );
  console.log(row("pay (the deal page's form)", result.pay, result.pay.cpu));
  console.log(row("the provider's webhook", result.webhook, result.webhook.cpu));
  console.log(row("the same webhook again", result.retries, null));
  console.log(row("node:http, the pay answer", references.pay, null));
  console.log(row("node:http, the webhook answer", references.webhook, null));
  if (values.json) fs.writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stopProcess(server);
  await simulator.stop();
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
