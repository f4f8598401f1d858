import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRules } from "./page-rules.ts";
import type { AppEnv } from "./types.ts";

/**
 * The trailing-slash rule behind a real socket, so the request target reaches the server exactly as
 * an attacker sends it (`GET //evil.example/`), not normalised by a URL parser on the way.
 */
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("locale", "cs");
    c.set("user", null);
    c.set("services", { settings: { isMaintenance: async () => false } } as never);
    await next();
  });
  app.use("*", pageRules);
  app.all("*", (c) => c.text("page"));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function get(target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, method: "GET" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the trailing-slash rule", () => {
  it("redirects a page with a trailing slash to the path without it, query kept", async () => {
    expect(await get("/hledani/?q=rum")).toEqual({ status: 301, location: "/hledani?q=rum" });
  });

  it.each([
    "//evil.example/",
    "///evil.example/",
    "//evil.example/?next=1",
    "/%2F%2Fevil.example/",
    "/%2f/evil.example/",
    "/%5Cevil.example/",
    "/%5C%5Cevil.example/",
    "/%09/evil.example/",
  ])("never sends %s to another site", async (target) => {
    const response = await get(target);
    expect(response.status).toBe(301);
    expect(response.location).toMatch(/^\/(?![/\\])/);
    expect(response.location).not.toMatch(/^\/(%2f|%5c|%09)/i);
    expect(new URL(response.location!, "http://site.example").host).toBe("site.example");
  });

  it("refuses a backslash path outright or keeps it on this site", async () => {
    const response = await get("/\\evil.example/");
    if (response.status === 301) expect(response.location).toMatch(/^\/(?![/\\])/);
    else expect(response.status).toBe(400);
  });
});
