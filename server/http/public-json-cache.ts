import type { IncomingHttpHeaders, RequestListener } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { isPublicApiPath, PUBLIC_API_CACHE_CONTROL, SHARED_CACHE_SECONDS } from "./cache-policy.ts";
import { accessLogger, writeKeptHeaders } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

/**
 * The public JSON lists (currencies, countries, settings, the category tree, banners: the GET
 * routes cache-policy.ts declares public) answered from memory in front of the whole chain
 * (ADR 0033). The chain answers the first request of each variant as usual; its exact answer
 * (status, headers, body, compressed or not) is kept and replayed, byte for byte, to the next
 * anonymous requests with the same URL, Host, Accept-Language and Accept-Encoding, for at most
 * SHARED_CACHE_SECONDS: the time the answer itself allows any shared cache (a proxy, a CDN) to
 * keep it. A successful write in any instance clears it at once, as it clears the page cache.
 *
 * Only what cannot be personal is served this way: a GET without Authorization, Cookie or Origin
 * (CORS answers depend on it) header, and only an answer that came out `public`. Each replay
 * still gets its own X-Request-Id and its request-log line (request-log.ts).
 */
export type PublicJsonCache = {
  /** The node:http listener: a kept answer, or `next` (the Hono app). */
  listener(next: RequestListener): RequestListener;
  /** Hono middleware, first in the chain: keeps the public answers of eligible requests. */
  store: MiddlewareHandler<AppEnv>;
  /** Hono middleware: clears after a successful write (any other method than GET/HEAD/OPTIONS). */
  clearOnWrite: MiddlewareHandler<AppEnv>;
  clear(): void;
};

/** A kept answer; `headers` end with the pair `x-request-id`, "" (writeKeptHeaders). */
type Entry = { headers: string[]; body: Buffer; expiresAt: number };

const MAX_ENTRIES = 500;
const MAX_HEADER = 200;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Headers that are per response, not part of the kept answer. */
const PER_RESPONSE = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The variant a request asks for, or null when it may not be served from memory. `url` is the
 * path with its query; `header(source, name)` reads a request header (lower-case name) of
 * `source` (a static reader and its source, so that the listener's look-up allocates no closure).
 */
export function variantKey<Source>(
  method: string,
  url: string,
  header: (source: Source, name: string) => string | undefined,
  source: Source,
): string | null {
  if (method !== "GET") return null;
  if (header(source, "authorization") !== undefined || header(source, "cookie") !== undefined) return null;
  if (header(source, "origin") !== undefined) return null;
  const query = url.indexOf("?");
  if (!isPublicApiPath(query === -1 ? url : url.slice(0, query))) return null;
  const host = header(source, "host") ?? "";
  const forwardedHost = header(source, "x-forwarded-host") ?? "";
  const forwardedProto = header(source, "x-forwarded-proto") ?? "";
  const language = header(source, "accept-language") ?? "";
  const encoding = header(source, "accept-encoding") ?? "";
  if (
    url.length > MAX_HEADER ||
    host.length > MAX_HEADER ||
    forwardedHost.length > MAX_HEADER ||
    forwardedProto.length > MAX_HEADER ||
    language.length > MAX_HEADER ||
    encoding.length > MAX_HEADER
  )
    return null;
  return `${url}\n${host}\n${forwardedHost}\n${forwardedProto}\n${language}\n${encoding}`;
}

/** A header of a node:http request (lower-case name; only Set-Cookie, never asked for, is an array). */
const nodeHeader = (headers: IncomingHttpHeaders, name: string) => headers[name] as string | undefined;
/** A header of a fetch Request. */
const fetchHeader = (headers: Headers, name: string) => headers.get(name) ?? undefined;

export function createPublicJsonCache(logger: Logger): PublicJsonCache {
  const lines = accessLogger(logger);
  let entries = new Map<string, Entry>();
  let generation = 0;

  const listener =
    (next: RequestListener): RequestListener =>
    (request, response) => {
      const url = request.url;
      const key =
        request.method === "GET" && url?.startsWith("/api/")
          ? variantKey("GET", url, nodeHeader, request.headers)
          : null;
      const entry = key === null ? undefined : entries.get(key);
      if (entry && entry.expiresAt > Date.now())
        return writeKeptHeaders(lines, request, response, entry.headers, entry.body);
      return next(request, response);
    };

  const store: MiddlewareHandler<AppEnv> = async (c, next) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const key = variantKey(raw.method, url.pathname + url.search, fetchHeader, raw.headers);
    const started = generation;
    await next();
    if (key === null || c.res.status !== 200) return;
    if (c.res.headers.get("cache-control") !== PUBLIC_API_CACHE_CONTROL || c.res.headers.has("set-cookie"))
      return;
    if (entries.size >= MAX_ENTRIES) return;
    const body = Buffer.from(await c.res.clone().arrayBuffer());
    // A write that cleared meanwhile may have changed what this answer shows: not kept.
    if (generation !== started) return;
    const headers: string[] = [];
    c.res.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push(name, value);
    });
    if (!c.res.headers.has("content-length")) headers.push("content-length", String(body.length));
    // The slot of each replay's own request id (writeKeptHeaders).
    headers.push("x-request-id", "");
    entries.set(key, { headers, body, expiresAt: Date.now() + SHARED_CACHE_SECONDS * 1000 });
  };

  function clear() {
    generation++;
    entries = new Map();
  }

  const clearOnWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (!SAFE_METHODS.has(c.req.method) && c.res.status < 400) clear();
  };

  return { listener, store, clearOnWrite, clear };
}
