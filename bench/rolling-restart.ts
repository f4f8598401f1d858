/**
 * A rolling restart under bidding load (issue 38, item 6; not part of `npm test`): two instances
 * of the server on one PostgreSQL database behind a balancer, bidders bidding on one auction
 * through it as browsers do (session cookie, Origin), while instance A
 * and then B are stopped with SIGTERM and started again. A bidder retries as a browser's page
 * does: after a refused or reset connection, and after a 503 with Retry-After; any other answer
 * is final. Counted: bids acknowledged (201) against the bids in the database, every 5xx seen by
 * a bidder, the retries, and for each restart how long the instance took to drain and to be back.
 * At the end both instances' /metrics are read: the bids they counted since their last start
 * against the answers the balancer had from each.
 *
 *   createdb -h 127.0.0.1 -U postgres rarita_rolling
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_rolling \
 *     node bench/rolling-restart.ts [--bidders 20] [--settle 5] [--ports 3610,3611,3612]
 *       [--proxy balancer|nginx] [--drain 2] [--poll 250]
 *
 * The balancer (the default) is bench/balancer.ts: it checks /health/ready every --poll ms and
 * sends only to ready instances, which run with DRAIN_SECONDS=--drain, as in production behind
 * Caddy. `--proxy nginx` (/usr/sbin/nginx, or NGINX, from a temporary directory) has no active
 * checks: it learns of a stopping instance only from refused connections (the 502s of the first
 * runs in bench/README.md). The instances run with a stand-in web build (only /api is requested)
 * and their log silenced. Only localhost is contacted.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SESSION_COOKIE } from "#core/web/session-cookie.ts";
import { openDatabase } from "#server/db/client.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { createStubBuild, type ServerProcess, startServerProcess } from "#server/test/server-process.ts";
import { startBalancer } from "./balancer.ts";
import { loadAverage } from "./http-load.ts";

const { values } = parseArgs({
  options: {
    bidders: { type: "string", default: "20" },
    settle: { type: "string", default: "5" },
    ports: { type: "string", default: "3610,3611,3612" },
    proxy: { type: "string", default: "balancer" },
    drain: { type: "string", default: "2" },
    poll: { type: "string", default: "250" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is required (a fresh database): two instances share PostgreSQL.");
  process.exit(1);
}
const [portA, portB, proxyPort] = (values.ports ?? "").split(",").map(Number);
const settleMs = Number(values.settle) * 1000;
const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-rolling-"));
const build = createStubBuild();

const METRICS_TOKEN = "rolling-restart-metrics-token";
const BIDS_ROUTE = "/api/auctions/:id/bids";
const useNginx = values.proxy === "nginx";

const stats = {
  acknowledged: [] as number[],
  accepted: 0,
  refused: 0,
  fiveHundreds: new Map<number, number>(),
  retriesAfterNetworkError: 0,
  retriesAfter503: 0,
  gaveUp: 0,
};

/** One instance: its process, restarted on the same port. */
function instanceOf(name: string, port: number) {
  const env = {
    BUILD_DIR: build.name,
    DATA_DIR: path.join(workDir, name),
    DATABASE_URL: databaseUrl as string,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: proxyOrigin,
    TRUSTED_PROXIES: "loopback",
    ALTCHA_HMAC_KEY: "rolling-restart-altcha-key-0123456789abcdef",
    FINGERPRINT_HMAC_KEY: "rolling-restart-fingerprint-key-0123456789",
    DRAIN_SECONDS: values.drain ?? "2",
    METRICS_TOKEN,
  };
  const instance = {
    name,
    port,
    process: undefined as ServerProcess | undefined,
    async start() {
      instance.process = startServerProcess(env);
      await instance.process.waitForOutput("Rarita is running");
    },
  };
  return instance;
}
type Instance = ReturnType<typeof instanceOf>;

