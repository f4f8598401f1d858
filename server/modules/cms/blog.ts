import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { blogCategory, blogPost } from "./blog-article.ts";
import { type BlogListQuery, listPosts } from "./blog-list.ts";
import { lastBlogUpdate, sitemapInfoPages, sitemapPosts } from "./sitemap.ts";

export type { BlogPostDetail } from "./blog-article.ts";
export { BLOG_PER_PAGE, type BlogListQuery, type BlogPage } from "./blog-list.ts";
export type { BlogCategoryRef, BlogPostSummary, CmsSitemapEntry, LocalePaths } from "./blog-summaries.ts";

/** The blog's articles and the info pages as the public sees them (drafts and future articles never). */
export function createBlogService(db: Db) {
  return {
    /** One page of published articles, newest first, optionally of one category. */
    listPosts: (query: BlogListQuery) => listPosts(db, query),
    /** A published article with its body and up to `relatedCount` related articles, or null. */
    post: (id: number, locale: Locale, options?: { now?: Date; relatedCount?: number }) =>
      blogPost(db, id, locale, options),
    /** A blog category by id, in a language, or null. */
    category: (id: number, locale: Locale) => blogCategory(db, id, locale),
    /** Published articles with both languages' paths, for the sitemap. */
    sitemapPosts: (now?: Date) => sitemapPosts(db, now),
    /** Every info page with both languages' paths, for the sitemap. */
    sitemapInfoPages: () => sitemapInfoPages(db),
    /** The newest update of a published article (the blog list's lastmod). */
    lastUpdate: (now?: Date) => lastBlogUpdate(db, now),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
