import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { httpRequestDuration } from "../lib/metrics.ts";
import { createLogger } from "../logger.ts";
import { idHeaderFor, maskPath, requestContext, withRequestIdHeader, withRequestLog } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

/** The request log as a client and an operator see it: over a real socket, the lines as written. */

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A logger whose lines are kept. */
function capturing(level: string) {
  const written: string[] = [];
  return { written, logger: createLogger(level, { write: (line: string) => void written.push(line) }) };
}

/**
 * A server with the request log in front of `app` (as main.ts builds it, the chain's logger the
 * same as the request log's when `log` is given); its log lines, parsed.
 */
async function serve(
  app: Hono<AppEnv>,
  log: string | ReturnType<typeof capturing> = "info",
  inFront?: (next: RequestListener) => RequestListener,
  idHeader: "here" | "later" = "here",
) {
  const { written, logger } = typeof log === "string" ? capturing(log) : log;
  const chain = getRequestListener(app.fetch);
  const pages = idHeader === "later" ? withRequestIdHeader(chain) : chain;
  const server = createServer(withRequestLog(logger, inFront ? inFront(pages) : pages, { idHeader })).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((resolve) => server.once("listening", resolve));
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The lines once `count` are written: a line is written when its answer is done. */
  const lines = async (count: number) => {
    await expect.poll(() => written.length).toBeGreaterThanOrEqual(count);
    return written.map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { base, written, lines, logger };
}

/** How many answers the request-duration histogram has counted, every label together. */
async function answersCounted(): Promise<number> {
  const { values } = await httpRequestDuration.get();
  return values
    .filter((value) => value.metricName?.endsWith("_count"))
    .reduce((sum, value) => sum + value.value, 0);
}

function chain(logger = createLogger("silent")) {
  const app = new Hono<AppEnv>();
  app.use(requestContext(logger));
  return app;
}

describe("the request log", () => {
  it("writes one line per request: its id, method, path, status and time, no query, header or cookie", async () => {
    const app = chain();
    app.use(async (c, next) => {
      c.set("user", null);
      await next();
    });
    app.get("/api/x", (c) => c.json({ ok: true }));
    const { base, lines, written } = await serve(app);
    const response = await fetch(`${base}/api/x?token=secret-value&q=jan.novak@example.cz`, {
      headers: { Authorization: "Bearer secret-token", Cookie: "auth._token=secret-cookie" },
    });
    expect(response.status).toBe(200);
    const [entry] = await lines(1);
    expect(entry).toMatchObject({
      level: 30,
      requestId: response.headers.get("x-request-id"),
      req: { method: "GET", path: "/api/x" },
      res: { status: 200 },
    });
    expect(typeof entry.ms).toBe("number");
    expect(written).toHaveLength(1);
    for (const secret of ["secret", "jan.novak", "Bearer", "auth._token"])
      expect(written[0]).not.toContain(secret);
  });

  it("writes an answer of 500 and above as an error, and the signed-in user's id", async () => {
    const app = chain();
    app.use(async (c, next) => {
      c.set("user", { id: 42 } as AppEnv["Variables"]["user"]);
      await next();
    });
    app.get("/broken", (c) => c.json({ message: "error" }, 503));
    const { base, lines } = await serve(app);
    await fetch(`${base}/broken`);
    const [entry] = await lines(1);
    expect(entry).toMatchObject({ level: 50, userId: 42, req: { path: "/broken" }, res: { status: 503 } });
  });

  it("writes nothing below the logger's level, and still gives each answer its id", async () => {
    const app = chain();
    app.get("/x", (c) => c.text("ok"));
    const { base, written } = await serve(app, "warn");
    const response = await fetch(`${base}/x`);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(written).toEqual([]);
  });

  it("writes a line for a request whose client left before the answer", async () => {
    const app = chain();
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get("/slow", async (c) => {
      arrived();
      await held;
      return c.text("late");
    });
    const { base, lines } = await serve(app);
    const counted = await answersCounted();
    const leaving = new AbortController();
    const request = fetch(`${base}/slow`, { signal: leaving.signal }).catch((error: Error) => error.name);
    await inHandler;
    leaving.abort();
    expect(await request).toBe("AbortError");
    const [entry] = await lines(1);
    expect(entry).toMatchObject({ level: 30, aborted: true, msg: "request aborted", req: { path: "/slow" } });
    // Its time is no answer's: the duration histogram (the operator's latency) leaves it out.
    expect(await answersCounted()).toBe(counted);
    release();
  });

  it("keeps the token of a reset or unsubscribe link out of the line", async () => {
    const app = chain();
    app.get("*", (c) => c.text("ok"));
    const { base, lines, written } = await serve(app);
    await fetch(`${base}/zmena-hesla/Tajny-Token-123`);
    await fetch(`${base}/newsletter/odhlaseni/Tajny-Token-456.data`);
    const entries = await lines(2);
    expect(written.join("")).not.toContain("Tajny-Token");
    expect(entries.map((entry) => (entry.req as { path: string }).path)).toEqual([
      "/zmena-hesla/[redacted]",
      "/newsletter/odhlaseni/[redacted]",
    ]);
  });

  it("gives the chain's own lines the request's id, and their errors without secrets", async () => {
    const log = capturing("info");
    const app = chain(log.logger);
    app.get("/x", (c) => {
      c.get("logger").warn({ password: "Heslo-1" }, "something odd");
      return c.text(c.get("requestId"));
    });
    const { base, lines, written } = await serve(app, log);
    const response = await fetch(`${base}/x`, { headers: { "X-Request-Id": "caller-id-0001" } });
    expect(await response.text()).toBe("caller-id-0001");
    const entries = await lines(2);
    expect(entries[0]).toMatchObject({ requestId: "caller-id-0001", msg: "something odd" });
    expect(entries[0]).not.toHaveProperty("req");
    expect(written.join("")).not.toContain("Heslo-1");
  });
});

describe("the X-Request-Id header", () => {
  it("is on every answer: the caller's when sane, else a new one; made, returned as it is, shared, an error or a replay", async () => {
    const shared = new Response("shared");
    const app = chain();
    app.get("/json", (c) => c.json({ ok: true }));
    app.get("/raw", () => new Response("raw", { headers: { "X-Own": "1" } }));
    app.get("/redirect", () => Response.redirect("http://localhost/json", 302));
    app.get("/shared", () => shared);
    app.get("/error", () => {
      throw new Error("boom");
    });
    app.onError((_error, c) => c.json({ message: "error" }, 500));
    // A listener in front of the chain answering from memory, as the replays do.
    const replay =
      (next: RequestListener): RequestListener =>
      (request, response) => {
        if (request.url !== "/replayed") return next(request, response);
        response.writeHead(200, ["content-type", "text/plain", "content-length", "4"]);
        response.end("kept");
      };
    const { base, lines } = await serve(app, "info", replay);
    const paths = ["/json", "/raw", "/redirect", "/shared", "/shared", "/error", "/replayed"];
    for (const path of paths) {
      const id = `caller-id-${path.slice(1)}`;
      const response = await fetch(`${base}${path}`, { headers: { "X-Request-Id": id }, redirect: "manual" });
      expect(response.headers.get("x-request-id"), path).toBe(id);
    }
    expect((await lines(paths.length)).map((entry) => entry.requestId)).toEqual(
      paths.map((path) => `caller-id-${path.slice(1)}`),
    );
    // The shared answer itself was never changed.
    expect(shared.headers.get("x-request-id")).toBeNull();
    for (const odd of ["short", "bad id with spaces", "x".repeat(101)]) {
      const response = await fetch(`${base}/json`, { headers: { "X-Request-Id": odd } });
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("the X-Request-Id header left to the listeners (main.ts)", () => {
  it("is on every answer once, the replay's in its own header list", async () => {
    const app = chain();
    app.get("/json", (c) => c.json({ ok: true }));
    app.get("/raw", () => new Response("raw", { headers: { "X-Own": "1" } }));
    const replay =
      (next: RequestListener): RequestListener =>
      (request, response) => {
        if (request.url !== "/replayed") return next(request, response);
        response.writeHead(200, [
          "content-type",
          "text/plain",
          "content-length",
          "4",
          ...idHeaderFor(request, response),
        ]);
        response.end("kept");
      };
    const { base, lines } = await serve(app, "info", replay, "later");
    const paths = ["/json", "/raw", "/replayed", "/missing"];
    const ids: (string | null)[] = [];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`, {
        headers: { "X-Request-Id": `caller-id-${path.slice(1)}` },
      });
      expect(response.headers.get("x-request-id"), path).toBe(`caller-id-${path.slice(1)}`);
      ids.push(response.headers.get("x-request-id"));
    }
    const fresh = await fetch(`${base}/replayed`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    ids.push(fresh.headers.get("x-request-id"));
    expect((await lines(ids.length)).map((entry) => entry.requestId)).toEqual(ids);
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
});
