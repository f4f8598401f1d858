import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { accessLogger, maskPath, requestLog, writeAccessLine } from "./request-log.ts";
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

describe("the X-Request-Id header", () => {
  it("is on every answer: made by the context, returned as it is, immutable, shared or an error", async () => {
    const shared = new Response("shared");
    const app = new Hono<AppEnv>();
    app.use(requestLog(pino({ level: "silent" })));
    app.get("/json", (c) => c.json({ ok: true }));
    app.get("/raw", () => new Response("raw", { headers: { "X-Own": "1" } }));
    app.get("/redirect", () => Response.redirect("http://localhost/json", 302));
    app.get("/shared", () => shared);
    app.get("/error", () => {
      throw new Error("boom");
    });
    app.onError((_error, c) => c.json({ message: "error" }, 500));
    for (const path of ["/json", "/raw", "/redirect", "/shared", "/shared", "/error"]) {
      const id = `caller-id-${path.slice(1)}`;
      const response = await app.request(path, { headers: { "X-Request-Id": id } });
      expect(response.headers.get("x-request-id"), path).toBe(id);
    }
    // The shared answer itself was copied, never changed.
    expect(shared.headers.get("x-request-id")).toBeNull();
  });
});

describe("writeAccessLine", () => {
  const captured = () => {
    const written: string[] = [];
    return { written, write: (line: string) => void written.push(line) };
  };
  const fields = { requestId: "a1b2c3d4-id", method: "GET", path: "/api/x", status: 200, ms: 1.5 };

  it("writes byte for byte the line pino writes for the same fields, bindings and level", () => {
    const now = Date.now;
    Date.now = () => 1_764_000_000_000;
    try {
      for (const [level, extra] of [
        ["info", {}],
        ["info", { userId: 42 }],
        ["error", { status: 503, path: '/odd"path\\\u0001' }],
      ] as const) {
        const ours = captured();
        const pinos = captured();
        const line = { ...fields, ...extra };
        writeAccessLine(accessLogger(createLogger("info", ours).child({ worker: 2 })), level, line);
        accessLogger(createLogger("info", pinos).child({ worker: 2 }))[level](line);
        expect(ours.written).toEqual(pinos.written);
        expect(JSON.parse(ours.written[0])).toMatchObject({ ...line, worker: 2 });
      }
    } finally {
      Date.now = now;
    }
  });

  it("leaves out an undefined user and writes nothing below the logger's level", () => {
    const out = captured();
    writeAccessLine(createLogger("info", out), "info", { ...fields, userId: undefined });
    expect(JSON.parse(out.written[0])).not.toHaveProperty("userId");
    const quiet = captured();
    writeAccessLine(createLogger("warn", quiet), "info", fields);
    writeAccessLine(createLogger("silent", quiet), "error", fields);
    expect(quiet.written).toEqual([]);
    writeAccessLine(createLogger("warn", quiet), "error", fields);
    expect(JSON.parse(quiet.written[0])).toMatchObject({ level: 50, path: "/api/x" });
  });

  it("hands the fields to a destination that wants them (pino.multistream)", () => {
    const out = captured();
    const logger = pino({ base: undefined }, pino.multistream([{ stream: out }]));
    writeAccessLine(logger, "info", fields);
    expect(JSON.parse(out.written[0])).toMatchObject(fields);
  });
});

describe("maskPath", () => {
  it("masks the secret segment of reset, confirmation, newsletter and order links in both languages", () => {
    const cases: [string, string][] = [
      ["/zmena-hesla/AbC-123_x", "/zmena-hesla/[redacted]"],
      ["/en/change-password/AbC-123_x.data", "/en/change-password/[redacted]"],
      ["/potvrzeni-emailu/tok3n", "/potvrzeni-emailu/[redacted]"],
      ["/en/confirm-email/tok3n", "/en/confirm-email/[redacted]"],
      ["/newsletter/potvrzeni/tok3n", "/newsletter/potvrzeni/[redacted]"],
      ["/en/newsletter/confirm/tok3n", "/en/newsletter/confirm/[redacted]"],
      ["/newsletter/odhlaseni/tok3n/", "/newsletter/odhlaseni/[redacted]"],
      ["/en/newsletter/unsubscribe/tok3n", "/en/newsletter/unsubscribe/[redacted]"],
      ["/Zmena-Hesla/tok3n", "/Zmena-Hesla/[redacted]"],
      ["/zm%65na-hesla/tok3n", "/zm%65na-hesla/[redacted]"],
      ["/%65n/summary/42/h4sh", "/%65n/summary/42/[redacted]"],
      ["/shrnuti/42/h4sh", "/shrnuti/42/[redacted]"],
      ["/ucet/shrnuti/42/h4sh", "/ucet/shrnuti/42/[redacted]"],
    ];
    for (const [path, masked] of cases) expect(maskPath(path), path).toBe(masked);
    // Paths without secrets stay as they are.
    for (const path of ["/", "/zmena-hesla", "/12/rum", "/12/rum/hampden-8-let", "/api/me/sessions/3"])
      expect(maskPath(path)).toBe(path);
  });

  it("keeps the token of a reset link out of the request log line", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = new Hono<AppEnv>();
    app.use(requestLog(pino({ base: undefined }, sink)));
    app.get("*", (c) => c.text("ok"));
    await app.request("/zmena-hesla/Tajny-Token-123");
    await app.request("/newsletter/odhlaseni/Tajny-Token-456.data");
    expect(lines.join("")).not.toContain("Tajny-Token");
    expect(JSON.parse(lines[0]).path).toBe("/zmena-hesla/[redacted]");
  });
});