/** nginx in front of both, as compose.yaml's proxy: a refused connection goes to the other one. */
function startNginx() {
  const conf = path.join(workDir, "nginx.conf");
  fs.chmodSync(workDir, 0o755);
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  upstream rarita {
    server 127.0.0.1:${portA} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${portB} max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://rarita;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_buffering off;
    }
  }
}
`,
  );
  const nginx = spawn(
    process.env.NGINX ?? "/usr/sbin/nginx",
    ["-c", conf, "-p", workDir, "-g", "daemon off;"],
    {
      stdio: "inherit",
    },
  );
  return nginx;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One bid as a browser's page sends it, with the page's retries: a refused or reset connection is
 * tried again after 250 ms, a 503 after its Retry-After (at most 5 s); five tries at most.
 */
async function bidOnce(productId: number, cookie: string, amount: number) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${proxyOrigin}/api/auctions/${productId}/bids`, {
        method: "POST",
        headers: { Origin: proxyOrigin, Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ amount }),
      });
    } catch {
      stats.retriesAfterNetworkError += 1;
      await sleep(250);
      continue;
    }
    const body = (await response.json().catch(() => ({}))) as {
      bids?: { id: number }[];
      auction?: { minimumNextBidMinor: number };
      minimumMinor?: number;
    };
    if (response.status >= 500)
      stats.fiveHundreds.set(response.status, (stats.fiveHundreds.get(response.status) ?? 0) + 1);
    const retryAfter = Number(response.headers.get("retry-after"));
    if (response.status === 503 && retryAfter > 0) {
      stats.retriesAfter503 += 1;
      await sleep(Math.min(retryAfter, 5) * 1000);
      continue;
    }
    return { status: response.status, body };
  }
  stats.gaveUp += 1;
  return undefined;
}

/** Bidders bidding the minimum they last saw until `running()` turns false. */
function startBidding(productId: number, tokens: string[], running: () => boolean) {
  let minimum = 100_000;
  return Promise.all(
    tokens.map(async (token) => {
      const cookie = `${SESSION_COOKIE}=${token}`;
      while (running()) {
        const answer = await bidOnce(productId, cookie, minimum);
        if (!answer) continue;
        if (answer.status === 201) {
          stats.accepted += 1;
          stats.acknowledged.push(...(answer.body.bids ?? []).map((row) => row.id));
          minimum = Math.max(minimum, answer.body.auction?.minimumNextBidMinor ?? minimum);
        } else {
          stats.refused += 1;
          if (answer.body.minimumMinor) minimum = Math.max(minimum, answer.body.minimumMinor);
        }
      }
    }),
  );
}

/** SIGTERM, wait for the exit, start again and wait until /health/ready says 200. */
async function restart(instance: Instance, onExit: () => void) {
  const began = performance.now();
  instance.process?.child.kill("SIGTERM");
  const exit = await instance.process?.exited;
  const stopped = performance.now();
  onExit();
  await instance.start();
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${instance.port}/health/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    await sleep(100);
  }
  const back = performance.now();
  return {
    name: instance.name,
    exit: exit?.code,
    stopMs: Math.round(stopped - began),
    startMs: Math.round(back - stopped),
  };
}

