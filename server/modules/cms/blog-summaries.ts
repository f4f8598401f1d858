import { and, isNotNull, lte, type SQL } from "drizzle-orm";
import type { LocalePaths } from "#core/contracts/product.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { blogCategories, blogPosts } from "./tables.ts";

/**
 * What the blog's reads share: the shapes they return, the columns of an article's card, and
 * what "published" means.
 */

export type { LocalePaths };

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

export type CmsSitemapEntry = { paths: LocalePaths; updatedAt: Date };

/** The language's text, or the Czech one when the English is missing (Czech is always written). */
export const pick = (locale: Locale, cs: string, en: string | null) => (locale === "en" && en ? en : cs);

/** Whether an id can be a row's (a positive PostgreSQL integer): anything else is no article at all. */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** An article's card columns, its category joined (select from blogPosts left join blogCategories). */
export const summaryColumns = {
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

export function summary(row: SummaryRow, locale: Locale): BlogPostSummary {
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

/** An article's path in both languages (an English slug falls back to the Czech one). */
export function articlePaths(row: { id: number; slugCs: string; slugEn: string | null }): LocalePaths {
  return {
    cs: localePath("blogArticle", "cs", { id: row.id, slug: row.slugCs }),
    en: localePath("blogArticle", "en", { id: row.id, slug: row.slugEn || row.slugCs }),
  };
}

/** Published means a publication time that has come: NULL is a draft, a future time a scheduled article. */
export function published(now: Date): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)) as SQL;
}
