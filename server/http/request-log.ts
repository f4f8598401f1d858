import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { PAGE_PATHS } from "#core/i18n/paths.ts";
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

/**
 * The path as it may be logged: secret segments (with a client navigation's `.data`) become
 * `[redacted]`. Matching ignores case and percent-encoding, as the router does.
 */
export function maskPath(path: string): string {
  const segments = path.replace(/\/+$/, "").split("/");
  // Every such path starts with a fixed segment ("shrnuti", "en", …): any other path, an API
  // call say, is returned at once, since this runs for every logged request.
  const patterns = segments.length > 1 ? SECRET_BY_FIRST.get(comparable(segments[1])) : undefined;
  if (!patterns) return path;
  const decoded = segments.map(comparable);
  for (const pattern of patterns) {
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((part, i) => part.startsWith(":") || part === decoded[i])) continue;
    return pattern.map((part, i) => (SECRET_PARAMS.has(part) ? "[redacted]" : segments[i])).join("/");
  }
  return path;
}

/**
 * The logger of the request-log lines: the same output without the redaction pass (which cost
 * more than the rest of the line, bench/api.ts), since the line's fields are fixed and none holds
 * a secret: the id, the method, the masked path, the status, the time and the user's id.
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/** The caller's X-Request-Id when it is sane (8 to 100 word characters, dots, dashes), else a new UUID. */
export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === "string" && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Writes a kept answer (200) straight from the node:http listener, with its own X-Request-Id and
 * the same request-log line the chain writes: the replays in front of the chain
 * (public-json-cache.ts, page-replay.ts).
 */
export function writeKeptAnswer(
  lines: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  kept: { headers: string[]; body: Buffer },
): void {
  const started = performance.now();
  const requestId = requestIdFrom(request.headers["x-request-id"]);
  response.writeHead(200, [...kept.headers, "x-request-id", requestId]);
  response.end(kept.body);
  lines.info({
    requestId,
    method: "GET",
    path: maskPath((request.url ?? "").split("?")[0]),
    status: 200,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}

/**
 * Gives each request an id (the caller's X-Request-Id when it is sane, else a new UUID), returns
 * it in the response, and writes one log line when the response is done. Query strings are left
 * out of the log because searches can carry personal data, and the secret segments of reset,
 * confirmation, unsubscribe and order links are masked (maskPath).
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const lines = accessLogger(logger);
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    const started = performance.now();
    try {
      await next();
    } finally {
      c.header("X-Request-Id", requestId);
      const status = c.res.status;
      lines[status >= 500 ? "error" : "info"]({
        requestId,
        method: c.req.method,
        path: maskPath(c.req.path),
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get("user")?.id,
      });
    }
  };
}
