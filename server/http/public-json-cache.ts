import type { RequestListener } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { isPublicApiPath, PUBLIC_API_CACHE_CONTROL, SHARED_CACHE_SECONDS } from "./cache-policy.ts";
import { accessLogger, writeKeptAnswer } from "./request-log.ts";
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

type Entry = { headers: string[]; body: Buffer; expiresAt: number };

const MAX_ENTRIES = 500;
const MAX_HEADER = 200;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Headers that are per response, not part of the kept answer. */
const PER_RESPONSE = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The variant a request asks for, or null when it may not be served from memory. `url` is the
 * path with its query; `header` reads a request header (lower-case name).
 */
export function variantKey(
  method: string,
  url: string,
  header: (name: string) => string | undefined,
): string | null {
  if (method !== "GET") return null;
  if (header("authorization") !== undefined || header("cookie") !== undefined) return null;
  if (header("origin") !== undefined) return null;
  const query = url.indexOf("?");
  if (!isPublicApiPath(query === -1 ? url : url.slice(0, query))) return null;
  const parts = [
    url,
    header("host") ?? "",
    header("x-forwarded-host") ?? "",
    header("x-forwarded-proto") ?? "",
    header("accept-language") ?? "",
    header("accept-encoding") ?? "",
  ];
  return parts.some((part) => part.length > MAX_HEADER) ? null : parts.join("\n");
}

export function createPublicJsonCache(logger: Logger): PublicJsonCache {
  const lines = accessLogger(logger);
  let entries = new Map<string, Entry>();
  let generation = 0;

  const listener =
    (next: RequestListener): RequestListener =>
    (request, response) => {
      const key =
        request.method === "GET" && request.url?.startsWith("/api/")
          ? variantKey("GET", request.url, (name) => request.headers[name] as string | undefined)
          : null;
      const entry = key === null ? undefined : entries.get(key);
      if (entry && entry.expiresAt > Date.now()) return writeKeptAnswer(lines, request, response, entry);
      return next(request, response);
    };

  const store: MiddlewareHandler<AppEnv> = async (c, next) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const key = variantKey(
      raw.method,
      url.pathname + url.search,
      (name) => raw.headers.get(name) ?? undefined,
    );
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
