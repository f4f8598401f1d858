import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import type { ProductCardData } from "#core/contracts/catalog.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { locales } from "#core/i18n/locales.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import { ATOM_TYPE, FEED_PATHS, type FeedName, feedPath } from "#core/web/feed-paths.ts";
import { caches } from "../lib/cache.ts";
import type { Services } from "../services.ts";
import { type AtomEntry, type AtomFeed, atomXml } from "./atom.ts";
import type { AppEnv } from "./types.ts";

/**
 * The Atom feeds (docs/product/visitor-basics.md, "Feeds"): the blog's articles, a category's new
 * listings and a search watchdog's, newest first, FEED_ENTRIES of them, in the path's language.
 * Each is read the way its page is (the blog's list; the catalogue's cards in "newest" order, which
 * walk an index, so a feed costs the same at a million listings), with absolute URLs from
 * PUBLIC_URL. A built feed is kept FEED_SECONDS (a cache that tolerates the lag, as the sitemaps'),
 * and answered with an ETag and Last-Modified, so a reader polling an unchanged feed gets a 304
 * without a body. A search watchdog's token is looked up on every request, never kept: a reset
 * ends the old URL at once.
 */

export const FEED_ENTRIES = 30;
/** How long a built feed is kept here and by readers and proxies: new listings may wait this long. */
const FEED_SECONDS = 300;

type Built = { body: string; etag: string; updated: Date };

const host = (origin: string) => new URL(origin).host;
const absolute = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;
const newest = (dates: Date[]) => new Date(Math.max(0, ...dates.map((date) => date.getTime())));

function built(feed: AtomFeed): Built {
  const body = atomXml(feed);
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag, updated: feed.updated };
}

type FeedFrame = {
  origin: string;
  locale: Locale;
  name: FeedName;
  /** The self path's parameter (a category's id, a watchdog's token). */
  param?: string | number;
  title: string;
  subtitle: string;
  page: string;
  entries: AtomEntry[];
};

function frame({ origin, locale, name, param, title, subtitle, page, entries }: FeedFrame): AtomFeed {
  const self = absolute(origin, feedPath(name, locale, param));
  return {
    id: self,
    language: locale,
    title,
    subtitle,
    self,
    page: absolute(origin, page),
    updated: newest(entries.map((entry) => entry.updated)),
    entries,
  };
}

/** A listing as an entry: its format, price (or its end, for an auction) and brand in the summary. */
async function listingEntries(
  services: Services,
  origin: string,
  locale: Locale,
  cards: ProductCardData[],
): Promise<AtomEntry[]> {
  const dates = await services.productPages.wentLiveAt(cards.map((card) => card.id));
  return cards.map((card) => {
    const at = dates.get(card.id) ?? new Date(0);
    const price =
      card.priceMinor === null
        ? translate(locale, "feeds.priceByAgreement")
        : formatPrice(card.priceMinor, null, { locale, nonBreaking: false });
    const summary = [
      translate(locale, `product.format.${card.format}`),
      price,
      card.endsAt
        ? translate(locale, "feeds.endsAt", { date: formatShortDateTime(card.endsAt, locale) })
        : null,
      card.brandName,
    ].filter(Boolean);
    return {
      id: `tag:${host(origin)},2026:listing:${card.id}`,
      title: card.name,
      url: absolute(origin, card.url),
      published: at,
      updated: at,
      summary: summary.join(" · "),
    };
  });
}

async function blogFeed(services: Services, origin: string, locale: Locale): Promise<AtomFeed> {
  const { items } = await services.blog.listPosts({ locale, perPage: FEED_ENTRIES });
  return frame({
    origin,
    locale,
    name: "blog",
    title: translate(locale, "feeds.blogTitle"),
    subtitle: translate(locale, "feeds.blogSubtitle"),
    page: localePath("blog", locale),
    entries: items.map((post) => ({
      id: `tag:${host(origin)},2026:blog:${post.id}`,
      title: post.title,
      url: absolute(origin, post.url),
      published: new Date(post.publishedAt),
      updated: new Date(post.publishedAt),
      summary: post.perex,
      author: post.authorName,
      category: post.category?.name ?? null,
    })),
  });
}

async function categoryFeed(
  services: Services,
  origin: string,
  locale: Locale,
  id: number,
): Promise<AtomFeed | null> {
  const category = await services.catalog.findCategory(id, locale);
  if (!category) return null;
  const cards = await services.catalog.listCards({
    locale,
    categoryId: id,
    sort: "newest",
    perPage: FEED_ENTRIES,
  });
  return frame({
    origin,
    locale,
    name: "category",
    param: id,
    title: translate(locale, "feeds.categoryTitle", { name: category.name }),
    subtitle: translate(locale, "feeds.categorySubtitle", { name: category.name }),
    page: category.url,
    entries: await listingEntries(services, origin, locale, cards),
  });
}

