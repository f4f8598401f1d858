import { and, asc, desc, eq, isNotNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { blogCategories, blogPosts, infoPages } from "./tables.ts";

export type LocalePaths = Record<Locale, string>;

export type BlogCategoryRef = { id: number; name: string; slug: string };

export type BlogPostSummary = {
  id: number;
  title: string;
  slug: string;
  perex: string;
  /** A full path to the cover image, or null. */
  image: string | null;
  authorName: string | null;
  /** ISO instant. */
  publishedAt: string;
  category: BlogCategoryRef | null;
  url: string;
};

export type BlogPostDetail = BlogPostSummary & {
  /** Operator HTML; show it only through richTextToHtml. */
  body: string;
  updatedAt: string;
  paths: LocalePaths;
  /** Other published articles, newest first: of the same category first. */
  related: BlogPostSummary[];
};

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

export type CmsSitemapEntry = { paths: LocalePaths; updatedAt: Date };

export const BLOG_PER_PAGE = 9;
const MAX_PER_PAGE = 50;

const pick = (locale: Locale, cs: string, en: string | null) => (locale === "en" && en ? en : cs);

const summaryColumns = {
  id: blogPosts.id,
  slugCs: blogPosts.slugCs,
  slugEn: blogPosts.slugEn,
  titleCs: blogPosts.titleCs,
  titleEn: blogPosts.titleEn,
  perexCs: blogPosts.perexCs,
  perexEn: blogPosts.perexEn,
  image: blogPosts.image,
  authorName: blogPosts.authorName,
  publishedAt: blogPosts.publishedAt,
  categoryId: blogCategories.id,
  categorySlugCs: blogCategories.slugCs,
  categorySlugEn: blogCategories.slugEn,
  categoryNameCs: blogCategories.nameCs,
  categoryNameEn: blogCategories.nameEn,
};

type SummaryRow = {
  id: number;
  slugCs: string;
  slugEn: string | null;
  titleCs: string;
  titleEn: string | null;
  perexCs: string;
  perexEn: string | null;
  image: string | null;
  authorName: string | null;
  publishedAt: Date | null;
  categoryId: number | null;
  categorySlugCs: string | null;
  categorySlugEn: string | null;
  categoryNameCs: string | null;
  categoryNameEn: string | null;
};

function summary(row: SummaryRow, locale: Locale): BlogPostSummary {
  const slug = pick(locale, row.slugCs, row.slugEn);
  return {
    id: row.id,
    title: pick(locale, row.titleCs, row.titleEn),
    slug,
    perex: pick(locale, row.perexCs, row.perexEn),
    image: row.image,
    authorName: row.authorName,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    category:
      row.categoryId !== null && row.categorySlugCs && row.categoryNameCs
        ? {
            id: row.categoryId,
            slug: pick(locale, row.categorySlugCs, row.categorySlugEn),
            name: pick(locale, row.categoryNameCs, row.categoryNameEn),
          }
        : null,
    url: localePath("blogArticle", locale, { id: row.id, slug }),
  };
}

/** Published means a publication time that has come: NULL is a draft, a future time a scheduled article. */
function published(now: Date): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)) as SQL;
}

function clampInt(value: number | null | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** The blog's articles and the info pages as the public sees them (drafts and future articles never). */
export function createBlogService(db: Db) {
  return {
    /** One page of published articles, newest first, optionally of one category. */
    async listPosts({
      locale,
      categoryId,
      page,
      perPage,
      now = new Date(),
    }: BlogListQuery): Promise<BlogPage> {
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
    },

    /** A published article with its body and up to `relatedCount` related articles, or null. */
    async post(
      id: number,
      locale: Locale,
      { now = new Date(), relatedCount = 3 }: { now?: Date; relatedCount?: number } = {},
    ): Promise<BlogPostDetail | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({
          ...summaryColumns,
          bodyCs: blogPosts.bodyCs,
          bodyEn: blogPosts.bodyEn,
          updatedAt: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
        .where(and(eq(blogPosts.id, id), published(now)))
        .limit(1);
      if (!row) return null;
      const related =
        relatedCount > 0
          ? await db
              .select(summaryColumns)
              .from(blogPosts)
              .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
              .where(and(published(now), ne(blogPosts.id, id)))
              .orderBy(
                // Same category first, then the newest.
                row.categoryId === null
                  ? sql`0`
                  : sql`case when ${blogPosts.categoryId} = ${row.categoryId} then 0 else 1 end`,
                desc(blogPosts.publishedAt),
                desc(blogPosts.id),
              )
              .limit(relatedCount)
          : [];
      return {
        ...summary(row, locale),
        body: pick(locale, row.bodyCs, row.bodyEn),
        updatedAt: row.updatedAt.toISOString(),
        paths: {
          cs: localePath("blogArticle", "cs", { id: row.id, slug: row.slugCs }),
          en: localePath("blogArticle", "en", { id: row.id, slug: row.slugEn || row.slugCs }),
        },
        related: related.map((item) => summary(item, locale)),
      };
    },

    /** A blog category by id, in a language, or null. */
    async category(id: number, locale: Locale): Promise<BlogCategoryRef | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id)).limit(1);
      return row
        ? {
            id: row.id,
            slug: pick(locale, row.slugCs, row.slugEn),
            name: pick(locale, row.nameCs, row.nameEn),
          }
        : null;
    },

    /** Published articles with both languages' paths, for the sitemap. */
    async sitemapPosts(now = new Date()): Promise<CmsSitemapEntry[]> {
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
      return rows.map((row) => ({
        paths: {
          cs: localePath("blogArticle", "cs", { id: row.id, slug: row.slugCs }),
          en: localePath("blogArticle", "en", { id: row.id, slug: row.slugEn || row.slugCs }),
        },
        updatedAt: row.updatedAt,
      }));
    },

    /** Every info page with both languages' paths, for the sitemap. */
    async sitemapInfoPages(): Promise<CmsSitemapEntry[]> {
      const rows = await db
        .select({
          id: infoPages.id,
          slugCs: infoPages.slugCs,
          slugEn: infoPages.slugEn,
          updatedAt: infoPages.updatedAt,
        })
        .from(infoPages)
        .orderBy(asc(infoPages.id));
      return rows.map((row) => ({
        paths: {
          cs: localePath("info", "cs", { id: row.id, slug: row.slugCs }),
          en: localePath("info", "en", { id: row.id, slug: row.slugEn || row.slugCs }),
        },
        updatedAt: row.updatedAt,
      }));
    },

    /** The newest update of a published article (the blog list's lastmod). */
    async lastUpdate(now = new Date()): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`max(${blogPosts.updatedAt})` })
        .from(blogPosts)
        .where(published(now));
      return row?.at ? new Date(row.at) : null;
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
