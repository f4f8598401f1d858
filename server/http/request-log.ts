import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { pinoHttp } from "pino-http";
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

/** The signed-in user's id of each request under way, set by the chain (requestContext). */
const signedIn = new WeakMap<IncomingMessage, number | string>();

/** The route pattern that answered each request under way (requestContext), for the metrics' label. */
const answeredBy = new WeakMap<IncomingMessage, string | null>();

/**
 * The metrics' route label: the API's route pattern (`/api/auctions/:id/bids`), `page` for React
 * Router's pages, `static` for the build's files, `cached` for an answer replayed before the chain.
 * Never the path itself: ids would make a series per listing.
 */
function routeLabel(request: IncomingMessage): string {
  const route = answeredBy.get(request);
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
 * The request log (ADR 0061): pino-http, in front of everything the node:http server answers,
 * the replays before the chain included (public-json-cache.ts, page-replay.ts). Each request gets
 * an id (the caller's X-Request-Id when it is sane, else a new UUID), returned in X-Request-Id,
 * and one line when its answer is done: the id, the method, the path without its query and with
 * its secret segments masked (maskPath), the status, the time in ms and the signed-in user's id.
 * The serializers write only those fields of the request and the answer, so no header (cookies,
 * Authorization) ever reaches the line; the logger's redaction stays on for everything else.
 * `req.log` (c.var.logger in the chain) is the logger with the request's id.
 */
export function withRequestLog(logger: Logger, next: RequestListener): RequestListener {
  const log = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    genReqId(request, response) {
      const id = requestIdFrom(request.headers["x-request-id"]);
      response.setHeader("X-Request-Id", id);
      return id;
    },
    customAttributeKeys: { reqId: "requestId", responseTime: "ms" },
    // The chain's own lines carry the request's id only, not the request again.
    quietReqLogger: true,
    // Only these serializers: the logger's own (errors without query values) stay in force.
    wrapSerializers: false,
    serializers: {
      req: (request: IncomingMessage) => ({
        method: request.method,
        path: maskPath(pathOf(request.url ?? "")),
      }),
      res: (response: ServerResponse) => ({ status: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : "info"),
    customProps(request) {
      const userId = signedIn.get(request);
      return userId === undefined ? {} : { userId };
    },
  });
  return (request, response) => {
    const started = process.hrtime.bigint();
    response.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequestDuration.observe(
        { method: request.method ?? "GET", route: routeLabel(request), status: String(response.statusCode) },
        seconds,
      );
    });
    log(request, response);
    next(request, response);
  };
}

/**
 * The request's id and logger in the chain's context: those of the request log (withRequestLog)
 * when the chain runs behind it, made here otherwise (`app.request` in tests, the bench's
 * in-process chain). After the chain, tells the request log who was signed in.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const logged = incoming?.log !== undefined && typeof incoming.id === "string";
    const requestId = logged ? (incoming.id as string) : requestIdFrom(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("logger", logged ? incoming.log : logger.child({ requestId }));
    try {
      await next();
    } finally {
      const userId = c.get("user")?.id;
      if (incoming && userId !== undefined) signedIn.set(incoming, userId);
      if (incoming) answeredBy.set(incoming, answeringRoute(c));
    }
  };
}
