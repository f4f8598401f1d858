import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openTestDatabase } from "../db/test-database.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { createLogger } from "../logger.ts";
import { currencies } from "../modules/lists/tables.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { apiCacheHeaders } from "./cache-policy.ts";
import { createPublicJsonCache } from "./public-json-cache.ts";
import { withRequestLog } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

/** The public lists answered from memory in front of the chain, over a real socket. */

const lines: Record<string, unknown>[] = [];
let base = "";
let stop: () => Promise<void> = async () => {};
let cache: ReturnType<typeof createPublicJsonCache>;
let db: Awaited<ReturnType<typeof openTestDatabase>>["db"];

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  await db.insert(currencies).values({ code: "CZK", rate: "1", isDefault: true });
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/rarita-json-cache-test", LOG_LEVEL: "info" });
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  const jobs = createJobRunner({ database, logger, background: false });
  const services = createServices({ database, config, logger, jobs });
  cache = createPublicJsonCache();
  const app = createHttpApp({ config, logger, services, publicJsonCache: cache });
  const { createServer } = await import("node:http");
  const server = createServer(withRequestLog(logger, cache.listener(getRequestListener(app.fetch)))).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await jobs.stop();
    await database.dispose();
  };
});
afterAll(() => stop());

const codes = async (response: Response) => (await response.json()).map((c: { code: string }) => c.code);
const withoutRequestId = (response: Response) =>
  [...response.headers].filter(
    ([name]) => !["x-request-id", "date", "transfer-encoding", "content-length"].includes(name),
  );

describe("the public JSON cache", () => {
  it("replays an anonymous public list byte for byte, with its own request id and log line", async () => {
    const first = await fetch(`${base}/api/lists/currencies`);
    const firstBody = await first.text();
    await db.insert(currencies).values({ code: "EUR", rate: "25" });
    lines.length = 0;
    const second = await fetch(`${base}/api/lists/currencies`);
    expect(await second.text()).toBe(firstBody);
    expect(withoutRequestId(second)).toEqual(withoutRequestId(first));
    expect(second.headers.get("cache-control")).toBe("public, max-age=15, s-maxage=15");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(lines).toEqual([
      expect.objectContaining({
        req: { method: "GET", path: "/api/lists/currencies" },
        res: { status: 200 },
      }),
    ]);
    expect(lines[0].requestId).toBe(second.headers.get("x-request-id"));
  });

  it("gives each replay its own id: the caller's when sane, else a new one, never an earlier one", async () => {
    await fetch(`${base}/api/lists/countries/cs`);
    lines.length = 0;
    const own = await fetch(`${base}/api/lists/countries/cs`, {
      headers: { "X-Request-Id": "caller-id-0001" },
    });
    const next = await fetch(`${base}/api/lists/countries/cs`);
    const odd = await fetch(`${base}/api/lists/countries/cs`, { headers: { "X-Request-Id": "bad id" } });
    const ids = [own, next, odd].map((response) => response.headers.get("x-request-id"));
    expect(ids[0]).toBe("caller-id-0001");
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect(lines.map((line) => line.requestId)).toEqual(ids);
    // One x-request-id header each, as the chain sends it.
    for (const response of [own, next, odd]) expect(response.headers.get("x-request-id")).not.toContain(",");
  });

  it("never answers from memory a request with a cookie, a token or an origin", async () => {
    const variants: Record<string, string>[] = [
      { Cookie: "a=b" },
      { Authorization: "Bearer x" },
      { Origin: base },
    ];
    for (const headers of variants) {
      expect(await codes(await fetch(`${base}/api/lists/currencies`, { headers }))).toEqual(["CZK", "EUR"]);
    }
  });

  it("forgets everything on clear (a write in any instance)", async () => {
    expect(await codes(await fetch(`${base}/api/lists/currencies`))).toEqual(["CZK"]);
    cache.clear();
    expect(await codes(await fetch(`${base}/api/lists/currencies`))).toEqual(["CZK", "EUR"]);
  });

  it("keeps one answer per variant: Host, Accept-Language, Accept-Encoding and the forwarded headers", async () => {
    const local = createPublicJsonCache();
    let calls = 0;
    const app = new Hono<AppEnv>();
    app.use(local.store);
    app.use(apiCacheHeaders);
    app.get("/api/settings", (c) => {
      calls++;
      const seen = ["accept-language", "accept-encoding", "x-forwarded-proto"].map(
        (n) => c.req.header(n) ?? "-",
      );
      return c.json({ seen, calls });
    });
    const { createServer } = await import("node:http");
    const server = createServer(local.listener(getRequestListener(app.fetch))).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/settings`;
    const { request } = await import("node:http");
    // node:http sends no header of its own but Host and Connection (fetch would add Accept-Language).
    const get = (headers: Record<string, string>) =>
      new Promise<{ seen: string[]; calls: number }>((resolve, reject) =>
        request(url, { headers }, (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve(JSON.parse(text)));
        })
          .on("error", reject)
          .end(),
      );
    const variants: Record<string, string>[] = [
      {},
      { "Accept-Language": "en" },
      { "Accept-Encoding": "identity" },
      { "X-Forwarded-Proto": "https" },
      { "Accept-Language": "en", "Accept-Encoding": "identity" },
    ];
    try {
      const first = [];
      for (const headers of variants) first.push(await get(headers));
      expect(first.map((answer) => answer.calls)).toEqual([1, 2, 3, 4, 5]);
      // Each again, in the other order: every one from memory, each its own.
      for (const [i, headers] of [...variants.entries()].reverse())
        expect(await get(headers)).toEqual(first[i]);
      expect(calls).toBe(5);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("is cleared by a successful write, not by a refused one", async () => {
    const local = createPublicJsonCache();
    let version = 0;
    const app = new Hono<AppEnv>();
    app.use(local.store);
    app.use(apiCacheHeaders);
    app.use(async (c, next) => {
      c.set("user", null);
      await next();
    });
    app.use(local.clearOnWrite);
    app.get("/api/settings", (c) => c.json({ version }));
    app.post("/api/ok", (c) => c.json({ version: ++version }));
    app.post("/api/refused", (c) => c.json({ version: ++version }, 403));
    const { createServer } = await import("node:http");
    const server = createServer(local.listener(getRequestListener(app.fetch))).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const read = async () => (await (await fetch(`${url}/settings`)).json()).version;
    try {
      expect(await read()).toBe(0);
      await fetch(`${url}/refused`, { method: "POST" });
      expect(await read()).toBe(0);
      await fetch(`${url}/ok`, { method: "POST" });
      expect(await read()).toBe(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
