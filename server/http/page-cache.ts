import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { parseCookieHeader } from "#core/web/cookie-header.ts";
import { PAGE_VARIANT_COOKIES } from "#core/web/page-cookies.ts";
import { type CacheRegistry, caches, PUBLIC_CACHE_TAGS, PUBLIC_TAG } from "../lib/cache.ts";
import {
  applyPageCacheHeaders,
  isAnonymousRequest,
  isPublicPage,
  SHARED_CACHE_SECONDS,
} from "./cache-policy.ts";
import { contentSecurityPolicy } from "./csp.ts";
import type { AppEnv } from "./types.ts";

/**
 * The anonymous page cache (ADR 0027): the HTML of a public page (cache-policy.ts) that an
 * anonymous visitor got, kept in this process for SHARED_CACHE_SECONDS and handed to the next
 * anonymous visitor whose request would render the same page. Any change a page may show (a bid,
 * an auction's state, a price, an edit: any successful write, and the auction events of every
 * instance) clears it all at once; the live stream corrects prices that change after a page
 * loaded.
 *
 * Which request gets which copy: the key is the site's origin, the path with its query and the
 * values of the cookies that change the render (core/web/page-cookies.ts). A request with a
 * session, a guest cart or wishlist, an Authorization header, or from a crawler (isbot: crawlers
 * get the page without the age gate) is neither served nor stored. The maintenance switch is
 * checked before (page-rules.ts), so it takes effect at once.
 *
 * A copy keeps the whole response: body and headers, the Content-Security-Policy with the nonce
 * its scripts carry among them. Whoever reads a cached page learns its nonce, but the page's
 * content was fixed before that nonce existed, so nothing injected can carry it.
 */
export type PageCache = {
  /** Serves and keeps the pages (after page-rules.ts, before React Router). */
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * Clears the cache after every successful write (a POST, PUT, PATCH or DELETE answered below
   * 400), here and, through `announce`, in the other instances; a write whose own NOTIFY already
   * reaches them (`changeNotified`, an accepted bid) announces nothing more (ADR 0056).
   */
  clearOnWrite: MiddlewareHandler<AppEnv>;
  /**
   * Drops every copy of every public page and list, the ones replayed before the chain too
   * (page-replay.ts, public-json-cache.ts), and the renders that started before (they may have
   * read the old rows): an invalidation of the `public` tag (server/lib/cache.ts).
   */
  clear(): void;
  /** Copies held and their bytes (diagnostics, tests). */
  size(): { entries: number; bytes: number };
};

type Entry = {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The body gzipped, made at the first hit that accepts it and kept with the copy. */
  gzipped?: Promise<Uint8Array<ArrayBuffer>>;
  storedAt: number;
};

const gzipAsync = promisify(gzip);
/** Whether the request accepts gzip (named without q=0). */
const ACCEPTS_GZIP = /(?:^|,)\s*(?:gzip|\*)\s*(?:,|$|;\s*q=(?!0(?:\.0*)?\s*(?:,|$)))/i;

export type PageCacheOptions = {
  /** The bytes of HTML kept at most; the least recently used copies go first. */
  maxBytes?: number;
  ttlSeconds?: number;
  now?: () => number;
  /** Tells the other instances that this one wrote (public-changes.ts); they clear their caches. */
  announce?: () => void;
  /** The registry the copies are kept in (server/lib/cache.ts); the process's by default. */
  registry?: CacheRegistry;
};

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The key of a request whose page may be shared, or null when it must be rendered for it alone. */
function keyOf(c: Context<AppEnv>): string | null {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return null;
  const url = new URL(c.req.url);
  if (!isPublicPage(url.pathname) || !isAnonymousRequest(c)) return null;
  if (isbot(c.req.header("user-agent") ?? "")) return null;
  const cookies = parseCookieHeader(c.req.header("cookie"));
  const variant = PAGE_VARIANT_COOKIES.filter((name) => name in cookies)
    .map((name) => `${name}=${encodeURIComponent(cookies[name])}`)
    .join(";");
  const origin = c.get("requestOrigin") ?? url.origin;
  return `${origin}${url.pathname}${url.search}\n${variant}`;
}

/**
 * A copy as an answer. Gzipped once per copy for the browsers that accept it: the compression
 * layer outside (app.ts) then leaves it alone, and a hit costs no compression.
 */
async function respond(entry: Entry, method: string, acceptEncoding: string, now: number): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set("Age", String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))));
  headers.set("X-Page-Cache", "hit");
  let body = entry.body;
  if (ACCEPTS_GZIP.test(acceptEncoding)) {
    entry.gzipped ??= gzipAsync(entry.body).then((zipped) => new Uint8Array(zipped));
    body = await entry.gzipped;
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(method === "HEAD" ? null : body, { status: entry.status, headers });
}

