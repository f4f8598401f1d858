import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { banners } from "./tables.ts";

/**
 * The banner groups of the poster call (docs/product/calls-and-errors.md, "The spec's calls"); each
 * is always present in the poster answer, maybe empty.
 */
export const BANNER_GROUPS = ["banner.promo", "banner.popup_desktop", "banner.popup_mobile"] as const;

export type BannerDto = { id: number; title: string; url: string | null; path: string; image: string };

/** Active banners of a language grouped by key; the image is served from `${path}/${image}`. */
export async function posters(
  db: Db,
  locale: Locale,
  now = new Date(),
): Promise<Record<string, BannerDto[]>> {
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
  const grouped: Record<string, BannerDto[]> = Object.fromEntries(BANNER_GROUPS.map((group) => [group, []]));
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
}
