import type { Context, MiddlewareHandler } from "hono";
import { PAGE_PATHS, type PageName } from "#core/i18n/paths.ts";
import { parseCookieHeader } from "#core/web/cookie-header.ts";
import { PERSONAL_COOKIES } from "#core/web/page-cookies.ts";
import type { AppEnv } from "./types.ts";

/**
 * How long a shared cache (the process's own page cache, nginx, a CDN) may keep an anonymous page
 * or a public list, in seconds: the one knob of the cached path (ADR 0027). Short, because a
 * proxy in front cannot hear that a bid or an edit changed a page; the process's own cache can and
 * is cleared at once (page-cache.ts).
 */
export const SHARED_CACHE_SECONDS = 15;

/**
 * An anonymous public page: any shared cache may keep it for SHARED_CACHE_SECONDS; a browser keeps
 * it for the back button but asks again on every visit (max-age=0), since no event could clear its
 * copy after a bid.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}`;
/** A public JSON list (currencies, the category tree, settings, banners): the same for everyone. */
export const PUBLIC_API_CACHE_CONTROL = `public, max-age=${SHARED_CACHE_SECONDS}, s-maxage=${SHARED_CACHE_SECONDS}`;
/** Anything signed in, personal or not known to be public. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * What an anonymous page's HTML depends on besides its URL: cookies (consent, popups, currency,
 * age; a session makes it private) and the User-Agent (crawlers get no age gate).
 */
export const PAGE_VARY = ["Cookie", "User-Agent"];
/** A public list's language may come from the locale cookie or Accept-Language (locale.ts). */
export const API_VARY = ["Accept-Language", "Cookie"];

/**
 * The pages that look the same to every anonymous visitor: the catalogue, the auctions, the
 * search, the blog and info pages, the documents, a seller's profile, the bottlings, the results
 * and the price index. Everything else (the
 * account, the cart and checkout, forms with a token, the back office, the maintenance page) stays
 * private.
 */
const PUBLIC_PAGES: readonly PageName[] = [
  "home",
  "search",
  "dailyAuctions",
  "monthlyAuctions",
  "documents",
  "newProducts",
  "saleProducts",
  "blog",
  "blogArticle",
  "info",
  "userProfile",
  "category",
  "product",
  // Issue 37's pages: bottlings, the archive of results, the price index. Results and frozen
  // months come from jobs, which clear these copies themselves (sale-results/service.ts).
  "bottlings",
  "bottling",
  "results",
  "priceIndex",
];

/** GET /api/… lists that are the same for everyone (their language from the path or `lang`). */
const PUBLIC_API = [
  /^\/api\/lists\//,
  /^\/api\/catalog\/category\/[a-z]{2}$/,
  /^\/api\/settings$/,
  /^\/api\/poster$/,
  /^\/api\/blog\/categories\/list$/,
];

/** Whether a path (without its query) is one of the public GET lists. */
export function isPublicApiPath(pathname: string): boolean {
  return PUBLIC_API.some((pattern) => pattern.test(pathname));
}

/** `first`: the path's first segment when it is fixed; null when it is a parameter (anything fits). */
type Matcher = { name: PageName; pattern: RegExp; staticSegments: number; first: string | null };

/** Every page path as a pattern; `:id` params are numbers, as the routes require. */
const MATCHERS: Matcher[] = Object.entries(PAGE_PATHS).flatMap(([name, paths]) =>
  Object.values(paths).map((path: string) => {
    const segments = path.split("/").filter(Boolean);
    const source = segments
      .map((segment) => {
        const param = segment.match(/^:(\w+)(\?)?$/);
        if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
        const value = param[1] === "id" ? "\\d+" : "[^/]+";
        return param[2] ? `(?:/${value})?` : `/${value}`;
      })
      .join("");
    return {
      name: name as PageName,
      pattern: new RegExp(`^${source || "/"}$`),
      staticSegments: segments.filter((segment) => !segment.startsWith(":")).length,
      first: segments.length === 0 ? "" : segments[0].startsWith(":") ? null : segments[0],
    };
  }),
);

