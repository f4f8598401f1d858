import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import type { ProductReads } from "./ports.ts";

export type ProductLink = { name: Record<Locale, string>; href: Record<Locale, string> };

/** A product's name and detail path in both languages (system messages render in either). */
export async function productLinks(
  products: ProductReads,
  executor: Db,
  productIds: number[],
): Promise<Map<number, ProductLink>> {
  const links = new Map<number, ProductLink>();
  if (productIds.length === 0) return links;
  const found = await products.productSummaries(executor, productIds);
  for (const row of found.values()) {
    if (row.categorySlugCs === null) continue;
    links.set(row.id, {
      name: { cs: row.nameCs, en: row.nameEn || row.nameCs },
      href: {
        cs: localePath("product", "cs", { id: row.id, category: row.categorySlugCs, product: row.slugCs }),
        en: localePath("product", "en", {
          id: row.id,
          category: row.categorySlugEn || row.categorySlugCs,
          product: row.slugEn || row.slugCs,
        }),
      },
    });
  }
  return links;
}
