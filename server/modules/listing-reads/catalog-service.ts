import { eq, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { noShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import { buildCategoryTree, type CategoryNode, type SearchTextScope } from "#server/modules/catalog/index.ts";
import { categories } from "#server/modules/catalog/tables.ts";
import type { TermsIndex } from "#server/modules/listing-attributes/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { type ActiveCategoryRow, activeCategories } from "./browse/categories.ts";
import { createListingQueries } from "./browse/listing-queries.ts";

/** The active categories as a language's tree, from one statement. */
async function readCategoryTree(db: Db, locale: Locale): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      position: categories.position,
      slugCs: categories.slugCs,
      slugEn: categories.slugEn,
      nameCs: categories.nameCs,
      nameEn: categories.nameEn,
    })
    .from(categories)
    .where(eq(categories.isActive, true));
  return buildCategoryTree(
    rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      position: row.position,
      // Missing English content falls back to Czech (docs/product/screens.md, "Audience and layouts").
      slug: locale === "en" ? row.slugEn || row.slugCs : row.slugCs,
      name: locale === "en" ? row.nameEn || row.nameCs : row.nameCs,
    })),
  );
}

/**
 * The catalogue's reads for the site. The category tree is on every page: each language's tree is
 * read once into memory and dropped when a category changes, whoever changes it (`cache`,
 * server/db/notify-cache.ts); the tree returned is shared and frozen. The listings, search and
 * autocomplete read `readDb` (a replica's reads, a second stale, ADR 0099); what is kept in
 * memory until a change (the tree, the category rows) and the seller's own counts read `db`.
 * `termsIndex`: the live listing terms in memory, for pages filtered by attributes (ADR 0129).
 */
export function createCatalogService(
  db: Db,
  cache: ShellDataCache = noShellDataCache,
  refreshSearchText: (db: Db, scope: SearchTextScope) => Promise<unknown> = async () => undefined,
  readDb: Db = db,
  termsIndex?: TermsIndex,
) {
  const tree = cache.cached("categories", (locale: Locale) => readCategoryTree(db, locale));
  // The rows behind a category page's path and a listing's branch: two statements a page before.
  const rows = cache.cached("categories", (_all: "all") => activeCategories(db));
  const listing = createListingQueries(readDb, () => rows("all"), termsIndex);
  return {
    /** A page of product cards for a listing or search (listing.ts). */
    listProducts: listing.listProducts,
    /** The cards of listProducts' page without counting the list (sections that show no total). */
    listCards: listing.listCards,
    /** The cards of given ids and how many of them pass the query (a bottling's listings on sale). */
    givenCards: listing.givenCards,
    /** Brands and packages among a listing's products, with counts. */
    listingFacets: listing.listingFacets,
    /** listProducts and listingFacets of one query at once, in fewer statements (listing pages). */
    listingPage: listing.listingPage,
    /** The category of a category page, with its path and subcategories; null if none or inactive. */
    findCategory: listing.findCategory,
    /** Up to 8 products and 5 categories for the search box. */
    autocomplete: listing.autocomplete,
    /**
     * Recomputes the search text of the products in scope; call it after changing a product's
     * texts, renaming a brand (scope brandIds) or a category (scope categoryIds: its whole branch).
     * The listings module writes the text; server/wiring passes its function in.
     */
    refreshSearchText: (scope: SearchTextScope) => refreshSearchText(db, scope),

    /** The active categories as a tree in a language (the menu, the sidebar). */
    categoryTree: (locale: Locale): Promise<CategoryNode[]> => tree(locale),

    /** The active categories' rows as kept in memory (a product page's category path). */
    activeCategoryRows: (): Promise<readonly ActiveCategoryRow[]> => rows("all"),

    /**
     * The seller's listing counts for the account menu: `active` listings now live, `started`
     * live auctions that already have a bid, `total` every listing the user has made.
     */
    async advertisementStatistics(
      userId: number,
    ): Promise<{ active: number; started: number; total: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`count(*) filter (where ${products.status} = 'active')::int`,
          started: sql<number>`count(*) filter (where ${products.status} = 'active' and ${products.format} = 'auction' and ${products.bidCount} > 0)::int`,
        })
        .from(products)
        .where(eq(products.sellerId, userId));
      return { active: row?.active ?? 0, started: row?.started ?? 0, total: row?.total ?? 0 };
    },

    async productExists(productId: number): Promise<boolean> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
