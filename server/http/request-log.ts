import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { PAGE_PATHS } from "#core/i18n/paths.ts";
import { httpRequestDuration } from "../lib/metrics.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./types.ts";

/** Path params that are secrets: whoever has the link may reset a password, confirm, unsubscribe or see an order. */
const SECRET_PARAMS = new Set([":hash", ":token"]);

/**
 * The page paths with a secret segment (/zmena-hesla/:hash, /potvrzeni-emailu/:token,
 * /newsletter/potvrzeni/:token, /newsletter/odhlaseni/:token, /shrnuti/:id/:hash and their
 * English twins), taken from the route table so that a new such page is masked without anyone
 * remembering to.
 */
const SECRET_PATTERNS: string[][] = Object.values(PAGE_PATHS)
  .flatMap((paths): string[] => Object.values(paths))
  .map((pattern) => pattern.split("/"))
  .filter((segments) => segments.some((segment) => SECRET_PARAMS.has(segment)));

/** Those patterns by their first segment, which maskPath relies on being fixed text. */
if (SECRET_PATTERNS.some((pattern) => pattern[1].startsWith(":"))) {
  throw new Error(
    "request-log.ts: a secret page path starts with a parameter; maskPath must look at it whole",
  );
}
const SECRET_BY_FIRST = Map.groupBy(SECRET_PATTERNS, (pattern) => pattern[1]);

const comparable = (segment: string) => {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

/** A first segment that may name a secret path only once decoded or lower-cased (%, A-Z, non-ASCII). */
const NEEDS_NORMALISING = /[^a-z0-9._~-]/;

/**
 * The path as it may be logged: secret segments (with a client navigation's `.data`) become
 * `[redacted]`. Matching ignores case and percent-encoding, as the router does.
 */
export function maskPath(path: string): string {
  // Every such path starts with a fixed segment ("shrnuti", "en", …): any other path, an API
  // call say, is returned at once, without splitting it, since this runs for every logged request.
  const end = path.indexOf("/", 1);
  const first = path.slice(1, end === -1 ? path.length : end);
  const patterns =
    SECRET_BY_FIRST.get(first) ??
    (NEEDS_NORMALISING.test(first) ? SECRET_BY_FIRST.get(comparable(first)) : undefined);
  if (!patterns || path[0] !== "/") return path;
  const segments = path.replace(/\/+$/, "").split("/");
  const decoded = segments.map(comparable);
  for (const pattern of patterns) {
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((part, i) => part.startsWith(":") || part === decoded[i])) continue;
    return pattern.map((part, i) => (SECRET_PARAMS.has(part) ? "[redacted]" : segments[i])).join("/");
  }
  return path;
}

/** The caller's X-Request-Id when it is sane (8 to 100 word characters, dots, dashes), else a new UUID. */
export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === "string" && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
}

/** The path of a request's URL, without its query (searches can carry personal data). */
const pathOf = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

/**
 * What the request log knows of each request under way: its id (set in front of everything),
 * then, once the chain ran (requestContext), the signed-in user and the route that answered.
 * A request the chain never saw (a replay from memory) has no `route`.
 */
type UnderWay = { id: string; userId?: number | string; route?: string | null };
const underWay = new WeakMap<IncomingMessage, UnderWay>();

/**
 * The metrics' route label: the API's route pattern (`/api/auctions/:id/bids`), `page` for React
 * Router's pages, `static` for the build's files, `cached` for an answer replayed before the chain.
 * Never the path itself: ids would make a series per listing.
 */
function routeLabel(request: IncomingMessage, route: string | null | undefined): string {
  if (route === undefined) return "cached";
  if (route !== null) return route;
  const url = request.url ?? "";
  if (url.startsWith("/api/")) return "/api/*";
  return url.startsWith("/assets/") || url.startsWith("/uploads/") ? "static" : "page";
}

