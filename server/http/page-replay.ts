import type { RequestListener } from "node:http";
import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { parseCookieHeader } from "#core/web/cookie-header.ts";
import { PAGE_VARIANT_COOKIES, PERSONAL_COOKIES } from "#core/web/page-cookies.ts";
import { type Cache, type CacheRegistry, caches, PUBLIC_CACHE_TAGS, PUBLIC_TAG } from "../lib/cache.ts";
import { isPublicPage, PUBLIC_PAGE_CACHE_CONTROL, SHARED_CACHE_SECONDS } from "./cache-policy.ts";
import { idHeaderFor } from "./request-log.ts";
import type { AppEnv } from "./types.ts";

/**
 * Anonymous pages replayed in front of the whole chain (ADR 0037). The page cache (page-cache.ts)
 * keeps a page's HTML, but a hit there still walks the Hono chain (request log, origin, CSP,
 * secure headers, compression, locale, session, CSRF, page rules) and the node-server adapter's
 * Request and Response objects: 1 to 3 ms of CPU for bytes already made. Here the exact answer a
 * public page left the chain with (status, every header, the body as compressed for that
 * Accept-Encoding) is kept per variant and written straight from the node:http listener to the
 * next request of the same variant, as a proxy in front would.
 *
 * The variant is what the page cache keys on plus what the chain adds on the way out: the URL,
 * Host and forwarded host/protocol, the page-variant cookies' values and Accept-Encoding. Only a
 * GET of a public page (cache-policy.ts) with no Authorization, no personal cookie (session, cart,
 * wishlist) and a User-Agent that is no crawler's is replayed, and only an answer that came out
 * `public` (200, text/html, no Set-Cookie). A copy lives no longer than the page cache's copy
 * would (its Age counts), and every clear of the page cache clears it (both carry the `public`
 * tag, server/lib/cache.ts), so a bid, a write or another instance's NOTIFY drops it at once. Each replay gets its
 * own X-Request-Id and request-log line from the request log in front (withRequestLog).
 */
export type PageReplay = {
  /** The node:http listener: a kept page, or `next` (the rest of the server). */
  listener(next: RequestListener): RequestListener;
  /** Hono middleware, first in the chain: keeps the public pages as they leave it. */
  store: MiddlewareHandler<AppEnv>;
  clear(): void;
  size(): { entries: number; bytes: number };
};

type Entry = { headers: string[]; body: Buffer; bornAt: number; expiresAt: number };

const MAX_HEADER = 512;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Headers that belong to one response, not to the kept answer. */
const PER_RESPONSE = new Set([
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "age",
  "x-page-cache",
]);

/**
 * isbot's verdict per User-Agent, remembered: a site sees a few hundred agents a day, and isbot's
 * expression costs a few µs of every replay (ADR 0120). Bounded: emptied when full, so a client
 * sending a new agent each time costs what it did without the memo.
 */
const crawlerVerdicts = new Map<string, boolean>();
const MAX_AGENTS = 1000;

function isCrawler(agent: string): boolean {
  let verdict = crawlerVerdicts.get(agent);
  if (verdict === undefined) {
    if (crawlerVerdicts.size >= MAX_AGENTS) crawlerVerdicts.clear();
    verdict = isbot(agent);
    crawlerVerdicts.set(agent, verdict);
  }
  return verdict;
}

/** The variant of a request whose page may be replayed, or null. `url` is the path with its query. */
export function pageVariantKey(
  method: string,
  url: string,
  header: (name: string) => string | undefined,
): string | null {
  if (method !== "GET" || url.startsWith("/api/")) return null;
  if (header("authorization") !== undefined) return null;
  const query = url.indexOf("?");
  if (!isPublicPage(query === -1 ? url : url.slice(0, query))) return null;
  const cookies = parseCookieHeader(header("cookie"));
  if (PERSONAL_COOKIES.some((name) => name in cookies)) return null;
  const agent = header("user-agent") ?? "";
  if (agent.length > MAX_HEADER || isCrawler(agent)) return null;
  const variant = PAGE_VARIANT_COOKIES.filter((name) => name in cookies)
    .map((name) => `${name}=${cookies[name]}`)
    .join(";");
  const parts = [
    url,
    header("host") ?? "",
    header("x-forwarded-host") ?? "",
    header("x-forwarded-proto") ?? "",
    header("accept-encoding") ?? "",
    variant,
  ];
  return parts.some((part) => part.length > MAX_HEADER) ? null : parts.join("\n");
}

