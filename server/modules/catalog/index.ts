/*
 * The catalogue (ADR 0071): the category tree, the brands and the package kinds, and the back
 * office's pages for them. It owns the tables `categories`, `category_slug_history`, `brands` and
 * `packages`; what it needs to know about the products filed in it comes through the port of
 * contracts.ts (`CatalogProducts`), which server/wiring fills with the listings module's functions.
 * Other modules join a product with its category through the named fragment `categoryColumnSql`.
 */

export { descendantsOf } from "./admin/category-reads.ts";
export {
  type Actor,
  type AdminOutcome,
  auditEntry,
  done,
  fieldError,
  fieldErrors,
  notFound,
  refused,
} from "./admin/outcomes.ts";
export {
  type AdminCategoryRow,
  BRAND_SORTS,
  type BrandRow,
  type CatalogAdmin,
  createCatalogAdmin,
  type PackageRow,
} from "./admin/service.ts";
export { BRAND_NAME_MAX, brandNameKey, cleanBrandName } from "./brand.ts";
export { categoryLinkOf, categoryPath, type PathCategory } from "./category-path.ts";
export { type CategorySummary, categoryChains, categorySummaries } from "./category-summaries.ts";
export { buildCategoryTree, type CategoryNode, MAX_CATEGORY_DEPTH } from "./category-tree.ts";
export type { CatalogProducts, FormOptions, SearchTextScope } from "./contracts.ts";
export { descendants, formOptions, loadCategories } from "./form-options.ts";
export { filingOptions, filingProblem } from "./listing-filing.ts";
export {
  allCategoryNames,
  brandById,
  brandByName,
  brandNameSql,
  categoryById,
  categoryColumnSql,
  ensureBrand,
  packageById,
  rootCategoryOf,
} from "./lookups.ts";
export { isCategoryPremoderated, setCategoryPremoderation } from "./premoderation.ts";
export {
  allowedTypos,
  type CategoryNames,
  categoryPathNames,
  editDistance,
  isTypoOf,
  MAX_QUERY_TOKENS,
  type ProductSearchFields,
  productSearchName,
  productSearchText,
  searchText,
  searchTokens,
} from "./search-text.ts";
