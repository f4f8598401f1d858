import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { blogCategories, blogPosts } from "./tables.ts";

export type BlogCategoryCount = { id: number; slug: string; name: string; posts_count: number };

/** The blog's categories in their order, each with how many of its articles are published by now. */
export async function blogCategoriesWithCounts(db: Db, locale: Locale): Promise<BlogCategoryCount[]> {
  const rows = await db
    .select({
      id: blogCategories.id,
      slugCs: blogCategories.slugCs,
      slugEn: blogCategories.slugEn,
      nameCs: blogCategories.nameCs,
      nameEn: blogCategories.nameEn,
      postsCount: sql<number>`count(${blogPosts.id}) filter (where ${blogPosts.publishedAt} <= now())::int`,
    })
    .from(blogCategories)
    .leftJoin(blogPosts, and(eq(blogPosts.categoryId, blogCategories.id), isNotNull(blogPosts.publishedAt)))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.position), asc(blogCategories.id));
  return rows.map((row) => ({
    id: row.id,
    slug: locale === "en" ? row.slugEn || row.slugCs : row.slugCs,
    name: locale === "en" ? row.nameEn || row.nameCs : row.nameCs,
    posts_count: row.postsCount,
  }));
}
