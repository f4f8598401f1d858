import type { ListingQuery } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { TermsIndex } from "#server/modules/listing-attributes/index.ts";
import { autocomplete } from "./autocomplete.ts";
import { activeCategories, type CategoryRows, findCategory } from "./categories.ts";
import { givenCards, listCards, listingFacets, listingPage, listProducts } from "./pages.ts";

/**
 * Catalogue listings and search (issue 4): the category page, the auction lists, new and sale
 * products, search and its autocomplete. Every page of cards costs two statements whatever its size
 * (the rows, the count): the page of ids is chosen first and only those rows are joined to their
 * image, brand, category and seller. The parts: filters.ts (the conditions), sort.ts, cards.ts,
 * facets.ts, pages.ts, search-plan.ts and search-page.ts (search), categories.ts, autocomplete.ts.
 * `categoryRows` gives the active categories (a category page's path, a listing's branch): the
 * catalogue service passes the copy kept in memory (shell data, ADR 0028). `termsIndex`: the live
 * listing terms in memory, for the pages filtered by attributes (ADR 0129).
 */
export function createListingQueries(
  db: Db,
  categoryRows: CategoryRows = () => activeCategories(db),
  termsIndex?: TermsIndex,
) {
  return {
    listProducts: (query: ListingQuery) => listProducts(db, query, categoryRows, termsIndex),
    listCards: (query: ListingQuery) => listCards(db, query, categoryRows, termsIndex),
    givenCards: (query: ListingQuery & { ids: number[] }) => givenCards(db, query, categoryRows),
    listingFacets: (query: ListingQuery) => listingFacets(db, query, categoryRows, termsIndex),
    listingPage: (query: ListingQuery) => listingPage(db, query, categoryRows, termsIndex),
    findCategory: (id: number, locale: Locale) => findCategory(categoryRows, id, locale),
    autocomplete: (q: string, locale: Locale) => autocomplete(db, q, locale),
  };
}

export type ListingQueries = ReturnType<typeof createListingQueries>;
