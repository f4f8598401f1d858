/**
 * Structured attributes of listings (issue 37, item 1; ADR 0090; docs/product/collector-data.md).
 * It owns `listing_attribute_definitions` (per category subtree, inherited down it) and
 * `listing_attribute_values` (per listing and key) with `live_attribute_values` (the live listings'
 * copy with their category, kept by triggers: ADR 0098) and `live_attribute_counts` (their counts
 * per category and value, kept by triggers: ADR 0104); its tables stay inside.
 *
 *   hook: ListingAttributesHook        the listings' submission: values checked, normalised, saved, copied on relist
 *   attributeValuesOf(productIds) -> Map<productId, Record<key, string | number | boolean>>
 *                                      the batch read other modules get through a port (the fill
 *                                      level is the evidence's, its piece of SQL `fillLevels` in the same statement)
 *   describe(categoryId, values, locale) -> AttributeRow[]   values with labels and units (a bottling page)
 *   rowsOf(productId, categoryId, locale)                    the product page's table, the API
 *   formData(categoryIds, locale), formValuesOf(productId)   the listing form
 *   allDefinitions(db)                 every definition, kept in memory until a change (the listing pages' facets)
 *   createTermsIndex(...)              `live_listing_terms` in this process's memory, heard changing
 *                                      through NOTIFY: filtered pages matched and counted there (ADR 0129)
 */
export { allDefinitions, definitionsByCategory, definitionsFor } from "./definitions.ts";
export {
  type AttributeScope,
  attributeConditionSql,
  attributeFacetCountsSql,
  hasAnyAttributeSql,
  LISTED_KEYS,
  liveMatchesSql,
  liveSampleBrandsSql,
  maintainedAttributeCountsSql,
  type TermsFilters,
  termsFacetCountsSql,
  termsNewestSql,
} from "./facet-sql.ts";
export {
  createListingAttributesService,
  type FillLevelRows,
  type ListingAttributesDeps,
  type ListingAttributesService,
} from "./service.ts";
export {
  type MemoryFacetRequest,
  memoryFacets,
  memoryNewest,
  memoryOverHits,
  memoryTotal,
  spelled,
  worthMemory,
} from "./terms-facets.ts";
export { createTermsIndex, LIVE_LISTING_TERMS_CHANNEL, type TermsIndex } from "./terms-index.ts";
export type { TermsMemory } from "./terms-memory.ts";
export { facetKeyOf } from "./values.ts";