async function searchFeed(
  services: Services,
  origin: string,
  locale: Locale,
  query: string,
  token: string,
): Promise<AtomFeed> {
  const cards = await services.catalog.listCards({ locale, q: query, sort: "newest", perPage: FEED_ENTRIES });
  return frame({
    origin,
    locale,
    name: "search",
    param: token,
    title: translate(locale, "feeds.searchTitle", { query }),
    subtitle: translate(locale, "feeds.searchSubtitle", { query }),
    page: `${localePath("search", locale)}?q=${encodeURIComponent(query)}&sort=newest`,
    entries: await listingEntries(services, origin, locale, cards),
  });
}

/** Whether the reader's copy is current: its ETag, else (without one) its date. */
function notModified(c: Context<AppEnv>, feed: Built): boolean {
  const tags = c.req.header("if-none-match");
  if (tags !== undefined)
    return tags
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .includes(feed.etag.replace(/^W\//, ""));
  const since = Date.parse(c.req.header("if-modified-since") ?? "");
  return Number.isFinite(since) && Math.floor(feed.updated.getTime() / 1000) * 1000 <= since;
}

/**
 * The answer: the feed, or 304 for a current copy. A search watchdog's feed is `private` (its URL
 * is a secret a shared cache should not hold after a reset) and kept out of search engines.
 */
function respond(c: Context<AppEnv>, feed: Built, secret: boolean): Response {
  c.header("ETag", feed.etag);
  c.header("Last-Modified", feed.updated.toUTCString());
  c.header("Cache-Control", `${secret ? "private" : "public"}, max-age=${FEED_SECONDS}`);
  if (secret) {
    c.header("X-Robots-Tag", "noindex");
    c.header("Referrer-Policy", "no-referrer");
  }
  if (notModified(c, feed)) return c.body(null, 304);
  c.header("Content-Type", `${ATOM_TYPE}; charset=utf-8`);
  return c.body(feed.body);
}

/** A Hono path of a feed whose one parameter ends in `.xml` (`/kanaly/kategorie/:file{…}`). */
const routeOf = (path: string, pattern: string) => path.replace(/\{\w+\}\.xml$/, `:file{${pattern}\\.xml}`);
const paramOf = (c: Context<AppEnv>) => c.req.param("file")?.replace(/\.xml$/, "") ?? "";

/** Registers the feeds of both languages on the app, before the pages. */
export function registerFeedRoutes(app: Hono<AppEnv>): void {
  const kept = caches.create<string, Built>({
    name: "http.feeds",
    maxEntries: 2000,
    ttlMs: FEED_SECONDS * 1000,
  });
  /** The kept build of `key`, or a new one; null (nothing to show) is not kept. */
  async function feed(key: string, build: () => Promise<AtomFeed | null>): Promise<Built | null> {
    const hit = kept.get(key);
    if (hit) return hit;
    const made = await build();
    if (!made) return null;
    const out = built(made);
    kept.set(key, out);
    return out;
  }
  const origin = (c: Context<AppEnv>) => c.get("config").publicUrl;

  for (const locale of locales) {
    app.get(FEED_PATHS.blog[locale], async (c) => {
      const out = await feed(`blog|${locale}`, () => blogFeed(c.get("services"), origin(c), locale));
      return out ? respond(c, out, false) : c.notFound();
    });

    app.get(routeOf(FEED_PATHS.category[locale], "[0-9]{1,9}"), async (c) => {
      const id = Number(paramOf(c));
      const out = await feed(`category|${id}|${locale}`, () =>
        categoryFeed(c.get("services"), origin(c), locale, id),
      );
      return out ? respond(c, out, false) : c.notFound();
    });

    // Any file name is looked up (the service refuses a malformed token), so a wrong one is a 404 here.
    app.get(routeOf(FEED_PATHS.search[locale], "[^/]{1,100}"), async (c) => {
      const token = paramOf(c);
      const query = await c.get("services").watchdogs.feedQuery(token);
      if (query === null) return c.notFound();
      const out = await feed(`search|${token}|${query}|${locale}`, () =>
        searchFeed(c.get("services"), origin(c), locale, query, token),
      );
      return out ? respond(c, out, true) : c.notFound();
    });
  }
}
