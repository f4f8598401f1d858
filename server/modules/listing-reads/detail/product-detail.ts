import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import { wentLiveAt } from "./feed-dates.ts";
import type { ProductPagePorts } from "./ports.ts";
import { createProductPage } from "./product-page.ts";
import { canonicalPath, productStates } from "./product-states.ts";
import { sitemapCategories, sitemapProductStats, sitemapProducts } from "./sitemap.ts";

export type { ProductDetail, ProductState } from "#core/contracts/product.ts";
export { maskUsername } from "#server/modules/listings/index.ts";
export type { PageAccount, ProductPagePorts } from "./ports.ts";
export type { SitemapEntry } from "./sitemap.ts";

/**
 * What the public sees of a product (services.productPages): its detail page, its canonical path,
 * the states of watched products and the sitemap. The bids, the accounts and the ratings shown on
 * the page come from their modules through `ports`.
 */
export function createProductDetailService(
  db: Db,
  settings: Pick<SettingsService, "get">,
  ports: ProductPagePorts,
) {
  return {
    productDetail: createProductPage(db, settings, ports),
    canonicalPath: (id: number, locale: Locale) => canonicalPath(db, id, locale),
    productStates: (ids: number[]) => productStates(db, ids),
    sitemapCategories: () => sitemapCategories(db),
    sitemapProductStats: () => sitemapProductStats(db),
    sitemapProducts: (page?: { offset?: number; limit?: number }) => sitemapProducts(db, page),
    /** When each product went live, by id (a feed's entry dates). */
    wentLiveAt: (ids: number[]) => wentLiveAt(db, ids),
  };
}

export type ProductDetailService = ReturnType<typeof createProductDetailService>;
