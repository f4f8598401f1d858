import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { requestLog } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

describe("requestLog", () => {
  it("writes one JSON line per request with its id, method, path, status and no query string or secrets", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).trim().split("\n"));
        done();
      },
    });
    const app = new Hono<AppEnv>();
    app.use(requestLog(pino({ base: undefined }, sink)));
    app.use(async (c, next) => {
      c.set("user", null);
      await next();
    });
    app.get("/api/x", (c) => c.json({ ok: true }));

    const response = await app.request("/api/x?token=secret-value", {
      headers: { Authorization: "Bearer secret-token" },
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ method: "GET", path: "/api/x", status: 200 });
    expect(entry.requestId).toBe(response.headers.get("x-request-id"));
    expect(typeof entry.ms).toBe("number");
    expect(lines[0]).not.toContain("secret");
  });
});
