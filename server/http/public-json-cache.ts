import type { IncomingHttpHeaders, RequestListener } from "node:http";
import type { MiddlewareHandler } from "hono";
import { type CacheRegistry, caches, PUBLIC_CACHE_TAGS, PUBLIC_TAG } from "../lib/cache.ts";
import { isPublicApiPath, PUBLIC_API_CACHE_CONTROL, SHARED_CACHE_SECONDS } from "./cache-policy.ts";
import { idHeaderFor } from "./request-log.ts";
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
 * still gets its own X-Request-Id and its request-log line: the request log is in front of this
 * listener (withRequestLog, request-log.ts).
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

/** What a kept answer depends on besides its URL: the request headers that may change it. */
type Variant = {
  host: string;
  forwardedHost: string;
  forwardedProto: string;
  language: string;
  encoding: string;
};
/** A kept answer: its headers as node:http takes them (name, value, name, value…). */
type Entry = Variant & { headers: string[]; body: Buffer; expiresAt: number };

const MAX_ENTRIES = 500;
const MAX_HEADER = 200;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Headers that are per response, not part of the kept answer. */
const PER_RESPONSE = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The variant a request asks for, or null when it may not be served from memory. `url` is the
 * path with its query; `header(source, name)` reads a request header (lower-case name) of
 * `source`.
 */
export function variantOf<Source>(
  method: string,
  url: string,
  header: (source: Source, name: string) => string | undefined,
  source: Source,
): Variant | null {
  if (method !== "GET") return null;
  if (header(source, "authorization") !== undefined || header(source, "cookie") !== undefined) return null;
  if (header(source, "origin") !== undefined) return null;
  const query = url.indexOf("?");
  if (!isPublicApiPath(query === -1 ? url : url.slice(0, query))) return null;
  const variant = {
    host: header(source, "host") ?? "",
    forwardedHost: header(source, "x-forwarded-host") ?? "",
    forwardedProto: header(source, "x-forwarded-proto") ?? "",
    language: header(source, "accept-language") ?? "",
    encoding: header(source, "accept-encoding") ?? "",
  };
  if (url.length > MAX_HEADER || Object.values(variant).some((value) => value.length > MAX_HEADER))
    return null;
  return variant;
}

const sameVariant = (a: Variant, b: Variant) =>
  a.host === b.host &&
  a.forwardedHost === b.forwardedHost &&
  a.forwardedProto === b.forwardedProto &&
  a.language === b.language &&
  a.encoding === b.encoding;

/**
 * The kept answer of an anonymous node:http GET, if any: by its URL, then among that URL's
 * variants the one asked with the same headers (compared as they are: no key is put together).
 */
function keptFor(kept: Entry[], headers: IncomingHttpHeaders): Entry | undefined {
  if (headers.authorization !== undefined || headers.cookie !== undefined || headers.origin !== undefined)
    return undefined;
  const host = headers.host ?? "";
  const language = headers["accept-language"] ?? "";
  const encoding = headers["accept-encoding"] ?? "";
  for (const entry of kept) {
    if (entry.host !== host || entry.language !== language || entry.encoding !== encoding) continue;
    if (entry.forwardedHost !== (headers["x-forwarded-host"] ?? "")) continue;
    if (entry.forwardedProto === (headers["x-forwarded-proto"] ?? "")) return entry;
  }
  return undefined;
}

/** A header of a fetch Request. */
const fetchHeader = (headers: Headers, name: string) => headers.get(name) ?? undefined;

export function createPublicJsonCache(options: { registry?: CacheRegistry } = {}): PublicJsonCache {
  const registry = options.registry ?? caches;
  /**
   * The kept answers by URL (path and query), each URL's variants in a short list: MAX_ENTRIES
   * answers at most, the least recently asked URLs dropped first. Cleared with the page cache
   * (the `public` tag); its generation is bumped by every clear.
   */
  const entries = registry.create<string, Entry[]>({
    name: "http.public-json",
    tags: PUBLIC_CACHE_TAGS,
    maxSize: MAX_ENTRIES,
    sizeOf: (variants) => variants.length,
    ttlMs: SHARED_CACHE_SECONDS * 1000,
  });

  const listener =
    (next: RequestListener): RequestListener =>
    (request, response) => {
      const url = request.url;
      const kept = request.method === "GET" && url?.startsWith("/api/") ? entries.get(url) : undefined;
      const entry = kept === undefined ? undefined : keptFor(kept, request.headers);
      if (entry && entry.expiresAt > Date.now()) {
        const id = idHeaderFor(request, response);
        response.writeHead(200, id.length > 0 ? [...entry.headers, ...id] : entry.headers);
        response.end(entry.body);
        return;
      }
      return next(request, response);
    };

  const store: MiddlewareHandler<AppEnv> = async (c, next) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const path = url.pathname + url.search;
    const variant = variantOf(raw.method, path, fetchHeader, raw.headers);
    const started = entries.generation();
    await next();
    if (variant === null || c.res.status !== 200) return;
    if (c.res.headers.get("cache-control") !== PUBLIC_API_CACHE_CONTROL || c.res.headers.has("set-cookie"))
      return;
    const body = Buffer.from(await c.res.clone().arrayBuffer());
    // A write that cleared meanwhile may have changed what this answer shows: not kept.
    if (entries.generation() !== started) return;
    const headers: string[] = [];
    c.res.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push(name, value);
    });
    if (!c.res.headers.has("content-length")) headers.push("content-length", String(body.length));
    const entry = { ...variant, headers, body, expiresAt: Date.now() + SHARED_CACHE_SECONDS * 1000 };
    // node:http's request.url is this same text for any URL the URL parser leaves as it is; one it
    // rewrites (dot segments, say) is simply never replayed.
    const kept = (entries.peek(path) ?? []).filter((other) => !sameVariant(other, variant));
    entries.set(path, [...kept, entry]);
  };

  const clear = () => registry.invalidate({ tag: PUBLIC_TAG });

  const clearOnWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (!SAFE_METHODS.has(c.req.method) && c.res.status < 400) clear();
  };

  return { listener, store, clearOnWrite, clear };
}
