import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { noShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import { banners } from "./tables.ts";

/**
 * The banner groups of the poster call (docs/product/calls-and-errors.md, "The spec's calls"); each
 * is always present in the poster answer, maybe empty.
 */
export const BANNER_GROUPS = ["banner.promo", "banner.popup_desktop", "banner.popup_mobile"] as const;

export type BannerDto = { id: number; title: string; url: string | null; path: string; image: string };

type ScheduledBanner = BannerDto & { groupKey: string; activeFrom: Date | null; activeTo: Date | null };

/**
 * A language's active banners that have not ended by `now`, those that start later included: the
 * schedule is applied when they are shown.
 */
async function readBanners(db: Db, locale: Locale, now: Date): Promise<ScheduledBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.locale, locale),
        eq(banners.isActive, true),
        or(isNull(banners.activeTo), gt(banners.activeTo, now)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.url,
    path: row.path,
    image: row.image,
    groupKey: row.groupKey,
    activeFrom: row.activeFrom,
    activeTo: row.activeTo,
  }));
}

/**
 * The poster call's banners: a language's active banners, read once into memory and dropped when a
 * banner changes, whoever changes it (`cache`, server/db/notify-cache.ts). Their schedules (from,
 * to) are applied at each read, so a banner appears and goes at its time without any change.
 */
export function createPosters(db: Db, cache: ShellDataCache = noShellDataCache) {
  const scheduled = cache.cached("banners", (locale: Locale) => readBanners(db, locale, new Date()));
  /**
   * Active banners of a language grouped by key; the image is served from `${path}/${image}`.
   * `now` is the present or later (a banner that ended before it was read is not kept).
   */
  return async function posters(locale: Locale, now = new Date()): Promise<Record<string, BannerDto[]>> {
    const grouped: Record<string, BannerDto[]> = Object.fromEntries(
      BANNER_GROUPS.map((group) => [group, []]),
    );
    for (const banner of await scheduled(locale)) {
      if (banner.activeFrom !== null && banner.activeFrom > now) continue;
      if (banner.activeTo !== null && banner.activeTo <= now) continue;
      grouped[banner.groupKey] ??= [];
      grouped[banner.groupKey].push({
        id: banner.id,
        title: banner.title,
        url: banner.url,
        path: banner.path,
        image: banner.image,
      });
    }
    return grouped;
  };
}
