import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { noShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import { createPosters } from "./banners.ts";
import { blogCategoriesWithCounts } from "./blog-categories.ts";
import { documentList, infoPage } from "./pages.ts";

export { BANNER_GROUPS, type BannerDto } from "./banners.ts";

/**
 * The operator's content around the shop: banners, info pages, documents, the blog's categories.
 * The banners, on every page, are kept in memory until they change (`cache`, banners.ts).
 */
export function createCmsService(db: Db, cache: ShellDataCache = noShellDataCache) {
  return {
    /** Active banners of a language grouped by key; the image is served from `${path}/${image}`. */
    posters: createPosters(db, cache),
    /** An info page in a language (English falls back to Czech), or null. */
    infoPage: (id: number, locale: Locale) => infoPage(db, id, locale),
    documents: (locale: Locale) => documentList(db, locale),
    blogCategories: (locale: Locale) => blogCategoriesWithCounts(db, locale),
  };
}

export type CmsService = ReturnType<typeof createCmsService>;
