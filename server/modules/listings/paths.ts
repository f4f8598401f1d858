import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { LocalePaths } from "#core/contracts/product.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";

/** What the sitemap lists: pages worth indexing (live ones, and finished auctions as price records). */
export const SITEMAP_PRODUCT_STATUSES: ProductStatus[] = ["active", "ended", "sold"];

/** The text of the locale, the Czech one when there is no English. */
export const pick = (locale: Locale, cs: string, en: string | null) => (locale === "en" && en ? en : cs);

/** A product's detail path in both languages. */
export function productPaths(
  id: number,
  row: { slugCs: string; slugEn: string | null; categorySlugCs: string; categorySlugEn: string | null },
): LocalePaths {
  return {
    cs: localePath("product", "cs", { id, category: row.categorySlugCs, product: row.slugCs }),
    en: localePath("product", "en", {
      id,
      category: row.categorySlugEn || row.categorySlugCs,
      product: row.slugEn || row.slugCs,
    }),
  };
}

/** `k***l`: enough to tell bidders apart in the history, not enough to identify them. */
export function maskUsername(username: string): string {
  const chars = [...username];
  if (chars.length <= 2) return `${chars[0] ?? "?"}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
