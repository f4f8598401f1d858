import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import pino from "pino";
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

/**
 * The logger of the request-log lines: the same output without the redaction pass (which cost
 * more than the rest of the line, bench/api.ts), since the line's fields are fixed and none holds
 * a secret: the id, the method, the masked path, the status, the time and the user's id.
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/** The fields of a request-log line, in the order they are written. */
export type AccessLine = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  userId?: number | string;
};

type Symbols = typeof pino.symbols;
const chindingsSym: Symbols["chindingsSym"] = pino.symbols.chindingsSym;
const endSym: Symbols["endSym"] = pino.symbols.endSym;
const lsCacheSym: Symbols["lsCacheSym"] = pino.symbols.lsCacheSym;
const needsMetadataGsym: Symbols["needsMetadataGsym"] = pino.symbols.needsMetadataGsym;
const streamSym: Symbols["streamSym"] = pino.symbols.streamSym;
const timeSym: Symbols["timeSym"] = pino.symbols.timeSym;

/** What of a pino logger a request-log line is made of (pino's own pieces, ADR 0047). */
type LinePieces = {
  [lsCacheSym]: Record<number, string>;
  [timeSym]: () => string;
  [chindingsSym]: string;
  [endSym]: string;
  [streamSym]: { write(line: string): unknown; [needsMetadataGsym]?: boolean };
};

/** Printable ASCII but `"` and `\\`: a string that is its own JSON text between quotes. */
const JSON_SAFE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** A string as JSON: an id, a method or a path as it is, anything else through JSON.stringify. */
const jsonText = (text: string) => (JSON_SAFE.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * Writes one request-log line through `lines` (accessLogger), byte for byte what `lines[level]
 * (fields)` writes, but put together here: pino's level prefix, time and bindings (the worker's
 * number) and end, then the fixed fields, with no serializers, redaction pass or key loop. A field
 * left undefined (`userId` of an anonymous request) is left out, as pino does. None of the fields
 * can hold a secret: the path is masked (maskPath) and has no query. A destination that wants
 * each line's fields (pino.multistream) gets them through pino. ADR 0047.
 */
export function writeAccessLine(lines: Logger, level: "info" | "error", fields: AccessLine): void {
  const value = lines.levels.values[level];
  if (value < lines.levelVal) return;
  const pieces = lines as unknown as LinePieces;
  const stream = pieces[streamSym];
  if (stream[needsMetadataGsym] === true) {
    lines[level](fields);
    return;
  }
  const { userId } = fields;
  stream.write(
    `${pieces[lsCacheSym][value]}${pieces[timeSym]()}${pieces[chindingsSym]},"requestId":${jsonText(fields.requestId)},"method":${jsonText(fields.method)},"path":${jsonText(fields.path)},"status":${fields.status},"ms":${fields.ms}${userId === undefined ? "" : `,"userId":${JSON.stringify(userId)}`}${pieces[endSym]}`,
  );
}

/** The caller's X-Request-Id when it is sane (8 to 100 word characters, dots, dashes), else a new UUID. */
export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === "string" && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
}

/** The path of a request's URL, without its query. */
const pathOf = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Writes a kept answer (200) straight from the node:http listener, with its own X-Request-Id and
 * the same request-log line the chain writes: the replays in front of the chain
 * (public-json-cache.ts, page-replay.ts). `headers` end with the pair `x-request-id`, "": its
 * value is set to this request's id just for the write (node:http reads the array at once and
 * keeps none of it), so a kept answer's headers are one array for all its replays.
 */
export function writeKeptHeaders(
  lines: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  headers: string[],
  body: Buffer,
): void {
  const started = performance.now();
  const requestId = requestIdFrom(request.headers["x-request-id"]);
  headers[headers.length - 1] = requestId;
  try {
    response.writeHead(200, headers);
  } finally {
    headers[headers.length - 1] = "";
  }
  response.end(body);
  writeAccessLine(lines, "info", {
    requestId,
    method: "GET",
    path: maskPath(pathOf(request.url ?? "")),
    status: 200,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}

/** writeKeptHeaders for headers without the request id's pair (page-replay.ts adds its Age). */
export function writeKeptAnswer(
  lines: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  kept: { headers: string[]; body: Buffer },
): void {
  writeKeptHeaders(lines, request, response, [...kept.headers, "x-request-id", ""], kept.body);
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
    // Set before the answer exists, so that an answer the context makes (c.json, c.body) is made
    // with it; after, Hono's c.header copies the whole answer to add one header (bench/README.md).
    c.header("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      // An answer returned as it is (a file, a page, an error) gets it now, on a copy.
      if (c.res.headers.get("x-request-id") !== requestId) c.header("X-Request-Id", requestId);
      const status = c.res.status;
      writeAccessLine(lines, status >= 500 ? "error" : "info", {
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