async function seed() {
  const database = await openDatabase({ engine: "postgres", url: databaseUrl as string, poolSize: 2 });
  try {
    const { db } = database;
    await insertAuctionSettings(db, 0);
    const [seller] = await insertBidders(db, 1);
    const bidders = await insertBidders(db, Number(values.bidders));
    const auction = await insertAuction(db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
    return { productId: auction.id, tokens: bidders.map((bidder) => bidder.token) };
  } finally {
    await database.close();
  }
}

/** One sample of Prometheus's text format, by its name and some of its labels (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) && wanted.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/** The bid requests an instance answered since its start, by its own metrics. */
async function countedBids(instance: Instance) {
  const response = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  return sample(text, "rarita_http_request_duration_seconds_count", { method: "POST", route: BIDS_ROUTE });
}

/** The auction's history as the database has it, read through an instance after the load. */
async function storedBids(productId: number) {
  const response = await fetch(`http://127.0.0.1:${portB}/api/auctions/${productId}/bids`);
  const history = (await response.json()) as { bids: { id: number }[] };
  return { history: new Set(history.bids.map((row) => row.id)) };
}

async function main() {
  const { productId, tokens } = await seed();
  const a = instanceOf("a", portA);
  const b = instanceOf("b", portB);
  // The first start migrates and installs pg-boss alone; the second then finds both done.
  await a.start();
  await b.start();
  const nginx = useNginx ? startNginx() : undefined;
  const balancer = useNginx
    ? undefined
    : await startBalancer({
        port: proxyPort,
        pollMs: Number(values.poll),
        upstreams: [portA, portB].map((port) => ({ host: "127.0.0.1", port })),
      });
  // A restarted instance's metrics start from 0: so does the balancer's count of its answers.
  const resetCount = (index: number) => () => {
    if (balancer) balancer.upstreams[index].answered = 0;
  };
  const loadBefore = loadAverage();
  let running = true;
  const began = performance.now();
  const bidding = startBidding(productId, tokens, () => running);
  await sleep(settleMs);
  const restarts = [await restart(a, resetCount(0))];
  await sleep(settleMs);
  restarts.push(await restart(b, resetCount(1)));
  await sleep(settleMs);
  running = false;
  await bidding;
  const seconds = (performance.now() - began) / 1000;

  const stored = await storedBids(productId);
  const missing = stats.acknowledged.filter((id) => !stored.history.has(id));
  const unanswered = stored.history.size - new Set(stats.acknowledged).size;
  console.log(`load before: ${loadBefore}; after: ${loadAverage()}`);
  console.log(
    `${tokens.length} bidders for ${seconds.toFixed(1)} s through ${useNginx ? "nginx" : `the balancer (checks every ${values.poll} ms), DRAIN_SECONDS=${values.drain}`}; restarts (SIGTERM → exit, start → ready):`,
  );
  for (const r of restarts)
    console.log(`  ${r.name}: exit code ${r.exit}, stopped in ${r.stopMs} ms, ready ${r.startMs} ms later`);
  console.log(
    `bids: ${stats.accepted} acknowledged answers (${stats.acknowledged.length} history rows), ${stats.refused} refused, ` +
      `${stored.history.size} history rows in the database, ` +
      `${missing.length} acknowledged rows missing, ${unanswered} stored without an acknowledgement`,
  );
  const fiveHundreds =
    [...stats.fiveHundreds].map(([status, count]) => `${status}×${count}`).join(", ") || "none";
  console.log(
    `5xx seen by bidders: ${fiveHundreds}; retries: ${stats.retriesAfterNetworkError} after a network error, ` +
      `${stats.retriesAfter503} after a 503; gave up: ${stats.gaveUp}`,
  );

  if (balancer) {
    const counted = await Promise.all([a, b].map(countedBids));
    const answered = balancer.upstreams.map((upstream) => upstream.answered);
    console.log(
      `balancer: ${balancer.stats.requests} requests, ${balancer.stats.retried} sent again after a refused connection, ` +
        `${balancer.stats.failedAfterConnect} failed after connecting, ${balancer.stats.waitedForReady} waited for a ready instance, ` +
        `${balancer.stats.noUpstream} found none within 5 s (503)`,
    );
    const why = (notReady: Record<string, number>) =>
      Object.entries(notReady)
        .map(([reason, count]) => `${reason}×${count}`)
        .join(", ") || "none";
    console.log(
      `checks that said not ready: A ${why(balancer.upstreams[0].notReady)}; B ${why(balancer.upstreams[1].notReady)}`,
    );
    console.log(
      `since their last start: A answered ${answered[0]} through the balancer and counted ${counted[0]} bid requests in /metrics; ` +
        `B ${answered[1]} and ${counted[1]}`,
    );
    await balancer.stop();
  }
  nginx?.kill("SIGQUIT");
  for (const instance of [a, b]) instance.process?.child.kill("SIGTERM");
  await Promise.all([a, b].map((instance) => instance.process?.exited));
  build.remove();
  fs.rmSync(workDir, { recursive: true, force: true });
  process.exit(missing.length === 0 ? 0 : 1);
}

await main();
