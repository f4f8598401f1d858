import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import {
  articlePaths,
  type BlogCategoryRef,
  type BlogPostSummary,
  isRowId,
  type LocalePaths,
  pick,
  published,
  summary,
  summaryColumns,
} from "./blog-summaries.ts";
import { blogCategories, blogPosts } from "./tables.ts";

export type BlogPostDetail = BlogPostSummary & {
  /** Operator HTML; show it only through richTextToHtml. */
  body: string;
  updatedAt: string;
  paths: LocalePaths;
  /** Other published articles, newest first: of the same category first. */
  related: BlogPostSummary[];
};

/**
 * A published article with its body and up to `relatedCount` related articles, or null. `preview`
 * (the back office's preview, content staff only) finds drafts and scheduled articles too, dated
 * now when they have no date yet.
 */
export async function blogPost(
  db: Db,
  id: number,
  locale: Locale,
  {
    now = new Date(),
    relatedCount = 3,
    preview = false,
  }: { now?: Date; relatedCount?: number; preview?: boolean } = {},
): Promise<BlogPostDetail | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select({
      ...summaryColumns,
      bodyCs: blogPosts.bodyCs,
      bodyEn: blogPosts.bodyEn,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(preview ? eq(blogPosts.id, id) : and(eq(blogPosts.id, id), published(now)))
    .limit(1);
  if (!row) return null;
  row.publishedAt ??= now;
  const related = relatedCount > 0 ? await relatedPosts(db, row, relatedCount, now) : [];
  return {
    ...summary(row, locale),
    body: pick(locale, row.bodyCs, row.bodyEn),
    updatedAt: row.updatedAt.toISOString(),
    paths: articlePaths(row),
    related: related.map((item) => summary(item, locale)),
  };
}

/** Other published articles than this one: of its category first, then the newest. */
function relatedPosts(db: Db, article: { id: number; categoryId: number | null }, count: number, now: Date) {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(published(now), ne(blogPosts.id, article.id)))
    .orderBy(
      // An article without a category has no "same category first" (and `ORDER BY 0` names no column).
      ...(article.categoryId === null
        ? []
        : [sql`case when ${blogPosts.categoryId} = ${article.categoryId} then 0 else 1 end`]),
      desc(blogPosts.publishedAt),
      desc(blogPosts.id),
    )
    .limit(count);
}

/** A blog category by id, in a language, or null. */
export async function blogCategory(db: Db, id: number, locale: Locale): Promise<BlogCategoryRef | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id)).limit(1);
  return row
    ? {
        id: row.id,
        slug: pick(locale, row.slugCs, row.slugEn),
        name: pick(locale, row.nameCs, row.nameEn),
      }
    : null;
}
