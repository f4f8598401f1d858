import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { documents, infoPages } from "./tables.ts";

/** The operator's info pages and downloadable documents; English falls back to Czech. */

export type InfoPage = {
  id: number;
  slug: string;
  slugs: Record<Locale, string>;
  title: string;
  body: string;
  updatedAt: Date;
};

type PageTexts = {
  id: number;
  slugCs: string;
  slugEn: string | null;
  titleCs: string;
  titleEn: string | null;
  bodyCs: string;
  bodyEn: string | null;
  updatedAt: Date;
};

/** A page's texts in a language (English falls back to Czech), the way /info/{id}/{slug} shows them. */
export function pageIn(row: PageTexts, locale: Locale): InfoPage {
  const en = locale === "en";
  return {
    id: row.id,
    slug: (en && row.slugEn) || row.slugCs,
    slugs: { cs: row.slugCs, en: row.slugEn || row.slugCs },
    title: (en && row.titleEn) || row.titleCs,
    body: (en && row.bodyEn) || row.bodyCs,
    updatedAt: row.updatedAt,
  };
}

/**
 * A published info page in a language, or null (never published or no such page); `slugs` gives
 * its slug in each language, for the hreflang links and the language switcher. A draft never shows.
 */
export async function infoPage(db: Db, id: number, locale: Locale): Promise<InfoPage | null> {
  const [row] = await db
    .select()
    .from(infoPages)
    .where(and(eq(infoPages.id, id), isNotNull(infoPages.publishedAt)))
    .limit(1);
  return row ? pageIn(row, locale) : null;
}

/** The documents page's files in their order. */
export async function documentList(db: Db, locale: Locale) {
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
}
