import type { Locale } from "#core/i18n/locales.ts";

/**
 * The Atom feeds' paths (docs/product/visitor-basics.md, "Feeds"): Czech under /kanaly, English
 * under /en/feeds, as the pages are. The server answers them before the pages
 * (server/http/feeds.ts); the pages link them in their head and the account page shows a search
 * watchdog's own.
 */
export const FEED_PATHS = {
  blog: { cs: "/kanaly/blog.xml", en: "/en/feeds/blog.xml" },
  /** `{id}`: the category's id; the feed lists its branch (subcategories included). */
  category: { cs: "/kanaly/kategorie/{id}.xml", en: "/en/feeds/category/{id}.xml" },
  /** `{token}`: the search watchdog's random feed token, the only thing that names it. */
  search: { cs: "/kanaly/hledani/{token}.xml", en: "/en/feeds/search/{token}.xml" },
} as const satisfies Record<string, Record<Locale, string>>;

export type FeedName = keyof typeof FEED_PATHS;

/** A feed's path in a language, its one parameter filled in (the blog's has none). */
export function feedPath(name: FeedName, locale: Locale, param: string | number = ""): string {
  return FEED_PATHS[name][locale].replace(/\{\w+\}/, encodeURIComponent(String(param)));
}

/**
 * A feed's absolute URL on the site at `origin` (what a feed reader takes): the watchdogs page
 * shows it and the API's watchdogs list gives it.
 */
export function feedUrl(origin: string, name: FeedName, locale: Locale, param: string | number = ""): string {
  return `${origin.replace(/\/+$/, "")}${feedPath(name, locale, param)}`;
}

/** The Atom media type, for the feeds and the pages' `<link rel="alternate">`. */
export const ATOM_TYPE = "application/atom+xml";