/**
 * The route a request was answered by: the first matched route of a method (app.get, the API's
 * routes); middleware and catch-alls (app.use, app.all: pages, static files, the API's 404) are
 * "ALL" and leave it null.
 */
function answeringRoute(c: Context<AppEnv>): string | null {
  return matchedRoutes(c).find((route) => route.method !== "ALL")?.path ?? null;
}

/**
 * The request log (ADR 0061, amended by 0120), in front of everything the node:http server
 * answers, the replays before the chain included (public-json-cache.ts, page-replay.ts). Each
 * request gets an id (the caller's X-Request-Id when it is sane, else a new UUID), returned in
 * X-Request-Id, and one line through the logger when its answer is done (or its connection
 * closed first): the id, the method, the path without its query and with its secret segments
 * masked (maskPath), the status, the time in ms and the signed-in user's id. The line names only
 * those fields, so no header (cookies, Authorization) ever reaches it; the logger's redaction
 * stays on for everything else. Nothing but the id and one listener is made per request: the
 * line's object only when its level is on, the chain's logger with the request's id only by the
 * chain (requestContext), not for an answer replayed from memory (pino-http made two child
 * loggers per request, whatever the level: ADR 0120).
 */
export function withRequestLog(
  logger: Logger,
  next: RequestListener,
  { idHeader = "here" }: { idHeader?: "here" | "later" } = {},
): RequestListener {
  return (request, response) => {
    const started = process.hrtime.bigint();
    const record: UnderWay = { id: requestIdFrom(request.headers["x-request-id"]) };
    underWay.set(request, record);
    if (idHeader === "here") response.setHeader("X-Request-Id", record.id);
    // 'close' comes once per answer: after it is sent, or when the connection ended first.
    response.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = response.statusCode;
      const method = request.method ?? "GET";
      const finished = response.writableFinished;
      // Answers sent only: a live stream the viewer left, or a request cut off, has no duration to count.
      if (finished)
        httpRequestDuration.observe(
          { method, route: routeLabel(request, record.route), status: String(status) },
          seconds,
        );
      const level = status >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        requestId: record.id,
        ...(record.userId === undefined ? {} : { userId: record.userId }),
        req: { method, path: maskPath(pathOf(request.url ?? "")) },
        res: { status },
        ms: Math.round(seconds * 1000),
        ...(finished ? {} : { aborted: true }),
      };
      logger[level](line, finished ? "request completed" : "request aborted");
    });
    next(request, response);
  };
}

/**
 * `idHeader: "later"` (server/main.ts, ADR 0128): the request log leaves X-Request-Id to the
 * listeners behind it. A replay from memory writes it in its one `writeHead` list (idHeaderFor);
 * withRequestIdHeader sets it for everything else. node:http takes a `writeHead` list as it is
 * only while no header was set before it: one set first makes it copy the list into its own
 * header object name by name, about a tenth of a replayed page's CPU.
 */
export function idHeaderFor(request: IncomingMessage, response: ServerResponse): string[] {
  const record = underWay.get(request);
  return record && !response.hasHeader("x-request-id") ? ["x-request-id", record.id] : [];
}

/** Sets the X-Request-Id the request log gave, for the listener behind (the Hono chain). */
export function withRequestIdHeader(next: RequestListener): RequestListener {
  return (request, response) => {
    const [name, id] = idHeaderFor(request, response);
    if (id) response.setHeader(name, id);
    next(request, response);
  };
}

/**
 * The request's id and logger in the chain's context: the id the request log gave (withRequestLog)
 * when the chain runs behind it, made here otherwise (`app.request` in tests, the bench's
 * in-process chain); the logger carries it on every line the chain writes. After the chain, tells
 * the request log who was signed in and which route answered.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const record = incoming && underWay.get(incoming);
    const requestId = record ? record.id : requestIdFrom(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    try {
      await next();
    } finally {
      if (record) {
        record.userId = c.get("user")?.id;
        record.route = answeringRoute(c);
      }
    }
  };
}