/** The headers to keep, and how old the answer already was (a page-cache hit carries its Age). */
function keptHeaders(response: Response, length: number): { headers: string[]; age: number } {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name) && name !== "content-length") headers.push(name, value);
  });
  headers.push("content-length", String(length));
  const age = Number(response.headers.get("age") ?? 0);
  return { headers, age: Number.isFinite(age) && age > 0 ? age : 0 };
}

type Copies = Cache<string, Entry>;

/** The node:http side: writes a kept copy with its own Age. */
function replayListener(copies: Copies, now: () => number) {
  return (next: RequestListener): RequestListener =>
    (request, response) => {
      const url = request.url ?? "";
      const key =
        request.method === "GET" && !url.startsWith("/api/")
          ? pageVariantKey("GET", url, (name) => request.headers[name] as string | undefined)
          : null;
      const entry = key === null ? undefined : copies.get(key);
      if (key === null || !entry) return next(request, response);
      const at = now();
      if (entry.expiresAt <= at) {
        copies.delete(key);
        return next(request, response);
      }
      const age = String(Math.floor((at - entry.bornAt) / 1000));
      response.writeHead(200, [
        ...entry.headers,
        "age",
        age,
        "x-page-cache",
        "hit",
        ...idHeaderFor(request, response),
      ]);
      response.end(entry.body);
    };
}

/** The Hono side, first in the chain: keeps a public page's answer as it leaves the chain. */
function storeMiddleware(copies: Copies, now: () => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const key = pageVariantKey(
      raw.method,
      url.pathname + url.search,
      (name) => raw.headers.get(name) ?? undefined,
    );
    const started = copies.generation();
    await next();
    if (key === null || c.res.status !== 200 || c.res.headers.has("set-cookie")) return;
    if (c.res.headers.get("cache-control") !== PUBLIC_PAGE_CACHE_CONTROL) return;
    if (!c.res.headers.get("content-type")?.startsWith("text/html")) return;
    // Read a copy of the body beside the answer (a streamed first render is not held back).
    const copy = c.res.clone();
    void copy.arrayBuffer().then(
      (buffer) => {
        // A clear meanwhile (a bid, a write) may have changed what this page shows: not kept.
        if (copies.generation() !== started) return;
        const body = Buffer.from(buffer);
        const { headers, age } = keptHeaders(copy, body.length);
        const bornAt = now() - age * 1000;
        const expiresAt = bornAt + SHARED_CACHE_SECONDS * 1000;
        const left = expiresAt - now();
        if (left > 0) copies.set(key, { headers, body, bornAt, expiresAt }, { ttlMs: left });
      },
      () => {},
    );
  };
}

export function createPageReplay(
  options: { maxBytes?: number; now?: () => number; registry?: CacheRegistry } = {},
): PageReplay {
  const now = options.now ?? Date.now;
  // Oldest first within maxBytes; cleared with the page cache (the `public` tag).
  const copies = (options.registry ?? caches).create<string, Entry>({
    name: "http.page-replay",
    tags: PUBLIC_CACHE_TAGS,
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeOf: (entry) => entry.body.length,
    now: options.now,
  });
  return {
    listener: replayListener(copies, now),
    store: storeMiddleware(copies, now),
    clear: () => (options.registry ?? caches).invalidate({ tag: PUBLIC_TAG }),
    size: () => ({ entries: copies.size().entries, bytes: copies.size().size }),
  };
}