/**
 * The matchers a path can fit, by its first segment: those whose first segment is that one, and
 * those that start with a parameter, in MATCHERS' order (the first of equal matches wins). A path
 * is tested against a few patterns instead of all of them (issue 18: pageOf runs for every page
 * request, the page cache's hits included, and tried ~150 patterns).
 */
const ANY_FIRST = MATCHERS.filter((matcher) => matcher.first === null);
const BY_FIRST = new Map<string, Matcher[]>();
for (const { first } of MATCHERS)
  if (first !== null && !BY_FIRST.has(first))
    BY_FIRST.set(
      first,
      MATCHERS.filter((matcher) => matcher.first === first || matcher.first === null),
    );

/** The first segment of a path (`/2/rum` -> `2`, `/` -> ``). */
function firstSegment(pathname: string): string {
  const end = pathname.indexOf("/", 1);
  return end === -1 ? pathname.slice(1) : pathname.slice(1, end);
}

/** The page a path shows, as the router picks it: the match with the most fixed segments wins. */
export function pageOf(pathname: string): PageName | null {
  return pageAmong(BY_FIRST.get(firstSegment(pathname)) ?? ANY_FIRST, pathname);
}

/** pageOf over every pattern, without the index: for the tests, which require the same answers. */
export function pageOfScanningAll(pathname: string): PageName | null {
  return pageAmong(MATCHERS, pathname);
}

function pageAmong(matchers: readonly Matcher[], pathname: string): PageName | null {
  let best: Matcher | null = null;
  for (const matcher of matchers) {
    if (!matcher.pattern.test(pathname)) continue;
    if (!best || matcher.staticSegments > best.staticSegments) best = matcher;
  }
  return best?.name ?? null;
}

export function isPublicPage(pathname: string): boolean {
  const page = pageOf(pathname);
  return page !== null && PUBLIC_PAGES.includes(page);
}

/**
 * Whether the request is anonymous in every way a response could be personal to: no signed-in
 * user, no Authorization header, no cookie of a session, cart or wishlist.
 */
export function isAnonymousRequest(c: Context<AppEnv>): boolean {
  if (c.get("user") || c.req.header("authorization")) return false;
  const cookies = parseCookieHeader(c.req.header("cookie"));
  return !PERSONAL_COOKIES.some((name) => name in cookies);
}

function appendVary(headers: Headers, names: string[]) {
  const present = (headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const lower = new Set(present.map((name) => name.toLowerCase()));
  const merged = [...present, ...names.filter((name) => !lower.has(name.toLowerCase()))];
  headers.set("Vary", merged.join(", "));
}

/** Whether a response may be kept by a shared cache at all: a plain 200 that sets no cookie. */
function isShareableResponse(response: Response): boolean {
  return response.status === 200 && !response.headers.has("set-cookie");
}

/**
 * Sets a page's Cache-Control and Vary (a route's own Cache-Control wins): public for an
 * anonymous GET of a public page answered 200 without a cookie, `private, no-store` for every
 * other HTML page. Returns whether the page came out public.
 */
export function applyPageCacheHeaders(c: Context<AppEnv>): boolean {
  const response = c.res;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (response.headers.has("cache-control")) return false;
  const isPublic =
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    isShareableResponse(response) &&
    isPublicPage(new URL(c.req.url).pathname) &&
    isAnonymousRequest(c);
  if (isPublic) {
    response.headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    appendVary(response.headers, PAGE_VARY);
  } else {
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  return isPublic;
}

/** The page headers alone, where no page cache is used (tests, the benchmarks). */
export const pageCacheHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  applyPageCacheHeaders(c);
};

/**
 * The API's Cache-Control where a route sets none: the public lists briefly public (anonymous
 * callers, 200 without a cookie), everything else (/api/me, anything signed in or personal, any
 * error) `private, no-store`.
 */
export const apiCacheHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const response = c.res;
  if (response.headers.has("cache-control")) return;
  const isPublic =
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    isShareableResponse(response) &&
    isPublicApiPath(c.req.path) &&
    isAnonymousRequest(c);
  if (isPublic) {
    response.headers.set("Cache-Control", PUBLIC_API_CACHE_CONTROL);
    appendVary(response.headers, API_VARY);
  } else {
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
};
