import type { Hono } from "hono";
import type { Locale } from "#core/i18n/index.ts";
import { localePath, type PageName } from "#core/i18n/paths.ts";
import { caches } from "../lib/cache.ts";
import type { Services } from "../services.ts";
import type { AppEnv } from "./types.ts";

/**
 * robots.txt and the XML sitemap (sitemaps.org 0.9 with hreflang alternates). Every public page
 * is listed in both languages: the listing pages, categories, products (active, ended, sold),
 * blog articles and info pages. Beyond 50 000 URLs (the protocol's limit per file) /sitemap.xml
 * becomes a sitemap index over /sitemap-1.xml (pages, categories, blog, info), then the
 * bottlings' files and the products' (/sitemap-2.xml...), so both can grow to any size.
 */

type LocalePaths = Record<Locale, string>;
type Entry = { paths: LocalePaths; lastmod: Date | null };

/** The protocol allows 50 000; each product or bottling gives two URLs (cs and en). */
export const MAX_URLS_PER_SITEMAP = 50_000;
const CACHE_MS = 10 * 60 * 1000;

/** Listing pages worth indexing (search, cart and account pages are not). */
const STATIC_PAGES: PageName[] = [
  "home",
  "dailyAuctions",
  "monthlyAuctions",
  "newProducts",
  "saleProducts",
  "blog",
  "bottlings",
  "documents",
  "results",
  "priceIndex",
];

export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function absolute(origin: string, path: string): string {
  return xmlEscape(`${origin.replace(/\/+$/, "")}${path}`);
}

/** One <url> per language, each naming all languages (and x-default = Czech) as alternates. */
function urlElements(origin: string, entry: Entry): string {
  const alternates = [
    ...(["cs", "en"] as const).map(
      (language) =>
        `<xhtml:link rel="alternate" hreflang="${language}" href="${absolute(origin, entry.paths[language])}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(origin, entry.paths.cs)}"/>`,
  ].join("");
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return (["cs", "en"] as const)
    .map(
      (language) => `<url><loc>${absolute(origin, entry.paths[language])}</loc>${lastmod}${alternates}</url>`,
    )
    .join("\n");
}

export function urlset(origin: string, entries: Entry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map((entry) => urlElements(origin, entry)),
    "</urlset>",
    "",
  ].join("\n");
}

export function sitemapIndex(origin: string, files: { path: string; lastmod: Date | null }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map(
      (file) =>
        `<sitemap><loc>${absolute(origin, file.path)}</loc>${file.lastmod ? `<lastmod>${file.lastmod.toISOString()}</lastmod>` : ""}</sitemap>`,
    ),
    "</sitemapindex>",
    "",
  ].join("\n");
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /ucet",
    "Disallow: /en/account",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /kosik",
    "Disallow: /en/cart",
    "Disallow: /shrnuti/",
    "Disallow: /en/summary/",
    "",
    `Sitemap: ${origin.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/** Pages, categories, blog and info pages: everything but the bottlings and the products. */
async function contentEntries(services: Services, productsLastmod: Date | null): Promise<Entry[]> {
  const [categories, posts, infoPages, blogUpdate] = await Promise.all([
    services.productPages.sitemapCategories(),
    services.blog.sitemapPosts(),
    services.blog.sitemapInfoPages(),
    services.blog.lastUpdate(),
  ]);
  const pages: Entry[] = STATIC_PAGES.map((name) => ({
    paths: { cs: localePath(name, "cs"), en: localePath(name, "en") },
    // A listing changes when its products do; the blog list when an article does.
    lastmod:
      name === "blog" ? blogUpdate : name === "documents" || name === "priceIndex" ? null : productsLastmod,
  }));
  return [...pages, ...categories.map(toEntry), ...posts.map(toEntry), ...infoPages.map(toEntry)];
}

const toEntry = (entry: { paths: LocalePaths; updatedAt: Date }): Entry => ({
  paths: entry.paths,
  lastmod: entry.updatedAt,
});

/** What the sitemap lists a page at a time once it is split: the bottlings, then the products. */
type PagedSource = {
  count: number;
  lastModified: Date | null;
  page(offset: number, limit: number): Promise<Entry[]>;
};

async function pagedSources(services: Services): Promise<{ bottlings: PagedSource; products: PagedSource }> {
  const [bottlings, products] = await Promise.all([
    services.bottlings.sitemapStats(),
    services.productPages.sitemapProductStats(),
  ]);
  return {
    bottlings: {
      ...bottlings,
      page: async (offset, limit) =>
        (await services.bottlings.sitemapEntries({ offset, limit })).map(toEntry),
    },
    products: {
      ...products,
      page: async (offset, limit) =>
        (await services.productPages.sitemapProducts({ offset, limit })).map(toEntry),
    },
  };
}

/**
 * The sitemap documents by path: "/sitemap.xml", and "/sitemap-N.xml" when split: 1 holds the
 * content pages, then the bottlings' files, then the products', each file at most `maxUrls` URLs.
 */
export async function buildSitemap(
  services: Services,
  origin: string,
  path: string,
  maxUrls = MAX_URLS_PER_SITEMAP,
): Promise<string | null> {
  const perFile = Math.max(1, Math.floor(maxUrls / 2));
  const { bottlings, products } = await pagedSources(services);
  const content = await contentEntries(services, products.lastModified);
  const sources = [bottlings, products];
  const split = (content.length + bottlings.count + products.count) * 2 > maxUrls;

  if (!split) {
    if (path !== "/sitemap.xml") return null;
    const pages = await Promise.all(sources.map((source) => source.page(0, Math.max(1, source.count))));
    return urlset(origin, [...content, ...pages.flat()]);
  }
  const files = [
    { lastmod: latest(content.map((entry) => entry.lastmod)), read: async () => content },
    ...sources.flatMap((source) =>
      Array.from({ length: Math.ceil(source.count / perFile) }, (_, index) => ({
        lastmod: source.lastModified,
        read: () => source.page(index * perFile, perFile),
      })),
    ),
  ];
  if (path === "/sitemap.xml")
    return sitemapIndex(
      origin,
      files.map((file, index) => ({ path: `/sitemap-${index + 1}.xml`, lastmod: file.lastmod })),
    );
  const number = Number(path.match(/^\/sitemap-(\d+)\.xml$/)?.[1]);
  if (!Number.isSafeInteger(number) || number < 1 || number > files.length) return null;
  return urlset(origin, await files[number - 1].read());
}

/**
 * Registers GET /robots.txt, /sitemap.xml and /sitemap-N.xml on the app. A generated sitemap is
 * kept for 10 minutes, so crawlers hammering it cost one build per file and period.
 */
export function registerSeoRoutes(app: Hono<AppEnv>): void {
  // By path (sitemap.xml, sitemap-N.xml): the files of one catalogue are a few dozen at most.
  const sitemaps = caches.create<string, { body: string | null }>({
    name: "http.sitemaps",
    maxEntries: 1000,
    ttlMs: CACHE_MS,
  });

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(c.get("config").publicUrl));
  });

  app.get("/:file{sitemap(-[0-9]+)?\\.xml}", async (c) => {
    const path = `/${c.req.param("file")}`;
    let hit = sitemaps.get(path);
    if (!hit) {
      hit = { body: await buildSitemap(c.get("services"), c.get("config").publicUrl, path) };
      sitemaps.set(path, hit);
    }
    if (hit.body === null) return c.notFound();
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=600");
    return c.body(hit.body);
  });
}
