import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { isPublicPage, pageOf } from "./cache-policy.ts";
import { createPageCache } from "./page-cache.ts";
import type { AppEnv } from "./types.ts";

/** The page cache's own rules: lifetime, the memory bound, what a page path is. */

function appWith(options: Parameters<typeof createPageCache>[0]) {
  const cache = createPageCache(options);
  let renders = 0;
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("user", null);
    c.set("cspNonce", "nonce");
    c.set("requestOrigin", "http://site.example");
    c.set("config", { publicUrl: "http://site.example" } as never);
    await next();
  });
  app.use("*", cache.middleware);
  app.get("*", (c) => {
    renders += 1;
    return c.html(`<p>${c.req.path} ${"x".repeat(1000)}</p>`);
  });
  const get = async (path: string) => {
    const response = await app.request(path);
    await response.text();
    return response.headers.get("x-page-cache");
  };
  return { app, cache, get, renders: () => renders };
}

describe("the page cache", () => {
  it("keeps a page for its lifetime, then renders it again", async () => {
    let now = 1_000_000;
    const { get } = appWith({ ttlSeconds: 15, now: () => now });
    expect(await get("/hledani?q=rum")).toBe("miss");
    now += 14_999;
    expect(await get("/hledani?q=rum")).toBe("hit");
    now += 2;
    expect(await get("/hledani?q=rum")).toBe("miss");
  });

  it("stays within its bytes, dropping the least recently used page first", async () => {
    const { get, cache } = appWith({ maxBytes: 2_500 });
    await get("/2/rum");
    await get("/3/whisky");
    expect(await get("/2/rum")).toBe("hit");
    await get("/4/gin");
    expect(cache.size().entries).toBe(2);
    expect(cache.size().bytes).toBeLessThanOrEqual(2_500);
    expect(await get("/2/rum")).toBe("hit");
    expect(await get("/3/whisky")).toBe("miss");
  });

  it("hands a copy gzipped to a browser that accepts it, and plain to one that does not", async () => {
    const { app } = appWith({});
    const first = await app.request("/2/rum");
    const plain = await first.text();
    const zipped = await app.request("/2/rum", { headers: { "Accept-Encoding": "br, gzip;q=0.8" } });
    expect(zipped.headers.get("x-page-cache")).toBe("hit");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plain);
    const refused = await app.request("/2/rum", { headers: { "Accept-Encoding": "gzip;q=0, br" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(plain);
  });

  it("tells the page a path shows as the router does: fixed segments before parameters", () => {
    expect(pageOf("/")).toBe("home");
    expect(pageOf("/en")).toBe("home");
    expect(pageOf("/2/rum")).toBe("category");
    expect(pageOf("/en/2/rum")).toBe("category");
    expect(pageOf("/2/rum/havana-club-7")).toBe("product");
    expect(pageOf("/ucet/prehled")).toBe("accountOverview");
    expect(pageOf("/kosik/udaje")).toBe("cartDetails");
    expect(pageOf("/blog/3/clanek")).toBe("blogArticle");
    expect(pageOf("/__diagnostics/auction")).toBeNull();
    expect(isPublicPage("/en/search")).toBe(true);
    expect(isPublicPage("/uzivatel/12")).toBe(true);
    expect(isPublicPage("/lahve/29-lagavulin-16-let-43")).toBe(true);
    expect(isPublicPage("/en/results")).toBe(true);
    expect(isPublicPage("/vysledky/cenovy-index")).toBe(true);
    expect(isPublicPage("/ucet")).toBe(false);
    expect(isPublicPage("/en/account/messages/4")).toBe(false);
    expect(isPublicPage("/mimo-provoz")).toBe(false);
    expect(isPublicPage("/admin")).toBe(false);
  });
});
