import { asc, desc, isNotNull, sql } from "drizzle-orm";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { articlePaths, type CmsSitemapEntry, published } from "./blog-summaries.ts";
import { blogPosts, infoPages } from "./tables.ts";

/** What the sitemaps (server/http/seo.ts) list of the content: the articles and the info pages. */

/** Published articles with both languages' paths, for the sitemap. */
export async function sitemapPosts(db: Db, now = new Date()): Promise<CmsSitemapEntry[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      slugCs: blogPosts.slugCs,
      slugEn: blogPosts.slugEn,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(published(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((row) => ({ paths: articlePaths(row), updatedAt: row.updatedAt }));
}

/** Every published info page with both languages' paths, for the sitemap. */
export async function sitemapInfoPages(db: Db): Promise<CmsSitemapEntry[]> {
  const rows = await db
    .select({
      id: infoPages.id,
      slugCs: infoPages.slugCs,
      slugEn: infoPages.slugEn,
      updatedAt: infoPages.updatedAt,
    })
    .from(infoPages)
    .where(isNotNull(infoPages.publishedAt))
    .orderBy(asc(infoPages.id));
  return rows.map((row) => ({
    paths: {
      cs: localePath("info", "cs", { id: row.id, slug: row.slugCs }),
      en: localePath("info", "en", { id: row.id, slug: row.slugEn || row.slugCs }),
    },
    updatedAt: row.updatedAt,
  }));
}

/** The newest update of a published article (the blog list's lastmod). */
export async function lastBlogUpdate(db: Db, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${blogPosts.updatedAt})` })
    .from(blogPosts)
    .where(published(now));
  return row?.at ? new Date(row.at) : null;
}
