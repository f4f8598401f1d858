import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../config.ts";
import { processMetrics } from "../lib/metrics.ts";
import { createLogger } from "../logger.ts";
import { createTestApi, type TestApi } from "../test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "../test/auction-fixtures.ts";
import { freePort } from "../test/server-process.ts";
import { createHttpApp } from "./app.ts";
import { createReadiness } from "./health.ts";
import { startMetricsServer } from "./metrics-server.ts";
import { withRequestLog } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

/**
 * Health checks and metrics as a load balancer and Prometheus see them (issue 38, item 5; ADR
 * 0093): over a real socket, behind the request log as main.ts serves them.
 */
const TOKEN = "metrics-token-0123456789abcdef";
let api: TestApi;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  api = await createTestApi({ METRICS_TOKEN: TOKEN });
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
afterAll(async () => {
  await api?.close();
});

async function serve(app: Hono<AppEnv>) {
  const server = createServer(withRequestLog(createLogger("silent"), getRequestListener(app.fetch)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A sample's value in Prometheus's text format (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? "";
    if (wanted.every((pair) => inside.split(",").includes(pair))) return Number(line.split(" ").at(-1));
  }
  return 0;
}

async function scrape(base: string) {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

describe("the health checks", () => {
  it("says live, and ready only while the database has every migration and the process is not stopping", async () => {
    const readiness = createReadiness();
    const base = await serve(
      createHttpApp({
        config: api.config,
        logger: createLogger("silent"),
        services: api.services,
        readiness,
      }),
    );
    const live = await fetch(`${base}/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
    expect(live.headers.get("cache-control")).toBe("no-store");
    // Ready before the live listing terms are in memory (the SQL path answers: ADR 0129), and says so.
    const ready = await fetch(`${base}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ready", database: "ok", terms: "unavailable" },
    ]);
    await api.services.termsIndex?.start();
    expect(await (await fetch(`${base}/health/ready`)).json()).toMatchObject({ terms: "ready" });
    await api.services.termsIndex?.stop();

    // A database one migration behind this build (a deploy that has not migrated yet): not ready.
    const [last] = (
      (await api.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    const behind = await fetch(`${base}/health/ready`);
    expect([behind.status, await behind.json()]).toEqual([
      503,
      { status: "unavailable", database: "migrations pending" },
    ]);
    await api.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last.hash}, ${last.created_at})`,
    );
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);

    // SIGTERM: not ready any more (the balancer stops sending), still live while it finishes.
    readiness.drain();
    const stopping = await fetch(`${base}/health/ready`);
    expect([stopping.status, await stopping.json()]).toEqual([503, { status: "stopping" }]);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });
});

describe("the metrics", () => {
  it("are served only with the token, and count requests by route pattern, and bids by outcome", async () => {
    const base = await serve(api.app);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");

    await insertAuctionSettings(api.db, 0);
    const [seller, bidder] = await insertBidders(api.db, 2);
    const auction = await insertAuction(api.db, { sellerId: seller.user.id, startPriceMinor: 100_000 });
    const route = "/api/auctions/:id/bids";
    const before = await scrape(base);
    const bid = (amount: number) =>
      fetch(`${base}/api/auctions/${auction.id}/bids`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${bidder.token}` },
        body: JSON.stringify({ amount }),
      });
    expect((await bid(100_000)).status).toBe(201);
    // Below the next minimum: refused.
    expect((await bid(100_000)).status).toBe(422);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    const after = await scrape(base);
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, "rarita_http_request_duration_seconds_count", labels);
    expect(count(after, { method: "POST", route, status: "201" })).toBe(
      count(before, { method: "POST", route, status: "201" }) + 1,
    );
    expect(count(after, { route: "/health/live", status: "200" })).toBe(
      count(before, { route: "/health/live", status: "200" }) + 1,
    );
    // The pattern, never the listing's id: one series per route, not per auction.
    expect(after).not.toContain(`route="/api/auctions/${auction.id}/bids"`);
    expect(sample(after, "rarita_bids_total", { outcome: "accepted" })).toBe(
      sample(before, "rarita_bids_total", { outcome: "accepted" }) + 1,
    );
    const refused = (text: string) =>
      text
        .split("\n")
        .filter((line) => line.startsWith("rarita_bids_total{") && !line.includes('"accepted"'))
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    expect(refused(after)).toBe(refused(before) + 1);
    // Node's own metrics are there too.
    expect(sample(after, "rarita_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("are not served at all without a token (a public /metrics would tell anyone the traffic)", async () => {
    const base = await serve(
      createHttpApp({
        config: { ...api.config, metrics: { ...api.config.metrics, token: undefined } },
        logger: createLogger("silent"),
        services: api.services,
      }),
    );
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
  });

  it("have a listener of their own on METRICS_PORT, without a token, /metrics only", async () => {
    const port = await freePort();
    const config = { ...api.config, metrics: { token: undefined, port, host: "127.0.0.1" } };
    const server = await startMetricsServer(config, processMetrics, createLogger("silent"));
    stops.push(() => new Promise((resolve) => server!.close(() => resolve())));
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("rarita_process_cpu_seconds_total");
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    // The port taken: a start-up error naming the variable.
    await expect(startMetricsServer(config, processMetrics, createLogger("silent"))).rejects.toThrow(
      ConfigError,
    );
    await expect(startMetricsServer(config, processMetrics, createLogger("silent"))).rejects.toThrow(
      /Invalid METRICS_PORT/,
    );
  });
});
