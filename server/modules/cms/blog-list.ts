import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { type BlogPostSummary, published, summary, summaryColumns } from "./blog-summaries.ts";
import { blogCategories, blogPosts } from "./tables.ts";

export type BlogPage = {
  items: BlogPostSummary[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

export type BlogListQuery = {
  locale: Locale;
  categoryId?: number | null;
  page?: number;
  perPage?: number;
  now?: Date;
};

export const BLOG_PER_PAGE = 9;
const MAX_PER_PAGE = 50;

/** A page number or size from the query string: whole, within bounds, or the default. */
function clampInt(value: number | null | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** One page of published articles, newest first, optionally of one category. */
export async function listPosts(
  db: Db,
  { locale, categoryId, page, perPage, now = new Date() }: BlogListQuery,
): Promise<BlogPage> {
  const size = clampInt(perPage, 1, MAX_PER_PAGE, BLOG_PER_PAGE);
  const wanted = clampInt(page, 1, 100_000, 1);
  const where = and(published(now), categoryId ? eq(blogPosts.categoryId, categoryId) : undefined) as SQL;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).where(where),
    db
      .select(summaryColumns)
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .offset((wanted - 1) * size)
      .limit(size),
  ]);
  return {
    items: rows.map((row) => summary(row, locale)),
    total: Number(total),
    page: wanted,
    perPage: size,
    pageCount: Math.max(1, Math.ceil(Number(total) / size)),
  };
}
