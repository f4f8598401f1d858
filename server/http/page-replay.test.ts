import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCacheRegistry } from "../lib/cache.ts";
import { createLogger } from "../logger.ts";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./cache-policy.ts";
import { createPageCache } from "./page-cache.ts";
import { createPageReplay } from "./page-replay.ts";
import { withRequestLog } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

/**
 * Anonymous pages replayed in front of the chain (ADR 0037), over a real socket: the app below
 * stands for the chain (a header set on the way out, a render counter), the page cache's clear
 * drops the copies too (both carry the `public` tag).
 */

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const lines: Record<string, unknown>[] = [];
let base = "";
let renders = 0;
let now = 1_000_000;
let replay: ReturnType<typeof createPageReplay>;
let pageCache: ReturnType<typeof createPageCache>;
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  const registry = createCacheRegistry();
  replay = createPageReplay({ now: () => now, registry });
  pageCache = createPageCache({ registry });
  const app = new Hono<AppEnv>();
  app.use(replay.store);
  // What the chain adds on the way out must be in the replayed answer too.
  app.use(async (c, next) => {
    await next();
    c.header("X-Frame-Options", "SAMEORIGIN");
  });
  app.use(pageCache.clearOnWrite);
  app.get("*", (c) => {
    renders += 1;
    const personal = c.req.path === "/ucet";
    c.header("Cache-Control", personal ? "private, no-store" : PUBLIC_PAGE_CACHE_CONTROL);
    if (c.req.query("cookie") === "1") c.header("Set-Cookie", "x=1");
    const age = c.req.query("age");
    if (age) c.header("Age", age);
    return c.html(`<p>${c.req.path} render ${renders}</p>`);
  });
  app.post("*", (c) => c.json({ ok: true }));
  const server = createServer(withRequestLog(logger, replay.listener(getRequestListener(app.fetch)))).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
});
afterAll(() => stop());
beforeEach(() => {
  replay.clear();
  now += 60_000;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { "User-Agent": BROWSER, ...headers } });
  return { response, body: await response.text() };
}

/** The first answer is kept once its body has been read to the end (asynchronously). */
async function kept(entries: number) {
  await expect.poll(() => replay.size().entries).toBe(entries);
}

describe("replayed anonymous pages", () => {
  it("replays a public page with every header the chain set, a request id and a log line of its own", async () => {
    const first = await get("/2/rum");
    await kept(1);
    lines.length = 0;
    const second = await get("/2/rum", { "X-Request-Id": "caller-id-1234" });
    expect(second.body).toBe(first.body);
    expect(second.response.headers.get("x-page-cache")).toBe("hit");
    expect(second.response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(second.response.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(second.response.headers.get("x-request-id")).toBe("caller-id-1234");
    expect(lines).toEqual([
      expect.objectContaining({
        requestId: "caller-id-1234",
        req: { method: "GET", path: "/2/rum" },
        res: { status: 200 },
      }),
    ]);
    const third = await get("/2/rum");
    expect(third.response.headers.get("x-request-id")).not.toBe("caller-id-1234");
  });

  it("never serves a visitor with a session, a cart, a token, or a crawler", async () => {
    await get("/2/rum");
    await kept(1);
    const rendered = renders;
    const refused: Record<string, string>[] = [
      { Cookie: "auth._token=abc" },
      { Cookie: "cart=abc" },
      { Cookie: "guest-wishlist=abc" },
      { Authorization: "Bearer abc" },
      { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    ];
    for (const headers of refused) {
      const { response } = await get("/2/rum", headers);
      expect(response.headers.get("x-page-cache"), JSON.stringify(headers)).toBeNull();
    }
    expect(renders).toBe(rendered + 5);
  });

  it("keeps one copy per page-variant cookie value and per Accept-Encoding", async () => {
    await get("/2/rum", { Cookie: "age-confirmed=1" });
    await kept(1);
    const other = await get("/2/rum", { Cookie: "age-confirmed=1; currencyId=2" });
    expect(other.response.headers.get("x-page-cache")).toBeNull();
    await kept(2);
    const same = await get("/2/rum", { Cookie: "age-confirmed=1; _ga=xyz" });
    expect(same.response.headers.get("x-page-cache")).toBe("hit");
    const plain = await get("/2/rum", { Cookie: "age-confirmed=1", "Accept-Encoding": "identity" });
    expect(plain.response.headers.get("x-page-cache")).toBeNull();
  });

  it("keeps no private page and no answer that sets a cookie", async () => {
    await get("/ucet");
    await get("/2/rum?cookie=1");
    const again = await get("/ucet");
    expect(again.response.headers.get("x-page-cache")).toBeNull();
    expect(replay.size().entries).toBe(0);
  });

  it("drops every copy when the page cache clears, as after a successful write", async () => {
    await get("/2/rum");
    await kept(1);
    const write = await fetch(`${base}/api/anything`, { method: "POST" });
    expect(write.status).toBe(200);
    expect(replay.size().entries).toBe(0);
    const after = await get("/2/rum");
    expect(after.response.headers.get("x-page-cache")).toBeNull();
  });

  it("lives no longer than the copy it was made from: its Age counts", async () => {
    await get("/2/rum?age=10");
    await kept(1);
    now += 4_000;
    const hit = await get("/2/rum?age=10");
    expect(hit.response.headers.get("age")).toBe("14");
    now += 1_000;
    const expired = await get("/2/rum?age=10");
    expect(expired.response.headers.get("x-page-cache")).toBeNull();
  });
});
