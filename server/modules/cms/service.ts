import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { banners, blogCategories, blogPosts, documents, infoPages } from "./tables.ts";

/** The banner groups the spec names; each is always present in the poster answer, maybe empty. */
export const BANNER_GROUPS = ["banner.promo", "banner.popup_desktop", "banner.popup_mobile"] as const;

export type BannerDto = { id: number; title: string; url: string | null; path: string; image: string };

export function createCmsService(db: Db) {
  return {
    /** Active banners of a language grouped by key; the image is served from `${path}/${image}`. */
    async posters(locale: Locale, now = new Date()): Promise<Record<string, BannerDto[]>> {
      const rows = await db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.locale, locale),
            eq(banners.isActive, true),
            or(isNull(banners.activeFrom), lte(banners.activeFrom, now)),
            or(isNull(banners.activeTo), gt(banners.activeTo, now)),
          ),
        )
        .orderBy(asc(banners.position), asc(banners.id));
      const grouped: Record<string, BannerDto[]> = Object.fromEntries(
        BANNER_GROUPS.map((group) => [group, []]),
      );
      for (const row of rows) {
        grouped[row.groupKey] ??= [];
        grouped[row.groupKey].push({
          id: row.id,
          title: row.title,
          url: row.url,
          path: row.path,
          image: row.image,
        });
      }
      return grouped;
    },

    /**
     * An info page in a language (English falls back to Czech), or null; `slugs` gives its slug in
     * each language, for the hreflang links and the language switcher.
     */
    async infoPage(
      id: number,
      locale: Locale,
    ): Promise<{
      id: number;
      slug: string;
      slugs: Record<Locale, string>;
      title: string;
      body: string;
      updatedAt: Date;
    } | null> {
      const [row] = await db.select().from(infoPages).where(eq(infoPages.id, id)).limit(1);
      if (!row) return null;
      const en = locale === "en";
      return {
        id: row.id,
        slug: (en && row.slugEn) || row.slugCs,
        slugs: { cs: row.slugCs, en: row.slugEn || row.slugCs },
        title: (en && row.titleEn) || row.titleCs,
        body: (en && row.bodyEn) || row.bodyCs,
        updatedAt: row.updatedAt,
      };
    },

    async documents(locale: Locale) {
      const rows = await db.select().from(documents).orderBy(asc(documents.position), asc(documents.id));
      const en = locale === "en";
      return rows.map((row) => ({
        id: row.id,
        title: (en && row.titleEn) || row.titleCs,
        description: (en && row.descriptionEn) || row.descriptionCs,
        url: row.filePath,
        fileName: row.fileName,
        mimeType: row.mimeType,
        sizeBytes: row.sizeBytes,
      }));
    },

    async blogCategories(
      locale: Locale,
    ): Promise<{ id: number; slug: string; name: string; posts_count: number }[]> {
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
        .leftJoin(
          blogPosts,
          and(eq(blogPosts.categoryId, blogCategories.id), isNotNull(blogPosts.publishedAt)),
        )
        .groupBy(blogCategories.id)
        .orderBy(asc(blogCategories.position), asc(blogCategories.id));
      return rows.map((row) => ({
        id: row.id,
        slug: locale === "en" ? row.slugEn || row.slugCs : row.slugCs,
        name: locale === "en" ? row.nameEn || row.nameCs : row.nameCs,
        posts_count: row.postsCount,
      }));
    },
  };
}

export type CmsService = ReturnType<typeof createCmsService>;
