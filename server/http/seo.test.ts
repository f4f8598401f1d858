import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../db/seed/index.ts";
import { createLogger } from "../logger.ts";
import { createTestApi, type TestApi } from "../test/api-harness.ts";
import { buildSitemap, registerSeoRoutes, robotsTxt, xmlEscape } from "./seo.ts";
import type { AppEnv } from "./types.ts";

let api: TestApi;
let dataDir: string;
let app: Hono<AppEnv>;
const ORIGIN = "https://rarita.example";

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-seo-"));
  await seedDemoIfEmpty(api.db, { dataDir, logger: createLogger("silent") });
  app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("services", api.services);
    c.set("config", { ...api.config, publicUrl: ORIGIN });
    await next();
  });
  registerSeoRoutes(app);
}, 240_000);
afterAll(async () => {
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The <loc> values and the well-formedness of a sitemap (balanced, namespaced, one root). */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replace(/&amp;/g, "&"));
}

describe("sitemap.xml", () => {
  it("lists every public page in both languages with absolute URLs, lastmod and hreflang alternates", async () => {
    const response = await app.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    const all = locs(xml);
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((loc) => loc.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(all).toEqual(
      expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/en`, `${ORIGIN}/blog`, `${ORIGIN}/en/blog`]),
    );
    expect(all).toContain(`${ORIGIN}/info/1/obchodni-podminky`);
    expect(all).toContain(`${ORIGIN}/en/info/2/privacy-policy`);
    expect(all).toContain(`${ORIGIN}/2/rum`);
    expect(all.some((loc) => /\/en\/\d+\/[a-z0-9-]+\/[a-z0-9-]+$/.test(loc))).toBe(true);
    expect(all.some((loc) => /\/blog\/\d+\/[a-z0-9-]+$/.test(loc))).toBe(true);
    expect(all.some((loc) => loc.includes("/ucet") || loc.includes("/api/"))).toBe(false);

    // Products: active, ended and sold ones, never drafts, unpaid or expired ones.
    const productIds = all
      .map((loc) => loc.match(new RegExp(`^${ORIGIN}/(\\d+)/[^/]+/[^/]+$`))?.[1])
      .filter(Boolean)
      .map(Number);
    const states = await api.services.productPages.productStates(productIds);
    expect(new Set(Object.values(states).map((state) => state.status))).toEqual(
      new Set(["active", "ended", "sold"]),
    );
    const { count } = await api.services.productPages.sitemapProductStats();
    expect(productIds).toHaveLength(count);
    // Drafts and scheduled blog posts are left out.
    expect(xml).not.toContain("pripravujeme-velky-test");
    // Each <url> carries lastmod for products and hreflang pairs.
    const productUrl = xml.split("\n").find((line) => /<loc>[^<]+\/\d+\/[^/<]+\/[^/<]+<\/loc>/.test(line))!;
    expect(productUrl).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/);
    expect(productUrl).toContain('hreflang="cs"');
    expect(productUrl).toContain('hreflang="en"');
    expect(productUrl).toContain('hreflang="x-default"');
  });

  it("splits into a sitemap index beyond the URL limit: the content, the bottlings' files, the products'", async () => {
    // A few bottlings more, made from their sellers' own listings as a seller would.
    const listings = (await api.db.execute(sql`
      select id, seller_id from products
      where seller_id is not null and status = 'active' and type = 'supply' and format = 'classified'
      order by id limit 3`)) as unknown as { rows: { id: number; seller_id: number }[] };
    for (const listing of listings.rows)
      expect((await api.services.bottlings.createFromListing(listing.seller_id, listing.id)).ok).toBe(true);
    const bottlings = await api.services.bottlings.sitemapStats();
    expect(bottlings.count).toBeGreaterThanOrEqual(3);
    const { count } = await api.services.productPages.sitemapProductStats();

    const index = await buildSitemap(api.services, ORIGIN, "/sitemap.xml", 200);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index!);
    expect(files[0]).toBe(`${ORIGIN}/sitemap-1.xml`);
    expect(files).toHaveLength(1 + Math.ceil(bottlings.count / 100) + Math.ceil(count / 100));
    const first = await buildSitemap(api.services, ORIGIN, "/sitemap-1.xml", 200);
    expect(locs(first!)).toContain(`${ORIGIN}/blog`);
    expect(locs(first!).some((loc) => loc.includes("/lahve/"))).toBe(false);
    const parts: string[] = [];
    for (let n = 2; n <= files.length; n++) {
      const part = await buildSitemap(api.services, ORIGIN, `/sitemap-${n}.xml`, 200);
      const urls = locs(part!);
      expect(urls.length).toBeLessThanOrEqual(200);
      parts.push(...urls);
    }
    // Every bottling and every product once, in both languages.
    expect(new Set(parts).size).toBe(parts.length);
    expect(parts.filter((loc) => /\/lahve\/\d+-/.test(loc))).toHaveLength(bottlings.count);
    expect(parts.filter((loc) => /\/en\/bottlings\/\d+-/.test(loc))).toHaveLength(bottlings.count);
    expect(parts.length / 2).toBe(bottlings.count + count);
    expect(await buildSitemap(api.services, ORIGIN, `/sitemap-${files.length + 1}.xml`, 200)).toBeNull();
  });

  it("answers 404 for a part that does not exist when not split", async () => {
    expect((await app.request("/sitemap-2.xml")).status).toBe(404);
    expect((await app.request("/sitemap-x.xml")).status).toBe(404);
  });

  it("escapes XML", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
  });
});

describe("robots.txt", () => {
  it("allows everything but the account, API and private pages, and names the sitemap", async () => {
    const response = await app.request("/robots.txt");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toBe(robotsTxt(ORIGIN));
    expect(body).toContain("User-agent: *\nAllow: /\n");
    for (const rule of ["Disallow: /ucet", "Disallow: /en/account", "Disallow: /api/"])
      expect(body).toContain(rule);
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