/** Reads the cache's half of a teed body to its end; null when it fails or outgrows `maxBytes`. */
async function collect(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk);
      length += chunk.byteLength;
      if (length > maxBytes) {
        await stream.cancel().catch(() => {});
        return null;
      }
    }
  } catch {
    return null;
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The headers a copy keeps: the compression layer outside adds Accept-Encoding to Vary, so must a hit. */
function copyHeaders(response: Response): [string, string][] {
  const headers = [...response.headers.entries()].map(([name, value]): [string, string] =>
    name === "vary" && !/accept-encoding/i.test(value) ? [name, `${value}, Accept-Encoding`] : [name, value],
  );
  if (!response.headers.has("vary")) headers.push(["vary", "Accept-Encoding"]);
  return headers;
}

/**
 * The policy the outer CSP middleware would set, fixed now with this render's nonce, so that the
 * copy carries the one its scripts were given.
 */
function fixPolicy(c: Context<AppEnv>) {
  if (c.res.headers.has("content-security-policy")) return;
  c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("cspNonce"), c.get("config")));
}

/** Renders under way, so that a burst of visitors to one page waits for one render. */
function createRenders() {
  const rendering = new Map<string, Promise<Entry | null>>();
  return {
    pending: (key: string) => rendering.get(key),
    /** Claims the render of a page; the function returned hands the copy (or null) to whoever waits. */
    claim(key: string) {
      let settle: (entry: Entry | null) => void = () => {};
      const render = new Promise<Entry | null>((resolve) => {
        settle = resolve;
      });
      rendering.set(key, render);
      return (entry: Entry | null) => {
        // A clear may have let a newer render of the same page start meanwhile: leave that one.
        if (rendering.get(key) === render) rendering.delete(key);
        settle(entry);
      };
    },
    /** Renders under way finish for their own visitor; nobody new waits for them. */
    clear: () => rendering.clear(),
  };
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const ttlMs = (options.ttlSeconds ?? SHARED_CACHE_SECONDS) * 1000;
  const now = options.now ?? Date.now;
  const registry = options.registry ?? caches;
  const rendering = createRenders();
  /**
   * The copies, least recently used first, within `maxBytes`. Its generation is bumped by every
   * clear: a render that started before may hold old data and is not kept.
   */
  const copies = registry.create<string, Entry>({
    name: "http.page-cache",
    tags: PUBLIC_CACHE_TAGS,
    maxSize: maxBytes,
    sizeOf: (entry) => entry.body.byteLength,
    ttlMs,
    now: options.now,
    onClear: rendering.clear,
  });

  /** After a render: the public page goes to its visitor and, read to its end, into the cache. */
  function keep(c: Context<AppEnv>, key: string, startedIn: number, done: (entry: Entry | null) => void) {
    const response = c.res;
    if (!applyPageCacheHeaders(c)) return done(null);
    response.headers.set("X-Page-Cache", "miss");
    // A change came while it rendered: the page may show the rows from before it.
    if (!response.body || copies.generation() !== startedIn) return done(null);
    fixPolicy(c);
    const [toClient, toCache] = response.body.tee();
    const headers = copyHeaders(response);
    c.res = new Response(toClient, { status: response.status, headers: response.headers });
    void collect(toCache, maxBytes).then((body) => {
      if (!body || copies.generation() !== startedIn) return done(null);
      const entry: Entry = { status: response.status, headers, body, storedAt: now() };
      copies.set(key, entry);
      done(entry);
    });
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = keyOf(c);
    if (key === null) {
      await next();
      applyPageCacheHeaders(c);
      return;
    }
    // No pause between the look-up and claiming the render below: one would let a burst all miss.
    let cached = copies.get(key) ?? null;
    const pending = cached ? undefined : rendering.pending(key);
    if (pending) cached = await pending;
    if (cached) {
      c.res = await respond(cached, c.req.method, c.req.header("accept-encoding") ?? "", now());
      return;
    }
    if (c.req.method === "HEAD") {
      await next();
      applyPageCacheHeaders(c);
      return;
    }
    const startedIn = copies.generation();
    const done = rendering.claim(key);
    try {
      await next();
    } catch (error) {
      done(null);
      throw error;
    }
    keep(c, key, startedIn, done);
  };

  const clear = () => registry.invalidate({ tag: PUBLIC_TAG });
  const size = () => ({ entries: copies.size().entries, bytes: copies.size().size });
  return { middleware, clearOnWrite: clearingOnWrite(clear, options.announce), clear, size };
}

/** After a successful write: this instance's copies cleared, the other instances told. */
function clearingOnWrite(clear: () => void, announce?: () => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    // After the write committed and before its answer leaves: whoever saw the answer finds no
    // copy from before it.
    clear();
    // A write that set changeNotified committed its own NOTIFY, on which every instance clears
    // (public-changes.ts): announcing it again would cost a statement and a turn at PostgreSQL's
    // NOTIFY queue lock, which every bid's commit takes too, for nothing.
    if (!c.get("changeNotified")) announce?.();
  };
}
